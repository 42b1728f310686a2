extension Flow {
    /// Shows `screen` on `presenter` and returns the value it answers: a picker's choice,
    /// a form's content.
    ///
    /// ```swift
    /// let color = try await flow.ask(ColorPicker(), on: modal)            // shown, answered, dismissed
    /// let email = try await flow.ask(EmailForm(), on: navigation, then: .keep)   // stays on the stack
    /// ```
    ///
    /// The screen answers through its presentation's `answer(_:)` (a UI presenter hands that
    /// call to its view; a test calls it on the presentation in a headless presenter's
    /// state). With `.dismiss` (the default) the question is an auxiliary presentation,
    /// dismissed once answered; with `.keep` it is presented like `present` does (main if it
    /// is this coordinator's first) and stays, owned by this coordinator.
    ///
    /// `options` and `animated` say how it is shown, as for `present(_:on:role:options:animated:)`;
    /// `animated` also applies to its dismissal once answered.
    ///
    /// If the presentation leaves the screen before it answers (a swipe down, a pop, its
    /// coordinator's teardown), throws `FlowDismissed` with the reason: the coordinator
    /// always learns what became of its question. An `Alert` or a `ConfirmationDialog` a
    /// person dismisses without a button (a tap outside, a swipe) answers its cancel button's
    /// value instead; one with no cancel button cannot be dismissed that way. An answer given before the dismissal is
    /// returned even if the screen is gone by the time the coordinator reads it.
    ///
    /// Throws what `present(_:on:role:)` throws, and `CoordinatorError` `notAsking` for a
    /// screen whose `Answer` is `Never`, `invalidAlert` for an alert with no buttons or more
    /// than one cancel button (both before showing anything), and `wrongAnswerType` when a
    /// person dismisses an `AlertContent` of your own whose cancel button answers another type.
    ///
    /// Cancellation: throws `CancellationError` — unless the answer had already arrived,
    /// which is then returned — and later answers are refused (`notAsking`); with
    /// `.dismiss` the unanswered question is dismissed first (`.byCoordinator`), with
    /// `.keep` it stays until its coordinator ends.
    public nonisolated(nonsending) func ask<S: Screen>(
        _ screen: S, on presenter: some Presenter, then afterAnswer: AfterAnswer = .dismiss,
        options: PresentationOptions = .automatic, animated: Bool = true,
        file: String = #fileID, line: Int = #line
    ) async throws -> S.Answer {
        do {
            return try await ask(screen, on: presenter, then: afterAnswer, options: options, animated: animated) {
                presentation in
                try await presentation.reply()
            }
        } catch {
            throw CoordinatorError.located(error, at: file, line)
        }
    }

    /// `ask(_:on:then:)`, waiting for the reply with `waitForReply` once the question is
    /// shown. An error it throws takes the cancellation path (later answers refused, the
    /// question dismissed with `.dismiss`, an answer that arrived first returned) and is then
    /// thrown: a timeout's wait throws `FlowTimedOut` when its timer wins.
    func ask<S: Screen>(
        _ screen: S, on presenter: some Presenter, then afterAnswer: AfterAnswer, options: PresentationOptions,
        animated: Bool, formStepAbove stepBelow: Presentation? = nil,
        waitingWith waitForReply: (Presentation) async throws -> Presentation.Reply
    ) async throws -> S.Answer {
        guard S.Answer.self != Never.self else {
            throw CoordinatorError(
                .notAsking,
                "\(node.coordinatorName) asked \(screen.screenName), which answers nothing (its Answer is Never). Show "
                    + "it with flow.present(_:on:), or give the screen an Answer type.")
        }
        let dismissesAfterAnswer = afterAnswer == .dismiss
        let alert = screen as? any AlertContent
        var options = options
        if let alert {
            try alert.validate()
            if !alert.hasCancelButton { options.allowsInteractiveDismissal = false }
        }
        var expected = ExpectedAnswer(S.Answer.self)
        expected.stepBelow = stepBelow  // a form's step: linked before it can be shown and popped
        let presentation = try await present(
            screen, on: presenter, role: dismissesAfterAnswer ? .auxiliary : .automatic, options: options,
            animated: animated, expecting: expected)
        node.acceptRoutes()
        let reply: Presentation.Reply
        do {
            reply = try await waitForReply(presentation)
        } catch {
            // Cancelled (or timed out): refuse later answers, but keep one that already arrived.
            let early = presentation.abandonAsk()
            if dismissesAfterAnswer { await presentation.dismissIfPresented(.byCoordinator, animated: animated) }
            guard let early else { throw error }
            reply = .answered(early)
        }
        switch reply {
        case .dismissed(.byUser) where alert?.hasCancelButton == true:
            // A tap outside an alert, a swipe down of a dialog: its cancel button.
            // `Alert` and `ConfirmationDialog` cannot get this wrong; an `AlertContent` of the
            // user's own can.
            guard let answer = alert?.cancelAnswer as? S.Answer else {
                throw CoordinatorError(
                    .wrongAnswerType,
                    "\(screen.screenName)'s cancel button answers a value that is not a \(S.Answer.self), its Answer. "
                        + "Make answer(forButtonAt:) return the Answer type.")
            }
            return answer
        case .dismissed(let reason):
            throw FlowDismissed(reason: reason)
        case .answered(let value):
            if dismissesAfterAnswer { await presentation.dismissIfPresented(.byCoordinator, animated: animated) }
            // `answer(_:)` refuses any other type with `wrongAnswerType` before storing it.
            guard let answer = value as? S.Answer else {
                preconditionFailure("Presentation.answer(_:) accepted a \(type(of: value)), not a \(S.Answer.self)")
            }
            return answer
        }
    }
}
