import Observation

/// A headless modal surface: screens presented one over another, with a swipe-down gesture.
///
/// `flow.present(_:on:)` presents over whatever is shown. `userDismiss()` does what a
/// person's swipe down does: the top presentation reports `.byUser` — after asking the
/// confirmation its coordinator set, if any (`Presentation.setUserDismissalConfirmation(_:)`).
/// The state is plain values (`state.modals`), published through Observation and awaitable
/// with `waitUntil(_:)`. Not bound to the main actor.
///
/// ```text
///   base ──present(A)──▶ [A] ──present(B)──▶ [A, B] ──userDismiss()──▶ [A]   (B: .byUser)
/// ```
public final class ModalPresenter: Presenter, Observable {
    /// The modal chain as plain values.
    public struct State: Sendable, Hashable, StackState {
        /// The presentations shown, the first over the base, each later one over the one before.
        public var modals: [Presentation] = []
        /// What a person's swipe down in progress would dismiss (see `beginUserDismiss()`);
        /// empty when no gesture is in progress.
        public var gestureInProgress: [Presentation] = []
        /// Counts the changes applied to this chain; each operation that changes it adds one.
        public var revision = 0
        /// Which of those changes were animated.
        public var animation = AnimationRecord()

        mutating func recordChange(animated: Bool) { animation.record(animated: animated) }

        var stack: [Presentation] {
            get { modals }
            set { modals = newValue }
        }
    }

    /// A name for logs and snapshots.
    public let name: String
    private let store = HeadlessStore(State())

    /// Creates a modal surface with nothing presented over its base.
    public init(name: String = "modal") { self.name = name }

    /// The current modal chain.
    public var state: State { store.observed }

    /// The presentations shown, bottom first.
    public var modals: [Presentation] { state.modals }

    /// Returns once `condition` holds for the chain (at once if it holds now); see
    /// "Waiting for a state" in `Guides/Presenters.md`. `condition` is re-checked after each
    /// change of the chain, and of the presentations it shows (`isPresented`, `isAnswered`,
    /// `dismissalReason`), so it may read their state.
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError`.
    public func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await store.waitUntil(condition)
    }

    /// Presents `presentation` over the top of the chain, at once. Called by the runtime.
    ///
    /// Cancellation: none; it applies at once.
    public func present(_ presentation: Presentation, animated: Bool) async throws {
        store.push(presentation, listener: self, animated: animated)
    }

    /// `true`: every presentation covers what is shown (a guard against hiding is asked).
    public var nextPresentCovers: Bool { true }

    /// Accepts every style but `.push` (throws `CoordinatorError` `unsupportedOptions`), and
    /// detents for a sheet; keeps them in each presentation's `options`. A popover is kept
    /// as a modal, as one adapts to a sheet in compact width. A presentation that does not
    /// allow interactive dismissal refuses `userDismiss()` (returns `false`).
    public func check(_ options: PresentationOptions) throws(CoordinatorError) {
        try OptionsRules.check(options, on: .modal, named: name)
    }

    /// Dismisses `presentation` and, as UIKit does, everything presented over it, at once;
    /// those report `.byCoordinator`. Called by the runtime.
    ///
    /// Cancellation: none; it applies at once.
    public func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws {
        store.remove(presentation, animated: animated, takingAbove: { _ in true })
    }

    /// Dismisses `removed` and, as UIKit does, everything presented over the lowest of them,
    /// then presents `added` over what remains, one over another — as one change of the chain
    /// (one revision): several modal layers leave in one step. The runtime records the
    /// removed ones' dismissals; those taken with them report `.byCoordinator`. Called by the
    /// runtime for a route change, a link's steps or a restoration (see
    /// `Presenter.transition`).
    ///
    /// Throws `CoordinatorError` `notInStack`, changing nothing, if an added presentation is
    /// not a new one made for this presenter, or is given twice.
    ///
    /// Cancellation: none; it applies at once.
    public func transition(
        removing removed: [Presentation], adding added: [Presentation], animated: Bool
    ) async throws(CoordinatorError) {
        let above = try store.update(animated: animated) {
            state throws(CoordinatorError) -> ([Presentation], changed: Bool) in
            try StackRules.checkReplacement(added, of: [], shownBy: self, on: name)
            let leaving = Set(removed)
            var above: [Presentation] = []
            let lowest = state.modals.firstIndex(where: leaving.contains)
            if let lowest {
                above = state.modals[lowest...].filter { !leaving.contains($0) }
                state.modals.removeSubrange(lowest...)
            }
            for presentation in added { presentation.setListener(self) }
            state.modals += added
            return (above, changed: lowest != nil || !added.isEmpty)
        }
        above.reportDismissals(.byCoordinator)
    }

    /// Does what a person's swipe down does: dismisses the top presentation, which
    /// reports `.byUser`. Returns `false`, changing nothing, if its confirmation refused
    /// (or the chain changed while it was being confirmed), or if its options do not allow
    /// interactive dismissal (an alert with no cancel button).
    ///
    /// Throws `CoordinatorError` `nothingToDismiss` if nothing is presented,
    /// `gestureInProgress` while an interactive gesture has not ended.
    ///
    /// Cancellation: a confirmation runs in the calling task and sees its cancellation; if
    /// it throws, the gesture is refused.
    @discardableResult
    public func userDismiss() async throws(CoordinatorError) -> Bool {
        try await store.removeTopByUser(keeping: 0) { modals throws(CoordinatorError) in
            try topCount(modals)
        }
    }

    /// A person starts swiping the top presentation down: returns the gesture, to
    /// `complete()` (as `userDismiss()`) or `cancel()` (nothing is reported). Meanwhile
    /// `state.gestureInProgress` holds the top presentation.
    ///
    /// Throws `CoordinatorError` `nothingToDismiss` if nothing is presented,
    /// `gestureInProgress` if another gesture has not ended.
    public func beginUserDismiss() throws(CoordinatorError) -> UserGesture {
        try store.beginUserGesture(keeping: 0) { modals throws(CoordinatorError) in
            try topCount(modals)
        }
    }

    /// Does what a person dragging the top sheet to `detent` does: the presentation reports
    /// the change (`Presentation.reportDetentChange(_:)`), which its coordinator observes.
    /// Returns `false` if the sheet rests there already.
    ///
    /// Throws `CoordinatorError` `nothingToDismiss` if nothing is presented, `noSuchDetent`
    /// if the top presentation's options do not list `detent`.
    @discardableResult
    public func userSelectDetent(_ detent: SheetDetents.Detent) throws(CoordinatorError) -> Bool {
        try store.dragSheet(store.state.modals.last, to: detent, on: name)
    }

    private func topCount(_ modals: [Presentation]) throws(CoordinatorError) -> Int {
        guard !modals.isEmpty else {
            throw CoordinatorError(.nothingToDismiss, "A swipe down was made on \(name), which presents nothing.")
        }
        return 1
    }
}

extension ModalPresenter: PresentationListener {
    /// A presentation it received changed (see `PresentationListener`): its waiters re-check.
    func presentationDidChange() { store.presentationDidChange() }
}
