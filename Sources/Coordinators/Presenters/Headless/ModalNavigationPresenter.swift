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
/// reporting `.byCoordinator`. A `StackPresenter`, so `flow.setStack(_:on:)` and routes work
/// on it too. Not bound to the main actor.
///
/// ```text
///   (none) ──present(A)──▶ modal [A] ──present(B)──▶ modal [A, B] ──userDismiss()──▶ (none)
///                                                                   (B, A: .byUser)
/// ```
public final class ModalNavigationPresenter: StackPresenter, Observable {
    /// The modal's stack as plain values; empty while the modal is not shown.
    public typealias State = NavigationPresenter.State

    /// A name for logs and snapshots.
    public var name: String { core.name }
    private let core: NavigationStackCore

    /// Creates a modal navigation that is not shown yet.
    public init(name: String = "modal navigation") { core = NavigationStackCore(name: name) }

    /// The current stack.
    public var state: State { core.store.observed }

    /// The presentations on the modal's stack, root first.
    public var stack: [Presentation] { state.stack }

    /// Whether the next presentation brings the modal up (covering what is shown): while it
    /// shows nothing. Later ones are pushed within it.
    public var nextPresentCovers: Bool { core.store.state.stack.isEmpty }

    /// Whether the modal is up: its stack is not empty.
    public var isShown: Bool { !state.stack.isEmpty }

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

    /// Shows the modal with `presentation` as its root, or pushes it if the modal is up; at
    /// once. Called by the runtime.
    ///
    /// Cancellation: none; it applies at once.
    public func present(_ presentation: Presentation, animated: Bool) async throws {
        core.store.push(presentation, listener: self, animated: animated)
    }

    /// Accepts every style but a popover: the root's options say how the modal is shown
    /// (detents for a sheet; `.push` or `.automatic`, a sheet), and a later screen is pushed
    /// whatever its style says (the fallback). Throws `CoordinatorError` `unsupportedOptions` for a popover, which
    /// cannot hold a navigation stack here. A screen that does not allow interactive
    /// dismissal refuses the swipe down (and, if pushed, the swipe back from it).
    public func check(_ options: PresentationOptions) throws(CoordinatorError) {
        if case .popover = options.style {
            throw CoordinatorError(
                .unsupportedOptions,
                "\(name) cannot show a screen with style \(options.style): present a popover on a ModalPresenter.")
        }
        try OptionsRules.check(options, on: .modalStack, named: name)
    }

    /// Removes `presentation`, at once; if it is the root, the whole modal goes, and the
    /// presentations above it report `.byCoordinator`. Called by the runtime.
    ///
    /// Cancellation: none; it applies at once.
    public func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws {
        core.store.remove(presentation, animated: animated, takingAbove: { index in index == 0 })
    }

    // MARK: Coordinator operations and a person's gestures inside the modal

    /// As `NavigationPresenter.pop()`; popping the root closes the modal. Throws
    /// `nothingToPop` if the modal is not shown.
    ///
    /// Cancellation: none; it applies at once.
    public func pop(animated: Bool = true) async throws(CoordinatorError) { try core.pop(animated: animated) }

    /// As `NavigationPresenter.pop(to:)`.
    ///
    /// Cancellation: none; it applies at once.
    public func pop(to presentation: Presentation, animated: Bool = true) async throws(CoordinatorError) {
        try core.pop(to: presentation, animated: animated)
    }

    /// As `NavigationPresenter.popToRoot()`. Throws `nothingToPop` if the modal is not shown.
    ///
    /// Cancellation: none; it applies at once.
    public func popToRoot(animated: Bool = true) async throws(CoordinatorError) {
        try core.popToRoot(animated: animated)
    }

    /// As `NavigationPresenter.replaceStack(with:)`: an empty stack takes the modal away, a
    /// stack given to a modal that is not shown brings it up.
    ///
    /// Cancellation: none; it applies at once.
    public func replaceStack(
        with presentations: [Presentation], animated: Bool = true
    ) async throws(CoordinatorError) {
        try core.replaceStack(with: presentations, of: self, animated: animated)
    }

    /// As `NavigationPresenter.transition(removing:adding:)`, and as `dismiss` does: removing
    /// the root takes the whole modal away (what was not listed reports `.byCoordinator`);
    /// adding to a modal that is not shown brings it up.
    ///
    /// Cancellation: none; it applies at once.
    public func transition(
        removing removed: [Presentation], adding added: [Presentation], animated: Bool
    ) async throws(CoordinatorError) {
        try core.transition(removing: removed, adding: added, of: self, animated: animated, rootTakesAll: true)
    }

    /// As `NavigationPresenter.userPop()`: a back button or completed swipe back inside the
    /// modal.
    ///
    /// Cancellation: none; it applies at once.
    @discardableResult
    public func userPop() async throws(CoordinatorError) -> Bool { try await core.userPop() }

    /// As `NavigationPresenter.beginUserPop()`: a swipe back inside the modal, begun.
    public func beginUserPop() throws(CoordinatorError) -> UserGesture { try core.beginUserPop() }

    // MARK: A person's swipe down

    /// A swipe down: dismisses the whole modal; every presentation reports `.byUser`,
    /// most recent first. Returns `false`, changing nothing, if a confirmation refused (or
    /// the stack changed while they were asked).
    ///
    /// Throws `CoordinatorError` `nothingToDismiss` if the modal is not shown,
    /// `gestureInProgress` while an interactive gesture has not ended.
    /// Cancellation: as `userPop()`.
    @discardableResult
    public func userDismiss() async throws(CoordinatorError) -> Bool {
        try await core.store.removeTopByUser(keeping: 0) { stack throws(CoordinatorError) in
            try wholeStack(stack)
        }
    }

    /// A person starts swiping the modal down: the gesture to `complete()` (as
    /// `userDismiss()`) or `cancel()`.
    ///
    /// Throws `CoordinatorError` `nothingToDismiss` if the modal is not shown,
    /// `gestureInProgress` if another gesture has not ended.
    public func beginUserDismiss() throws(CoordinatorError) -> UserGesture {
        try core.store.beginUserGesture(keeping: 0) { stack throws(CoordinatorError) in
            try wholeStack(stack)
        }
    }

    /// Does what a person dragging the modal's sheet to `detent` does: its root reports the
    /// change (`Presentation.reportDetentChange(_:)`). Returns `false` if it rests there
    /// already.
    ///
    /// Throws `CoordinatorError` `nothingToDismiss` if the modal is not shown, `noSuchDetent`
    /// if the root's options do not list `detent`.
    @discardableResult
    public func userSelectDetent(_ detent: SheetDetents.Detent) throws(CoordinatorError) -> Bool {
        try core.store.dragSheet(core.store.state.stack.first, to: detent, on: name)
    }

    private func wholeStack(_ stack: [Presentation]) throws(CoordinatorError) -> Int {
        guard !stack.isEmpty else {
            throw CoordinatorError(.nothingToDismiss, "A swipe down was made on \(name), which is not shown.")
        }
        return stack.count
    }
}

extension ModalNavigationPresenter: PresentationListener {
    /// A presentation it received changed (see `PresentationListener`): its waiters re-check.
    func presentationDidChange() { core.store.presentationDidChange() }
}
