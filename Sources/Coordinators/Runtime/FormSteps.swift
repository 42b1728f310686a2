/// The steps of a form: what `Flow.form(on:animated:_:)` hands its body, to ask each step
/// with.
///
/// ```swift
/// let (name, age) = try await flow.form(on: navigation) { form in
///     let name = try await form.ask(NameScreen())
///     let age = try await form.ask { lastAge in AgeScreen(name: name, age: lastAge) }
///     return (name, age)
/// }
/// ```
///
/// Each `ask` is one step, pushed on the form's stack and kept there once answered. When a
/// person goes back to an earlier step, the form runs its body again from the start: the
/// steps below the one they went back to return their answers at once, showing nothing
/// (their screens are still on the stack), that step waits for a new answer on the screen it
/// already shows, and the steps after it are pushed anew. So the code between steps runs
/// again: keep it free of side effects, and do what the answers are for after the form.
///
/// Use it only inside the body, from the task that runs it; it is not `Sendable`.
public final class FormSteps {
    /// The steps on the stack, bottom first: each one's presentation and the answer the body
    /// gets for it, `nil` for the step a person went back to, which waits for a new one.
    var steps: [Step] = []
    /// The last answer given at each place of the form, for a step pushed anew there.
    var lastAnswers: [(any Sendable)?] = []
    /// The step the body asks next, in this run of the body.
    var cursor = 0
    /// This run of the body is abandoned: a person went back (`FormStepBack`). Whatever the
    /// body does meanwhile (it may catch the error), the form runs it again.
    var steppedBack = false
    /// A step is waiting for its answer (or being pushed).
    var isAsking = false
    /// `Flow.form` has returned or thrown.
    var ended = false

    let flow: any FormFlow
    let navigation: any StackPresenter
    let animated: Bool

    struct Step {
        let presentation: Presentation
        var answer: (any Sendable)?
    }

    init(flow: any FormFlow, navigation: any StackPresenter, animated: Bool) {
        self.flow = flow
        self.navigation = navigation
        self.animated = animated
    }

    /// Asks `screen` as the form's next step: pushes it and returns its answer, or, when the
    /// body runs again after a person went back, returns the answer it gave (below the step
    /// they went back to) or waits for a new one on the screen still shown (that step).
    ///
    /// A person's pop of this step goes back to the step below (or, several steps at once, to
    /// the step left on top): the body is abandoned here and run again. A pop of the form's
    /// first step throws `FlowDismissed(.byUser)`, and so does any removal that is not a
    /// person's (with its reason).
    ///
    /// Throws what `flow.ask(_:on:then:)` throws, and `CoordinatorError` `notInForm` outside
    /// the form's body (after the form ended, or while another step waits),
    /// `formNotRepeatable` if a run after a step back asks another screen at this step.
    ///
    /// Cancellation: throws `CancellationError` (unless the answer had already arrived, which
    /// is then returned); later answers to the step are refused (`notAsking`) and its screen
    /// stays until the coordinator ends.
    public nonisolated(nonsending) func ask<S: Screen>(
        _ screen: S, file: String = #fileID, line: Int = #line
    ) async throws -> S.Answer {
        try await ask(file: file, line: line) { (_: S.Answer?) in screen }
    }

    /// Asks the screen `makeScreen` makes as the form's next step, as `ask(_:)` does, handing
    /// it the last answer a person gave at this step, or `nil`: a step pushed again after a
    /// person went back past it shows what they entered before.
    ///
    /// ```swift
    /// let age = try await form.ask { lastAge in AgeScreen(name: name, age: lastAge) }
    /// ```
    ///
    /// `makeScreen` is called only when the step is pushed; a step still on the stack keeps its
    /// screen (and what the person entered there). The last answer is kept when an earlier
    /// step is answered differently: it is handed over whenever the step at this place
    /// answers the same type.
    ///
    /// Throws as `ask(_:)`. Cancellation: as `ask(_:)`.
    public nonisolated(nonsending) func ask<S: Screen>(
        file: String = #fileID, line: Int = #line, _ makeScreen: (_ lastAnswer: S.Answer?) -> S
    ) async throws -> S.Answer {
        do {
            try checkInBody()
            isAsking = true
            defer { isAsking = false }
            let index = cursor
            let answer: S.Answer
            if index < steps.count {
                answer = try await replay(S.self, at: index)
            } else {
                let last = lastAnswers.indices.contains(index) ? lastAnswers[index] as? S.Answer : nil
                answer = try await push(makeScreen(last), at: index)
            }
            cursor += 1
            return answer
        } catch {
            throw CoordinatorError.located(error, at: file, line)
        }
    }

    // MARK: Steps

    /// Step `index` is on the stack: returns its answer, or waits for a new one if it is the
    /// step a person went back to.
    private nonisolated(nonsending) func replay<S: Screen>(_: S.Type, at index: Int) async throws -> S.Answer {
        let step = steps[index]
        guard type(of: step.presentation.screen) == S.self else {
            throw CoordinatorError(
                .formNotRepeatable,
                "\(flow.node.coordinatorName)'s form asked \(S.self) at step \(index + 1), which showed "
                    + "\(step.presentation.screen.screenName) before a person went back. The form runs its body again "
                    + "from the start after a step back: make it ask the same steps for the same answers.")
        }
        if let answer = step.answer { return try cast(answer) }
        let reply: Presentation.Reply
        do {
            reply = try await step.presentation.reply()
        } catch {
            // Cancelled: refuse later answers, but keep one that already arrived.
            guard let early = step.presentation.abandonAsk() else { throw error }
            reply = .answered(early)
        }
        switch reply {
        case .answered(let value):
            record(value, at: index)
            return try cast(value)
        case .dismissed(let reason):
            try stepBack(from: index, leaving: reason)
        }
    }

