import Observation

/// A headless navigation stack: push, pop, pop to, set stack; with a back gesture.
///
/// `flow.present(_:on:)` pushes. The state is plain values (`state.stack`), published
/// through Observation so a SwiftUI view can bind to it, and awaitable with
/// `waitUntil(_:)`. `userPop()` and `userPop(to:)` do what a person's back button or swipe
/// does: the presentations removed report `.byUser`, which ends any coordinator whose main
/// screen was among them.
///
/// It is not bound to the main actor; call it from anywhere. Each operation is applied
/// atomically, in the order the calls arrive.
///
/// ```text
///   [Home] ──present(Detail)──▶ [Home, Detail] ──userPop()──▶ [Home]   (Detail: .byUser)
/// ```
public final class NavigationPresenter: Presenter, Observable {
    /// The stack as plain values.
    public struct State: Sendable, Hashable {
        /// The presentations on the stack, root first.
        public var stack: [Presentation] = []

        /// The top of the stack: what is visible.
        public var top: Presentation? { stack.last }

        /// The screens' names, root first — handy in assertions and logs.
        public var screenNames: [String] { stack.map(\.screen.screenName) }
    }

    /// A name for logs and snapshots.
    public let name: String
    private let store = HeadlessStore(State())
    private let registrar = ObservationRegistrar()

    /// Creates an empty stack.
    public init(name: String = "navigation") { self.name = name }

    /// The current stack.
    public var state: State {
        registrar.access(self, keyPath: \.state)
        return store.state
    }

    /// The presentations on the stack, root first.
    public var stack: [Presentation] { state.stack }

