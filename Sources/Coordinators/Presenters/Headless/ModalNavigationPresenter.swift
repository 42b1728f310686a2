import Observation

/// A headless modal that hosts its own navigation stack: the first presentation is the
/// stack's root and brings the modal up, later ones are pushed; a swipe down dismisses the
/// whole stack.
///
/// It behaves as a `NavigationPresenter` inside a modal: the same pops and back gestures,
/// and the same state (`state.stack`). In addition, `userDismiss()` does what a person's
/// swipe down does — every presentation on the stack reports `.byUser`, most recent first,
/// after their confirmations agreed — and dismissing the root (its coordinator's
/// `flow.dismiss`, or its teardown) takes the whole modal away, the presentations above
/// reporting `.byCoordinator`. Not bound to the main actor.
///
/// ```text
///   (none) ──present(A)──▶ modal [A] ──present(B)──▶ modal [A, B] ──userDismiss()──▶ (none)
///                                                                   (B, A: .byUser)
/// ```
public final class ModalNavigationPresenter: Presenter, Observable {
    /// The modal's stack as plain values; empty while the modal is not shown.
    public typealias State = NavigationPresenter.State

    /// A name for logs and snapshots.
    public let name: String
    private let store = HeadlessStore(State())

    /// Creates a modal navigation that is not shown yet.
    public init(name: String = "modal navigation") { self.name = name }

    /// The current stack.
    public var state: State { store.read(self, \.state) }

    /// The presentations on the modal's stack, root first.
    public var stack: [Presentation] { state.stack }

    /// Whether the modal is up: its stack is not empty.
    public var isShown: Bool { !state.stack.isEmpty }

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

    /// Shows the modal with `presentation` as its root, or pushes it if the modal is up.
    /// Called by the runtime.
    ///
    /// Cancellation: applied at once; not affected.
    public func present(_ presentation: Presentation) async throws {
        store.push(presentation, on: self, \.state)
    }

    /// Removes `presentation`; if it is the root, the whole modal goes, and the
    /// presentations above it report `.byCoordinator`. Called by the runtime.
    ///
    /// Cancellation: applied at once; not affected.
    public func dismiss(_ presentation: Presentation, reason: DismissalReason) async throws {
        store.remove(presentation, on: self, \.state, takingAbove: { index in index == 0 })
    }

    // MARK: Coordinator operations

    /// Pops the top presentation; it reports `.byCoordinator`. Popping the root closes
    /// the modal.
    ///
    /// Throws `CoordinatorError` `nothingToPop` if the modal is not shown.
    /// Cancellation: applied at once; not affected.
    public func pop() async throws(CoordinatorError) {
        try store.popAll(on: self, \.state, reason: .byCoordinator) { stack throws(CoordinatorError) in
            try StackRules.topCount(stack, on: name, operation: "pop()")
        }
    }

    /// Pops every presentation above `presentation`; they report `.byCoordinator`.
    ///
    /// Throws `CoordinatorError` `notInStack` if `presentation` is not on this stack.
    /// Cancellation: applied at once; not affected.
    public func pop(to presentation: Presentation) async throws(CoordinatorError) {
        try store.popAll(on: self, \.state, reason: .byCoordinator) { stack throws(CoordinatorError) in
            try StackRules.countAbove(presentation, in: stack, on: name, operation: "pop(to:)")
        }
    }

    /// Pops everything above the root; it all reports `.byCoordinator`.
    ///
    /// Throws `CoordinatorError` `nothingToPop` if the modal is not shown.
    /// Cancellation: applied at once; not affected.
    public func popToRoot() async throws(CoordinatorError) {
        try store.popAll(on: self, \.state, reason: .byCoordinator) { stack throws(CoordinatorError) in
            try StackRules.countAboveRoot(stack, on: name)
        }
    }

    // MARK: User gestures

    /// A back button or completed swipe back inside the modal: pops the top presentation,
    /// which reports `.byUser`. Returns `false`, changing nothing, if its confirmation
    /// refused.
    ///
    /// Throws `CoordinatorError` `nothingToPop` with less than two presentations,
    /// `gestureInProgress` while an interactive gesture has not ended.
    /// Cancellation: a confirmation runs in the calling task; if it throws, the gesture is
    /// refused.
    @discardableResult
    public func userPop() async throws(CoordinatorError) -> Bool {
        try await store.removeTopByUser(on: self, \.state, keeping: 1) { stack throws(CoordinatorError) in
            try StackRules.backCount(stack, on: name)
        }
    }

    /// A swipe down: dismisses the whole modal; every presentation reports `.byUser`,
    /// most recent first. Returns `false`, changing nothing, if a confirmation refused (or
    /// the stack changed while they were asked).
    ///
    /// Throws `CoordinatorError` `nothingToDismiss` if the modal is not shown,
    /// `gestureInProgress` while an interactive gesture has not ended.
    /// Cancellation: as `userPop()`.
    @discardableResult
    public func userDismiss() async throws(CoordinatorError) -> Bool {
        try await store.removeTopByUser(on: self, \.state, keeping: 0) { stack throws(CoordinatorError) in
            try wholeStack(stack)
        }
    }

    /// A person starts swiping back inside the modal: the gesture to `complete()` or
    /// `cancel()`.
    ///
    /// Throws `CoordinatorError` `nothingToPop` with less than two presentations,
    /// `gestureInProgress` if another gesture has not ended.
    public func beginUserPop() throws(CoordinatorError) -> UserGesture {
        try store.beginUserGesture(on: self, \.state, keeping: 1) { stack throws(CoordinatorError) in
            try StackRules.backCount(stack, on: name)
        }
    }

    /// A person starts swiping the modal down: the gesture to `complete()` (as
    /// `userDismiss()`) or `cancel()`.
    ///
    /// Throws `CoordinatorError` `nothingToDismiss` if the modal is not shown,
    /// `gestureInProgress` if another gesture has not ended.
    public func beginUserDismiss() throws(CoordinatorError) -> UserGesture {
        try store.beginUserGesture(on: self, \.state, keeping: 0) { stack throws(CoordinatorError) in
            try wholeStack(stack)
        }
    }

    private func wholeStack(_ stack: [Presentation]) throws(CoordinatorError) -> Int {
        guard !stack.isEmpty else {
            throw CoordinatorError(.nothingToDismiss, "A swipe down was made on \(name), which is not shown.")
        }
        return stack.count
    }
}