    /// Pushes a new step at `index`, above the last one, and waits for its answer.
    private nonisolated(nonsending) func push<S: Screen>(_ screen: S, at index: Int) async throws -> S.Answer {
        let below = steps.last?.presentation
        if let below, !below.isPresented {
            // A person went back while the body ran between two steps.
            try stepBack(from: index, leaving: below.leavingReason ?? .byUser)
        }
        // Where `Flow.ask` hands over the presentation it made.
        let pushed = Locked<Presentation?>(nil)
        let answer: S.Answer
        do {
            answer = try await flow.ask(screen, on: navigation, then: .keep, options: .automatic, animated: animated) {
                presentation in
                pushed.withLock { $0 = presentation }
                guard let below else { return try await presentation.reply() }
                presentation.formStep(above: below)
                // Pushed after a person popped the step below: it stands in the wrong place.
                guard below.isPresented else { throw FormStepBack() }
                return try await presentation.reply()
            }
        } catch {
            let presentation = pushed.withLock { $0 }
            presentation?.endFormStep()
            switch error {
            case is FormStepBack:
                await presentation?.dismissIfPresented(.byCoordinator, animated: animated)
                try stepBack(from: index, leaving: below?.leavingReason ?? .byUser)
            case let dismissed as FlowDismissed where index > 0:
                try stepBack(from: index, leaving: dismissed.reason)
            default:
                throw error
            }
        }
        guard let presentation = pushed.withLock({ $0 }) else {
            preconditionFailure("Flow.ask returned an answer without showing its question")
        }
        if let below, !below.isPresented {
            // Answered at once, in the wrong place: the step below was popped as it was pushed.
            presentation.endFormStep()
            remember(answer, at: index)  // for the step pushed again here
            await presentation.dismissIfPresented(.byCoordinator, animated: animated)
            try stepBack(from: index, leaving: below.leavingReason ?? .byUser)
        }
        steps.append(Step(presentation: presentation, answer: nil))
        record(answer, at: index)
        return answer
    }

    /// Keeps `answer` as step `index`'s, for this run and the next ones, and as its last.
    private func record(_ answer: any Sendable, at index: Int) {
        steps[index].answer = answer
        remember(answer, at: index)
    }

    /// Keeps `answer` as the last given at step `index`.
    private func remember(_ answer: any Sendable, at index: Int) {
        while lastAnswers.count <= index { lastAnswers.append(nil) }
        lastAnswers[index] = answer
    }

    /// Step `index` cannot go on: a step left the stack for `reason`. A person's pop goes back
    /// to the step left on top, which the hook in `finishDismissal` re-opened: this run of the
    /// body is abandoned (`FormStepBack`) and the form runs it again. Any other removal, or
    /// the first step's, ends the form with `FlowDismissed`.
    private func stepBack(from index: Int, leaving reason: DismissalReason) throws -> Never {
        guard reason == .byUser else { throw FlowDismissed(reason: reason) }
        let kept = steps.prefix { $0.presentation.isPresented }.count
        if kept < steps.count, let lower = steps[kept].presentation.leavingReason, lower != .byUser {
            throw FlowDismissed(reason: lower)
        }
        guard kept > 0 else { throw FlowDismissed(reason: .byUser) }
        steps.removeSubrange(kept...)
        steps[kept - 1].answer = nil
        steppedBack = true
        throw FormStepBack()
    }

    /// An answer the presentation accepted: of the screen's `Answer` type.
    private func cast<Answer>(_ value: any Sendable) throws -> Answer {
        guard let answer = value as? Answer else {
            preconditionFailure("Presentation.answer(_:) accepted a \(type(of: value)), not a \(Answer.self)")
        }
        return answer
    }

    private func checkInBody() throws {
        if steppedBack { throw FormStepBack() }
        guard !ended, !isAsking else {
            throw CoordinatorError(
                .notInForm,
                "\(flow.node.coordinatorName) asked a step of a form "
                    + (ended ? "after flow.form returned" : "while another of its steps was waiting")
                    + ". Ask a form's steps one after another, inside its body.")
        }
    }

    // MARK: Runs of the body

    /// Starts a run of the body from the first step.
    func beginRun() {
        cursor = 0
        steppedBack = false
    }

    /// The body returned: throws `formNotRepeatable` if it did not reach the step a person
    /// went back to.
    func checkRunComplete() throws(CoordinatorError) {
        guard cursor < steps.count else { return }
        throw CoordinatorError(
            .formNotRepeatable,
            "\(flow.node.coordinatorName)'s form returned after \(cursor) step(s), before step \(steps.count), to "
                + "which a person went back. The form runs its body again from the start after a step back: make "
                + "it ask the same steps for the same answers.")
    }

    /// `Flow.form` returns or throws: its steps stay on the stack, owned by the coordinator,
    /// and stop waiting, from the top down (see `Presentation.endFormStep()`).
    func end() {
        ended = true
        for step in steps.reversed() { step.presentation.endFormStep() }
        // A handle kept past the form holds none of its screens or answers.
        steps = []
        lastAnswers = []
    }
}

/// Thrown through the body of a form when a person goes back to an earlier step: the form
/// runs the body again.
struct FormStepBack: Error {}

/// What a form needs of its flow, whatever the flow's `Output`: `Flow.ask`'s machinery.
protocol FormFlow: Sendable {
    var node: Node { get }

    func ask<S: Screen>(
        _ screen: S, on presenter: some Presenter, then afterAnswer: AfterAnswer, options: PresentationOptions,
        animated: Bool, waitingWith waitForReply: (Presentation) async throws -> Presentation.Reply
    ) async throws -> S.Answer
}

extension Flow: FormFlow {}
