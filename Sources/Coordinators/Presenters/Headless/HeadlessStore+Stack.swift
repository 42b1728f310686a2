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

extension HeadlessStore where State: StackState {
    /// Pushes `presentation`.
    func push(_ presentation: Presentation) {
        mutate(always: { $0.stack.append(presentation) })
    }

    /// Removes `presentation` from wherever it is, in one step with everything above it
    /// if `takesAbove(index)` says so — what was above then reports `.byCoordinator` (the
    /// runtime records `presentation`'s own reason).
    func remove(_ presentation: Presentation, takingAbove takesAbove: (_ index: Int) -> Bool = { _ in false }) {
        let above = update { state -> ([Presentation], changed: Bool) in
            guard let index = state.stack.lastIndex(of: presentation) else { return ([], changed: false) }
            guard takesAbove(index) else {
                state.stack.remove(at: index)
                return ([], changed: true)
            }
            defer { state.stack.removeSubrange(index...) }
            return (Array(state.stack[(index + 1)...]), changed: true)
        }
        above.reportDismissals(.byCoordinator)
    }

    /// Removes the top `count(stack)` presentations and reports them (most recent first).
    func popAll(
        reason: DismissalReason, count: (_ stack: [Presentation]) throws(CoordinatorError) -> Int
    ) throws(CoordinatorError) {
        let removed = try update { state throws(CoordinatorError) in
            let removed = Array(state.stack.suffix(try count(state.stack)))
            state.stack.removeLast(removed.count)
            return (removed, changed: !removed.isEmpty)
        }
        removed.reportDismissals(reason)
    }

    /// A person starts an interactive gesture over the top `count(stack)` presentations,
    /// leaving at least `minimumKept` below them.
    func beginUserGesture(
        keeping minimumKept: Int, count: (_ stack: [Presentation]) throws(CoordinatorError) -> Int
    ) throws(CoordinatorError) -> UserGesture {
        let planned = try beginGesture(count: count)
        return UserGesture(
            planned,
            complete: { await self.completeGesture(planned, keeping: minimumKept) },
            cancel: { self.cancelGesture(planned) })
    }
}

/// Checks shared by the stack presenters.
enum StackRules {
    /// A back gesture pops the top; the root has no back button.
    static func backCount(_ stack: [Presentation], on name: String) throws(CoordinatorError) -> Int {
        guard stack.count >= 2 else {
            throw CoordinatorError(
                .nothingToPop,
                "A back gesture was made on \(name) with \(stack.count) presentation(s); a person can only go back "
                    + "when there is a screen below the top one.")
        }
        return 1
    }

    /// `pop()` needs something to pop.
    static func topCount(_ stack: [Presentation], on name: String, operation: String) throws(CoordinatorError) -> Int {
        guard !stack.isEmpty else {
            throw CoordinatorError(.nothingToPop, "\(operation) was called on \(name), whose stack is empty.")
        }
        return 1
    }

    /// `popToRoot()` keeps the root.
    static func countAboveRoot(_ stack: [Presentation], on name: String) throws(CoordinatorError) -> Int {
        _ = try topCount(stack, on: name, operation: "popToRoot()")
        return stack.count - 1
    }

    /// `pop(to:)` and `userPop(to:)` keep `presentation` and what lies below it.
    static func countAbove(
        _ presentation: Presentation, in stack: [Presentation], on name: String, operation: String
    ) throws(CoordinatorError) -> Int {
        guard let index = stack.lastIndex(of: presentation) else {
            throw CoordinatorError(
                .notInStack,
                "\(operation) was given \(presentation), which is not on \(name) (stack: \(stack.map(\.description))). "
                    + "Pop only to a presentation that is still on this stack.")
        }
        return stack.count - index - 1
    }
}
