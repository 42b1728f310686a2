/// A headless presenter a person can swipe back on: its top screen is popped after the
/// confirmations its coordinators set. `NavigationPresenter`, `ModalNavigationPresenter` and
/// `SplitPresenter` (the top of its collapsed stack, or of its rightmost column) adopt it; the test kit's `swipeBack(on:)` and `beginSwipeBack(on:)` take any that does.
public protocol UserPopping: HeadlessPresenter {
    /// Does what a person's swipe back does: asks the confirmations, then pops the top
    /// screen, which reports `.byUser`. Returns `false`, changing nothing, if a confirmation
    /// refused.
    ///
    /// Throws `CoordinatorError` `nothingToPop` if only the root is left,
    /// `gestureInProgress` while an interactive gesture has not ended.
    ///
    /// Cancellation: a confirmation runs in the calling task and sees its cancellation; if
    /// it throws, the gesture is refused.
    @discardableResult
    func userPop() async throws(CoordinatorError) -> Bool

    /// A person starts swiping back: returns the gesture, to `complete()` (as `userPop()`)
    /// or `cancel()` (nothing changes).
    ///
    /// Throws `CoordinatorError` `nothingToPop` if only the root is left,
    /// `gestureInProgress` if another gesture has not ended.
    func beginUserPop() throws(CoordinatorError) -> UserGesture
}

extension NavigationPresenter: UserPopping {}
extension ModalNavigationPresenter: UserPopping {}
extension SplitPresenter: UserPopping {}
