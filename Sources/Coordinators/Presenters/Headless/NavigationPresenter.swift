import Observation

/// A headless navigation stack: push, pop, pop to, set stack; with back gestures. A
/// `StackPresenter`.
///
/// `flow.present(_:on:)` pushes (the first presentation is the root). The state is plain
/// values (`state.stack`), published through Observation so a SwiftUI view can bind to it,
/// and awaitable with `waitUntil(_:)`. `userPop()`, `userPop(to:)` and `beginUserPop()` do
/// what a person's back button or swipe does: the presentations removed report `.byUser`,
/// which ends any coordinator whose main screen was among them — after asking the
/// confirmations their coordinators set (`Presentation.setUserDismissalConfirmation(_:)`).
///
/// It is not bound to the main actor; call it from anywhere. Each operation is applied
/// atomically, in the order the calls arrive; a user gesture first asks its confirmations
/// (other calls go on meanwhile), then re-checks the stack and applies itself atomically.
///
/// ```text
///   [Home] ──present(Detail)──▶ [Home, Detail] ──userPop()──▶ [Home]   (Detail: .byUser)
/// ```
public final class NavigationPresenter: StackPresenter, Observable {
    /// The stack as plain values.
    public struct State: Sendable, Hashable, StackState {
        /// The presentations on the stack, root first.
        public var stack: [Presentation] = []
        /// What a person's swipe in progress would pop (see `beginUserPop()`); empty when
        /// no gesture is in progress.
        public var gestureInProgress: [Presentation] = []
        /// Counts the changes applied to this stack; each operation that changes it adds one.
        public var revision = 0
        /// Which of those changes were animated.
        public var animation = AnimationRecord()

        mutating func recordChange(animated: Bool) { animation.record(animated: animated) }
    }

    /// A name for logs and snapshots.
    public var name: String { core.name }
    let core: NavigationStackCore

    /// Creates an empty stack.
    public convenience init(name: String = "navigation") {
        self.init(name: name, containerDidChange: nil)
    }

    /// With `containerDidChange`, a part of a container (a tab, a slot) whose changes are
    /// also changes of its container.
    init(name: String, containerDidChange: (@Sendable (PartChange) -> Void)?) {
        core = NavigationStackCore(name: name, containerDidChange: containerDidChange)
    }

    /// The current stack.
    public var state: State { core.store.observed }

    /// The presentations on the stack, root first.
    public var stack: [Presentation] { state.stack }