    /// Returns once `condition` holds for the stack (at once if it holds now).
    ///
    /// `condition` is evaluated after each change, outside the presenter's lock (it may read
    /// the presenter), possibly on another thread; keep it quick and free of side effects.
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError`.
    public func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await store.waitUntil(condition)
    }

    // MARK: Presenter

    /// Pushes `presentation` (the first becomes the root). Called by the runtime.
    ///
    /// Cancellation: applied at once; not affected.
    public func present(_ presentation: Presentation) async throws {
        try change { $0.stack.append(presentation) }
    }

    /// Removes `presentation` from wherever it is in the stack. Called by the runtime.
    ///
    /// Cancellation: applied at once; not affected.
    public func dismiss(_ presentation: Presentation, reason: DismissalReason) async throws {
        try change { state in
            if let index = state.stack.lastIndex(of: presentation) {
                state.stack.remove(at: index)
            }
        }
    }

    // MARK: Coordinator operations

    /// Pops the top presentation; it reports `.byCoordinator`.
    ///
    /// Throws `CoordinatorError` `nothingToPop` if the stack is empty.
    /// Cancellation: applied at once; not affected.
    public func pop() async throws {
        try popAll(reason: .byCoordinator) { stack throws(CoordinatorError) in
            guard !stack.isEmpty else {
                throw CoordinatorError(.nothingToPop, "pop() was called on \(name), whose stack is empty.")
            }
            return stack.count - 1
        }
    }

    /// Pops every presentation above `presentation`; they report `.byCoordinator`, most
    /// recent first.
    ///
    /// Throws `CoordinatorError` `notInStack` if `presentation` is not on this stack.
    /// Cancellation: applied at once; not affected.
    public func pop(to presentation: Presentation) async throws {
        try popAll(reason: .byCoordinator) { stack throws(CoordinatorError) in
            try index(of: presentation, in: stack, operation: "pop(to:)") + 1
        }
    }

    /// Pops everything above the root; it all reports `.byCoordinator`.
    ///
    /// Throws `CoordinatorError` `nothingToPop` if the stack is empty.
    /// Cancellation: applied at once; not affected.
    public func popToRoot() async throws {
        try popAll(reason: .byCoordinator) { stack throws(CoordinatorError) in
            guard !stack.isEmpty else {
                throw CoordinatorError(.nothingToPop, "popToRoot() was called on \(name), whose stack is empty.")
            }
            return 1
        }
    }

    // MARK: User gestures

    /// Does what the back button or a completed swipe back does: pops the top presentation,
    /// which reports `.byUser`.
    ///
    /// Throws `CoordinatorError` `nothingToPop` if the stack holds less than two
    /// presentations (the root has no back button).
    /// Cancellation: applied at once; not affected.
    public func userPop() async throws {
        try popAll(reason: .byUser) { stack throws(CoordinatorError) in
            guard stack.count >= 2 else {
                throw CoordinatorError(
                    .nothingToPop,
                    "userPop() was called on \(name) with \(stack.count) presentation(s); a person can only go back "
                        + "when there is a screen below the top one.")
            }
            return stack.count - 1
        }
    }

    /// Does what a long press on the back button does: pops every presentation above
    /// `presentation`; they report `.byUser`, most recent first.
    ///
    /// Throws `CoordinatorError` `notInStack` if `presentation` is not on this stack.
    /// Cancellation: applied at once; not affected.
    public func userPop(to presentation: Presentation) async throws {
        try popAll(reason: .byUser) { stack throws(CoordinatorError) in
            try index(of: presentation, in: stack, operation: "userPop(to:)") + 1
        }
    }

    // MARK: Internals

    /// Replaces the whole stack; returns what was removed. Used by `Flow.setStack`.
    func replaceStack(with presentations: [Presentation]) -> [Presentation] {
        // The closure cannot throw.
        (try? change { state in
            let removed = state.stack.filter { !presentations.contains($0) }
            state.stack = presentations
            return removed
        }) ?? []
    }

    private func popAll(
        reason: DismissalReason,
        keepingCount: (_ stack: [Presentation]) throws(CoordinatorError) -> Int
    ) throws {
        let removed = try change { state throws(CoordinatorError) in
            let keep = try keepingCount(state.stack)
            defer { state.stack.removeSubrange(keep...) }
            return Array(state.stack[keep...])
        }
        removed.reportDismissals(reason)
    }

    private func index(
        of presentation: Presentation, in stack: [Presentation], operation: String
    ) throws(CoordinatorError) -> Int {
        guard let index = stack.lastIndex(of: presentation) else {
            throw CoordinatorError(
                .notInStack,
                "\(operation) was given \(presentation), which is not on \(name) (stack: \(stack.map(\.description))). "
                    + "Pop only to a presentation that is still on this stack.")
        }
        return index
    }

    private func change<Result>(_ body: (inout State) throws(CoordinatorError) -> Result) throws -> Result {
        try registrar.withMutation(of: self, keyPath: \.state) {
            try store.mutate(body)
        }
    }
}

extension Flow {
    /// Replaces the whole stack of `navigation` with presentations of `screens`, owned by
    /// this coordinator, and returns them. What was on the stack before reports
    /// `.replaced`, most recent first — which ends the other coordinators whose main screen
    /// it was. If it held this coordinator's own main screen, the first new presentation
    /// becomes its main one, so the coordinator goes on with its new stack.
    ///
    /// Throws `CoordinatorError` `flowEnded` after the flow ended.
    ///
    /// Cancellation: if the calling task is already cancelled, throws `CancellationError`
    /// and changes nothing.
    @discardableResult
    public func setStack(_ screens: [any Screen], on navigation: NavigationPresenter) async throws -> [Presentation] {
        try Task.checkCancellation()
        let replacesOwnMain = navigation.stack.contains { $0.owner === node && $0.isMain }
        let presentations = try node.makePresentations(
            screens, on: navigation, firstRole: replacesOwnMain ? .main : .automatic)
        navigation.replaceStack(with: presentations).reportDismissals(.replaced)
        for presentation in presentations {
            try await node.didPresent(presentation)
        }
        return presentations
    }
}
