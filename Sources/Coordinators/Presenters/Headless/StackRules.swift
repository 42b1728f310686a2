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

    /// `replaceStack(with:)` shows presentations of the stack and new ones made for
    /// `presenter` (being presented), each once.
    static func checkReplacement(
        _ presentations: [Presentation], of stack: [Presentation], shownBy presenter: AnyObject, on name: String
    ) throws(CoordinatorError) {
        let onStack = Set(stack)
        var given = Set<Presentation>()
        for presentation in presentations {
            guard given.insert(presentation).inserted else {
                throw CoordinatorError(
                    .notInStack,
                    "replaceStack(with:) was given \(presentation) twice for \(name); a presentation is on a stack "
                        + "once.")
            }
            let isNew = presentation.presenter === presenter && presentation.isBeingPresented
            guard onStack.contains(presentation) || isNew else {
                throw CoordinatorError(
                    .notInStack,
                    "replaceStack(with:) was given \(presentation), which is neither on \(name) (stack: "
                        + "\(stack.map(\.description))) nor a new presentation for it. Keep presentations of this "
                        + "stack, and make new ones with flow.setStack(_:on:).")
            }
        }
    }
}