    /// Returns once `condition` holds for the stack (at once if it holds now); see
    /// "Waiting for a state" in `Guides/Presenters.md`. `condition` is re-checked after each
    /// change of the stack, and of the presentations it shows (`isPresented`, `isAnswered`,
    /// `dismissalReason`), so it may read their state.
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError`.
    public func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await core.store.waitUntil(condition)
    }

    // MARK: Presenter

    /// Pushes `presentation` (the first becomes the root), at once. Called by the runtime.
    ///
    /// Cancellation: none; it applies at once.
    public func present(_ presentation: Presentation, animated: Bool) async throws {
        core.store.push(presentation, listener: self, animated: animated)
    }

    /// Accepts `.automatic` and `.push` (throws `CoordinatorError` `unsupportedOptions` for
    /// another style, or detents): a stack pushes. A screen that does not allow interactive
    /// dismissal refuses the back gestures that would pop it (`userPop()` returns `false`).
    public func check(_ options: PresentationOptions) throws(CoordinatorError) {
        try OptionsRules.check(options, on: .stack, named: name)
    }

    /// Removes `presentation` from wherever it is in the stack, at once. Called by the runtime.
    ///
    /// Cancellation: none; it applies at once.
    public func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws {
        core.store.remove(presentation, animated: animated)
    }

    // MARK: Coordinator operations

    /// Pops the top presentation; it reports `.byCoordinator`.
    ///
    /// Throws `CoordinatorError` `nothingToPop` if the stack is empty.
    ///
    /// Cancellation: none; it applies at once.
    public func pop(animated: Bool = true) async throws(CoordinatorError) {
        try core.pop(animated: animated)
    }

    /// Pops every presentation above `presentation`; they report `.byCoordinator`, most
    /// recent first.
    ///
    /// Throws `CoordinatorError` `notInStack` if `presentation` is not on this stack.
    ///
    /// Cancellation: none; it applies at once.
    public func pop(to presentation: Presentation, animated: Bool = true) async throws(CoordinatorError) {
        try core.pop(to: presentation, animated: animated)
    }

    /// Shows exactly `presentations`, root first, in place of the whole stack; every
    /// presentation that was on the stack and is not in `presentations` reports `.replaced`,
    /// most recent first. Coordinators call `flow.setStack(_:on:)`, which makes new
    /// presentations for it; routing code may call this to rearrange (or thin out) what the
    /// stack shows.
    ///
    /// Throws `CoordinatorError` `notInStack`, changing nothing, if a presentation is neither
    /// on this stack nor a new one made for it, or is given twice.
    ///
    /// Cancellation: none; it applies at once.
    public func replaceStack(
        with presentations: [Presentation], animated: Bool = true
    ) async throws(CoordinatorError) {
        try core.replaceStack(with: presentations, of: self, animated: animated)
    }

    /// Removes `removed` and pushes `added` as one change of the stack (one revision); the
    /// runtime records the removed ones' dismissals. Called by the runtime for a route
    /// change, a link's steps or a restoration (see `Presenter.transition`).
    ///
    /// Throws `CoordinatorError` `notInStack`, changing nothing, if an added presentation is
    /// not a new one made for this presenter, or is given twice.
    ///
    /// Cancellation: none; it applies at once.
    public func transition(
        removing removed: [Presentation], adding added: [Presentation], animated: Bool
    ) async throws(CoordinatorError) {
        try core.transition(removing: removed, adding: added, of: self, animated: animated)
    }

    /// Pops everything above the root; it all reports `.byCoordinator`.
    ///
    /// Throws `CoordinatorError` `nothingToPop` if the stack is empty.
    ///
    /// Cancellation: none; it applies at once.
    public func popToRoot(animated: Bool = true) async throws(CoordinatorError) {
        try core.popToRoot(animated: animated)
    }

    // MARK: User gestures

    /// Does what the back button or a completed swipe back does: pops the top presentation,
    /// which reports `.byUser`. Returns `false`, changing nothing, if its confirmation
    /// refused (or the stack changed while it was being confirmed).
    ///
    /// Throws `CoordinatorError` `nothingToPop` if the stack holds less than two
    /// presentations (the root has no back button), `gestureInProgress` while an
    /// interactive gesture has not ended.
    ///
    /// Cancellation: a confirmation runs in the calling task and sees its cancellation; if
    /// it throws, the gesture is refused.
    @discardableResult
    public func userPop() async throws(CoordinatorError) -> Bool {
        try await core.userPop()
    }

    /// Does what a long press on the back button does: pops every presentation above
    /// `presentation`; they report `.byUser`, most recent first. Returns `false`, changing
    /// nothing, if a confirmation refused (or the stack changed meanwhile), or if
    /// `presentation` was on this stack but has left it by the time the gesture lands (its
    /// flow was torn down, a coordinator popped it).
    ///
    /// Throws `CoordinatorError` `notInStack` if `presentation` is on the screen but not on
    /// this stack, `gestureInProgress` while an interactive gesture has not ended.
    ///
    /// Cancellation: as `userPop()`.
    @discardableResult
    public func userPop(to presentation: Presentation) async throws(CoordinatorError) -> Bool {
        try await core.userPop(to: presentation)
    }

    /// What a person's tap on the selected tab does to its stack: pops everything above the
    /// root, as `userPop(to:)` does, judged on the stack as it is when the tap lands. Returns
    /// `false`, changing nothing, if there is nothing above the root (the tab's flow may be
    /// tearing its screens down) or a confirmation refused.
    ///
    /// Throws `CoordinatorError` `gestureInProgress` while an interactive gesture has not ended.
    func userPopToRoot() async throws(CoordinatorError) -> Bool {
        try await core.userPopToRoot()
    }

    /// Empties the stack, as when its tab leaves a bar: what it showed reports `reason`,
    /// most recent first.
    func removeAll(reporting reason: DismissalReason) {
        let removed = core.store.update { state in
            defer { state.stack = [] }
            return (state.stack, changed: !state.stack.isEmpty)
        }
        removed.reportDismissals(reason)
    }

    /// A person starts swiping the top presentation away: returns the gesture, to
    /// `complete()` (as `userPop()`) or `cancel()` (nothing is reported). Meanwhile
    /// `state.gestureInProgress` holds the top presentation.
    ///
    /// Throws `CoordinatorError` `nothingToPop` if the stack holds less than two
    /// presentations, `gestureInProgress` if another gesture has not ended.
    public func beginUserPop() throws(CoordinatorError) -> UserGesture {
        try core.beginUserPop()
    }
}

extension NavigationPresenter: PresentationListener {
    /// A presentation it received changed (see `PresentationListener`): its waiters re-check.
    func presentationDidChange() { core.store.presentationDidChange() }
}
