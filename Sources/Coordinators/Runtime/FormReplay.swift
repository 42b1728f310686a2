/// Where a form (`Flow.form`) is in its steps, and what it does at the next one: pure, with no
/// awaits and no locks. `FormSteps` asks it, then shows, waits and dismisses. Generic over what
/// shows a step: a `Presentation` in a form, a name in its tests.
///
/// A form's body runs again from the start after a person goes back: the steps below the one
/// they went back to are replayed (their answers, at once), that step waits again, and the
/// steps after it are pushed anew.
struct FormReplay<Shown> {
    /// A step on the stack: what shows it, and the answer the body gets for it — `nil` for the
    /// step a person went back to, which waits for a new one.
    struct Step {
        let shown: Shown
        var answer: (any Sendable)?
    }

    /// The steps on the stack, bottom first.
    private(set) var steps: [Step] = []
    /// An answer given at a place of the form, and the type of screen that gave it (`screen`,
    /// an identity the caller chooses): only a screen of that type is handed it again.
    struct LastAnswer {
        let screen: ObjectIdentifier
        let answer: any Sendable
    }

    /// The last answer given at each place of the form, for a step pushed anew there.
    private(set) var lastAnswers: [LastAnswer?] = []
    /// The step the body asks next, in this run of the body.
    private(set) var cursor = 0
    /// This run of the body is abandoned: a person went back. Whatever the body does meanwhile
    /// (it may catch the error), the form runs it again.
    private(set) var steppedBack = false

    /// What the body's next step is.
    enum Next {
        /// Below the step a person went back to: `answer` at once, showing nothing.
        case replayed(Shown, answer: any Sendable)
        /// The step a person went back to: it waits for a new answer on what shows it.
        case waitsAgain(Shown)
        /// Past the steps on the stack: pushed above `below` (`nil` for the first step), given
        /// the last answer at its place if its screen is of the type that gave it.
        case pushed(below: Shown?, lastAnswer: LastAnswer?)
    }

    /// The next step of this run.
    var next: Next {
        guard cursor < steps.count else {
            let lastAnswer = lastAnswers.indices.contains(cursor) ? lastAnswers[cursor] : nil
            return .pushed(below: steps.last?.shown, lastAnswer: lastAnswer)
        }
        let step = steps[cursor]
        if let answer = step.answer { return .replayed(step.shown, answer: answer) }
        return .waitsAgain(step.shown)
    }

    // MARK: Events

    /// The body took a replayed step's answer.
    mutating func replayed() {
        precondition(cursor < steps.count && steps[cursor].answer != nil, "only a replayed step")
        cursor += 1
    }

    /// The step that waited again, a screen of type `screen`, got `answer`.
    mutating func answered(_ answer: any Sendable, screen: ObjectIdentifier) {
        precondition(cursor < steps.count && steps[cursor].answer == nil, "only the step that waits again")
        steps[cursor].answer = answer
        remember(answer, screen: screen)
        cursor += 1
    }

    /// The step pushed with `shown`, a screen of type `screen`, got `answer`.
    mutating func pushed(_ shown: Shown, answered answer: any Sendable, screen: ObjectIdentifier) {
        precondition(cursor == steps.count, "a step is pushed above the others")
        steps.append(Step(shown: shown, answer: answer))
        remember(answer, screen: screen)
        cursor += 1
    }

    /// Keeps `answer`, given by a screen of type `screen`, as the last given at the next step's
    /// place (a step that answered in the wrong place: it is pushed again there).
    mutating func remember(_ answer: any Sendable, screen: ObjectIdentifier) {
        while lastAnswers.count <= cursor { lastAnswers.append(nil) }
        lastAnswers[cursor] = LastAnswer(screen: screen, answer: answer)
    }

    /// What a form does once one of its steps left the stack.
    enum AfterLeaving: Equatable {
        /// Goes back to the step left on top: the body runs again.
        case goesBack
        /// Ends, throwing `FlowDismissed` with this reason.
        case ends(DismissalReason)
    }

    /// A step left the stack for `reason` while the body asked the next step. The `stillShown`
    /// lowest steps are still on the stack; `lowestGone` is why the lowest of the others left
    /// (`nil` if it has not yet, or there is none).
    ///
    /// Only a person's pop goes back — to the top of what is left, whose answer is taken
    /// again — and only if a step is left and none of those gone left another way.
    mutating func stepLeft(
        _ reason: DismissalReason, stillShown: Int, lowestGone: DismissalReason?
    ) -> AfterLeaving {
        guard reason == .byUser else { return .ends(reason) }
        if stillShown < steps.count, let lowestGone, lowestGone != .byUser { return .ends(lowestGone) }
        guard stillShown > 0 else { return .ends(.byUser) }
        steps.removeSubrange(stillShown...)
        steps[stillShown - 1].answer = nil
        steppedBack = true
        return .goesBack
    }

    /// A run of the body begins, from the first step.
    mutating func beginRun() {
        cursor = 0
        steppedBack = false
    }

    /// Whether this run reached every step on the stack: one that returns before the step a
    /// person went back to is not a repeat of the run before.
    var reachedEveryStep: Bool { cursor >= steps.count }

    /// The form ends: returns what shows its steps, top first, and keeps nothing.
    mutating func end() -> [Shown] {
        defer {
            steps = []
            lastAnswers = []
        }
        return steps.reversed().map(\.shown)
    }
}
