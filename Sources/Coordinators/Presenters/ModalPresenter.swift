import Observation

/// A headless modal surface: screens presented one over another, with a swipe-down gesture.
///
/// `flow.present(_:on:)` presents over whatever is shown. `userDismiss()` does what a
/// person's swipe down does: the top presentation reports `.byUser`. The state is plain
/// values (`state.modals`), published through Observation and awaitable with
/// `waitUntil(_:)`. Not bound to the main actor.
///
/// ```text
///   base ──present(A)──▶ [A] ──present(B)──▶ [A, B] ──userDismiss()──▶ [A]   (B: .byUser)
/// ```
public final class ModalPresenter: Presenter, Observable {
    /// The modal chain as plain values.
    public struct State: Sendable, Hashable {
        /// The presentations shown, the first over the base, each later one over the one before.
        public var modals: [Presentation] = []

        /// The topmost presentation: what is visible.
        public var top: Presentation? { modals.last }

        /// The screens' names, bottom first.
        public var screenNames: [String] { modals.map(\.screen.screenName) }
    }

    /// A name for logs and snapshots.
    public let name: String
    private let store = HeadlessStore(State())
    private let registrar = ObservationRegistrar()

    /// Creates a modal surface with nothing presented over its base.
    public init(name: String = "modal") { self.name = name }

    /// The current modal chain.
    public var state: State {
        registrar.access(self, keyPath: \.state)
        return store.state
    }

    /// The presentations shown, bottom first.
    public var modals: [Presentation] { state.modals }

    /// Returns once `condition` holds for the chain (at once if it holds now).
    ///
    /// `condition` is evaluated after each change, outside the presenter's lock (it may read
    /// the presenter), possibly on another thread; keep it quick and free of side effects.
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError`.
    public func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await store.waitUntil(condition)
    }

    /// Presents `presentation` over the top of the chain. Called by the runtime.
    ///
    /// Cancellation: applied at once; not affected.
    public func present(_ presentation: Presentation) async throws {
        try change { $0.modals.append(presentation) }
    }

    /// Dismisses `presentation` and, as UIKit does, everything presented over it; those
    /// report `.byCoordinator`. Called by the runtime.
    ///
    /// Cancellation: applied at once; not affected.
    public func dismiss(_ presentation: Presentation, reason: DismissalReason) async throws {
        let above = try change { state -> [Presentation] in
            guard let index = state.modals.lastIndex(of: presentation) else { return [] }
            defer { state.modals.removeSubrange(index...) }
            return Array(state.modals[(index + 1)...])
        }
        above.reportDismissals(.byCoordinator)
    }

    /// Does what a person's swipe down does: dismisses the top presentation, which
    /// reports `.byUser`.
    ///
    /// Throws `CoordinatorError` `nothingToDismiss` if nothing is presented.
    /// Cancellation: applied at once; not affected.
    public func userDismiss() async throws {
        let top = try change { state throws(CoordinatorError) -> Presentation in
            guard let top = state.modals.popLast() else {
                throw CoordinatorError(
                    .nothingToDismiss, "userDismiss() was called on \(name), which presents nothing.")
            }
            return top
        }
        top.reportDismissal(.byUser)
    }

    private func change<Result>(_ body: (inout State) throws(CoordinatorError) -> Result) throws -> Result {
        try registrar.withMutation(of: self, keyPath: \.state) {
            try store.mutate(body)
        }
    }
}
