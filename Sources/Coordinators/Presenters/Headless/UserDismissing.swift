/// A headless presenter whose top screen a person can swipe down: it is dismissed after the
/// confirmations its coordinators set. `ModalPresenter` and `ModalNavigationPresenter`
/// adopt it; the test kit's `swipeDown(on:)` and `beginSwipeDown(on:)` take any that does.
public protocol UserDismissing: HeadlessPresenter {
    /// Does what a person's swipe down does: asks the confirmations, then dismisses what is
    /// on top (a modal navigation stack leaves whole), which reports `.byUser`. Returns `false`, changing nothing, if a confirmation
    /// refused.
    ///
    /// Throws `CoordinatorError` `nothingToDismiss` if nothing is presented,
    /// `gestureInProgress` while an interactive gesture has not ended.
    ///
    /// Cancellation: a confirmation runs in the calling task and sees its cancellation; if
    /// it throws, the gesture is refused.
    @discardableResult
    func userDismiss() async throws(CoordinatorError) -> Bool

    /// A person starts swiping down: returns the gesture, to `complete()` (as
    /// `userDismiss()`) or `cancel()` (nothing changes).
    ///
    /// Throws `CoordinatorError` `nothingToDismiss` if nothing is presented,
    /// `gestureInProgress` if another gesture has not ended.
    func beginUserDismiss() throws(CoordinatorError) -> UserGesture
}

extension ModalPresenter: UserDismissing {}
extension ModalNavigationPresenter: UserDismissing {}
