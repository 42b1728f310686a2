/// The state of a presenter shaped as a stack (`NavigationPresenter`,
/// `ModalNavigationPresenter`, and `ModalPresenter`'s chain of modals).
protocol StackState: HeadlessState {
    /// The presentations, root first.
    var stack: [Presentation] { get set }
    /// What an interactive gesture in progress would remove, most recent last.
    var gestureInProgress: [Presentation] { get set }
}

extension StackState {
    /// A gesture in progress over presentations that are no longer all on the stack (a
    /// coordinator popped or dismissed one meanwhile) is over: forget it, so that it holds
    /// nothing and blocks no later gesture. Completing it then does nothing.
    mutating func settle() {
        if !gestureInProgress.isEmpty && !gestureInProgress.allSatisfy(stack.contains) {
            gestureInProgress = []
        }
    }
}
