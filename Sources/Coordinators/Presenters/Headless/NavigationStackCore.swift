/// The operations of a navigation stack, written once for the two presenters that have one:
/// `NavigationPresenter`, and `ModalNavigationPresenter` (a navigation stack in a modal).
///
/// Each operation is applied as one step of the store (see `HeadlessStore`); the presenters'
/// public methods hand their calls here. The rules (what a back gesture may pop, what a pop
/// needs) are those of `StackRules`.
struct NavigationStackCore: Sendable {
    /// The presenter's name, for messages.
    let name: String
    let store: HeadlessStore<NavigationPresenter.State>

    init(name: String, containerDidChange: (@Sendable (PartChange) -> Void)? = nil) {
        self.name = name
        store = HeadlessStore(NavigationPresenter.State(), containerDidChange: containerDidChange)
    }

    // MARK: Coordinator operations

    func pop(animated: Bool) throws(CoordinatorError) {
        try store.popAll(reason: .byCoordinator, animated: animated) { stack throws(CoordinatorError) in
            try StackRules.topCount(stack, on: name, operation: "pop()")
        }
    }

    func pop(to presentation: Presentation, animated: Bool) throws(CoordinatorError) {
        try store.popAll(reason: .byCoordinator, animated: animated) { stack throws(CoordinatorError) in
            try StackRules.countAbove(presentation, in: stack, on: name, operation: "pop(to:)")
        }
    }

    func popToRoot(animated: Bool) throws(CoordinatorError) {
        try store.popAll(reason: .byCoordinator, animated: animated) { stack throws(CoordinatorError) in
            try StackRules.countAboveRoot(stack, on: name)
        }
    }

    /// Shows exactly `presentations`; what leaves the stack reports `.replaced`, most recent
    /// first. `presenter` is the presenter this core is the stack of; it becomes the listener
    /// of each presentation shown.
    func replaceStack(
        with presentations: [Presentation], of presenter: any PresentationListener, animated: Bool
    ) throws(CoordinatorError) {
        let removed = try store.update(animated: animated) { state throws(CoordinatorError) in
            try StackRules.checkReplacement(presentations, of: state.stack, shownBy: presenter, on: name)
            let kept = Set(presentations)
            let removed = state.stack.filter { !kept.contains($0) }
            let changed = state.stack != presentations
            for presentation in presentations { presentation.setListener(presenter) }
            state.stack = presentations
            return (removed, changed: changed)
        }
        removed.reportDismissals(.replaced)
    }

    /// Removes `removed` and pushes `added` in one step (see `Presenter.transition`); the
    /// runtime records the removed ones' dismissals. With `rootTakesAll` (a modal's stack),
    /// removing the root takes the whole stack, and what was not listed reports
    /// `.byCoordinator`. `presenter` becomes the listener of each added one.
    func transition(
        removing removed: [Presentation], adding added: [Presentation], of presenter: any PresentationListener,
        animated: Bool, rootTakesAll: Bool = false
    ) throws(CoordinatorError) {
        let takenAlong = try store.update(animated: animated) {
            state throws(CoordinatorError) -> ([Presentation], changed: Bool) in
            try StackRules.checkReplacement(added, of: [], shownBy: presenter, on: name)
            let leaving = Set(removed)
            let count = state.stack.count
            var takenAlong: [Presentation] = []
            if rootTakesAll, let root = state.stack.first, leaving.contains(root) {
                takenAlong = state.stack.filter { !leaving.contains($0) }
                state.stack = []
            } else {
                state.stack.removeAll { leaving.contains($0) }
            }
            for presentation in added { presentation.setListener(presenter) }
            state.stack += added
            return (takenAlong, changed: state.stack.count != count || !added.isEmpty)
        }
        takenAlong.reportDismissals(.byCoordinator)
    }

    // MARK: A person's gestures

    /// The back button, or a swipe back completed.
    func userPop() async throws(CoordinatorError) -> Bool {
        try await store.removeTopByUser(keeping: 1) { stack throws(CoordinatorError) in
            try StackRules.backCount(stack, on: name)
        }
    }

    /// A long press on the back button: back to `presentation`. A presentation that has left
    /// the stack by the time the gesture lands (its flow was torn down, a coordinator popped
    /// it) pops nothing.
    func userPop(to presentation: Presentation) async throws(CoordinatorError) -> Bool {
        try await store.removeTopByUser(keeping: 1) { stack throws(CoordinatorError) in
            if case .leaving = presentation.userDismissalCheck(), !stack.contains(presentation) { return 0 }
            return try StackRules.countAbove(presentation, in: stack, on: name, operation: "userPop(to:)")
        }
    }

    /// A person's tap on the selected tab: back to the root, judged on the stack as it is
    /// when the tap lands (nothing above the root pops nothing).
    func userPopToRoot() async throws(CoordinatorError) -> Bool {
        try await store.removeTopByUser(keeping: 1) { stack in max(stack.count - 1, 0) }
    }

    /// A swipe back, begun.
    func beginUserPop() throws(CoordinatorError) -> UserGesture {
        try store.beginUserGesture(keeping: 1) { stack throws(CoordinatorError) in
            try StackRules.backCount(stack, on: name)
        }
    }
}
