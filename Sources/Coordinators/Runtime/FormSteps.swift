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
    /// Where the form is in its steps (see `FormReplay`).
    var replay = FormReplay<Presentation>()
    /// A step is waiting for its answer (or being pushed).
    var isAsking = false
    /// `Flow.form` has returned or thrown.
    var ended = false

    let flow: any FormFlow
    let navigation: any StackPresenter
    let animated: Bool

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
    /// step is answered differently: it is handed over whenever the step at this place is a
    /// screen of the same type (another screen there, on another branch, starts empty).
    ///
    /// Throws as `ask(_:)`. Cancellation: as `ask(_:)`.
    public nonisolated(nonsending) func ask<S: Screen>(
        file: String = #fileID, line: Int = #line, _ makeScreen: (_ lastAnswer: S.Answer?) -> S
    ) async throws -> S.Answer {
        do {
            try checkInBody()
            isAsking = true
            defer { isAsking = false }
            switch replay.next {
            case .replayed(let shown, let answer):
                try check(shown, shows: S.self)
                replay.replayed()
                return try cast(answer)
            case .waitsAgain(let shown):
                try check(shown, shows: S.self)
                return try await waitAgain(on: shown)
            case .pushed(let below, let last):
                // Only a screen of the type that gave it: another step in this place (the body
                // took another branch) starts empty.
                let lastAnswer = last.flatMap { $0.screen == ObjectIdentifier(S.self) ? $0.answer as? S.Answer : nil }
                return try await push(makeScreen(lastAnswer), above: below)
            }
        } catch {
            throw CoordinatorError.located(error, at: file, line)
        }
    }

    // MARK: Steps

    /// Waits for a new answer on `presentation`, the step a person went back to.
    private nonisolated(nonsending) func waitAgain<Answer>(on presentation: Presentation) async throws -> Answer {
        let reply: Presentation.Reply
        do {
            reply = try await presentation.reply()
        } catch {
            // Cancelled: refuse later answers, but keep one that already arrived.
            guard let early = presentation.abandonAsk() else { throw error }
            reply = .answered(early)
        }
        switch reply {
        case .answered(let value):
            replay.answered(value, screen: ObjectIdentifier(type(of: presentation.screen)))
            return try cast(value)
        case .dismissed(let reason):
            try stepLeft(reason)
        }
    }

    /// Pushes a new step above `below` (the last one on the stack) and waits for its answer.
    private nonisolated(nonsending) func push<S: Screen>(_ screen: S, above below: Presentation?) async throws
        -> S.Answer
    {
        if let below, !below.isPresented {
            // A person went back while the body ran between two steps.
            try stepLeft(below.leavingReason ?? .byUser)
        }
        // Where `Flow.ask` hands over the presentation it made.
        let pushed = Locked<Presentation?>(nil)
        let answer: S.Answer
        do {
            answer = try await flow.ask(
                screen, on: navigation, then: .keep, options: .automatic, animated: animated, formStepAbove: below
            ) { presentation in
                pushed.withLock { $0 = presentation }
                guard let below else { return try await presentation.reply() }
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
                try stepLeft(below?.leavingReason ?? .byUser)
            case let dismissed as FlowDismissed where below != nil:
                try stepLeft(dismissed.reason)
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
            replay.remember(answer, screen: ObjectIdentifier(S.self))  // for the step pushed again here
            await presentation.dismissIfPresented(.byCoordinator, animated: animated)
            try stepLeft(below.leavingReason ?? .byUser)
        }
        replay.pushed(presentation, answered: answer, screen: ObjectIdentifier(S.self))
        return answer
    }

    /// The step asked cannot go on: a step left the stack for `reason`. A person's pop goes
    /// back to the step left on top, which the hook in `finishDismissal` re-opened: this run
    /// of the body is abandoned (`FormStepBack`) and the form runs it again. Any other
    /// removal, or the first step's, ends the form with `FlowDismissed`.
    private func stepLeft(_ reason: DismissalReason) throws -> Never {
        let shown = replay.steps.map(\.shown)
        let stillShown = shown.prefix { $0.isPresented }.count
        let lowestGone = stillShown < shown.count ? shown[stillShown].leavingReason : nil
        switch replay.stepLeft(reason, stillShown: stillShown, lowestGone: lowestGone) {
        case .goesBack: throw FormStepBack()
        case .ends(let reason): throw FlowDismissed(reason: reason)
        }
    }

    /// A step asked again after a step back shows the screen it showed before.
    private func check<S: Screen>(_ presentation: Presentation, shows _: S.Type) throws(CoordinatorError) {
        guard type(of: presentation.screen) != S.self else { return }
        throw CoordinatorError(
            .formNotRepeatable,
            "\(flow.node.coordinatorName)'s form asked \(S.self) at step \(replay.cursor + 1), which showed "
                + "\(presentation.screen.screenName) before a person went back. The form runs its body again from "
                + "the start after a step back: make it ask the same steps for the same answers.")
    }

    /// An answer the presentation accepted: of the screen's `Answer` type.
    private func cast<Answer>(_ value: any Sendable) throws -> Answer {
        guard let answer = value as? Answer else {
            preconditionFailure("Presentation.answer(_:) accepted a \(type(of: value)), not a \(Answer.self)")
        }
        return answer
    }

    private func checkInBody() throws {
        if replay.steppedBack { throw FormStepBack() }
        guard !ended, !isAsking else {
            throw CoordinatorError(
                .notInForm,
                "\(flow.node.coordinatorName) asked a step of a form "
                    + (ended ? "after flow.form returned" : "while another of its steps was waiting")
                    + ". Ask a form's steps one after another, inside its body.")
        }
    }

    // MARK: Runs of the body

    /// Whether the run of the body was abandoned after a step back.
    var steppedBack: Bool { replay.steppedBack }

    /// Starts a run of the body from the first step.
    func beginRun() { replay.beginRun() }

    /// The body returned: throws `formNotRepeatable` if it did not reach the step a person
    /// went back to.
    func checkRunComplete() throws(CoordinatorError) {
        guard !replay.reachedEveryStep else { return }
        throw CoordinatorError(
            .formNotRepeatable,
            "\(flow.node.coordinatorName)'s form returned after \(replay.cursor) step(s), before step "
                + "\(replay.steps.count), to which a person went back. The form runs its body again from the start "
                + "after a step back: make it ask the same steps for the same answers.")
    }

    /// `Flow.form` returns or throws: its steps stay on the stack, owned by the coordinator,
    /// and stop waiting, from the top down (see `Presentation.endFormStep()`). A handle kept
    /// past the form holds none of its screens or answers.
    func end() {
        ended = true
        for presentation in replay.end() { presentation.endFormStep() }
    }
}

@available(*, unavailable, message: "A form's steps are asked one after another, in its body's task")
extension FormSteps: Sendable {}

/// Thrown through the body of a form when a person goes back to an earlier step: the form
/// runs the body again.
struct FormStepBack: Error {}

/// What a form needs of its flow, whatever the flow's `Output`: `Flow.ask`'s machinery.
protocol FormFlow: Sendable {
    var node: Node { get }

    func ask<S: Screen>(
        _ screen: S, on presenter: some Presenter, then afterAnswer: AfterAnswer, options: PresentationOptions,
        animated: Bool, formStepAbove stepBelow: Presentation?,
        waitingWith waitForReply: (Presentation) async throws -> Presentation.Reply
    ) async throws -> S.Answer
}

extension Flow: FormFlow {}
