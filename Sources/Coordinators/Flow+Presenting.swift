extension Flow {
    /// Shows `screen` on `presenter`, owned by this coordinator, and returns once it is on
    /// the surface.
    ///
    /// The coordinator owns the presentation: when the coordinator ends, the runtime
    /// dismisses it if it is still shown. By default the first presentation a coordinator
    /// makes is its main one: if it leaves the screen before the coordinator finishes
    /// (a swipe back, a pop by another coordinator), the coordinator ends as `dismissed`.
    /// Pass `role: .auxiliary` for screens that may come and go. A screen that replaces
    /// this coordinator's own main screen on a `SlotPresenter` (a new window root) becomes
    /// its main one, so the coordinator goes on; on a replacing presenter of your own, pass
    /// `role: .main`.
    ///
    /// Throws `CoordinatorError` `flowEnded` after the flow ended, `notRunning` before it
    /// runs; rethrows the presenter's error if it could not show the screen.
    ///
    /// Cancellation: if the calling task is already cancelled, throws `CancellationError`
    /// and shows nothing. Once the presenter has been called, cancellation does not undo
    /// it: the screen is shown and returned (and dismissed with its owner, which a
    /// cancelled coordinator is about to be).
    @discardableResult
    public func present(
        _ screen: some Screen,
        on presenter: some Presenter,
        role: PresentationRole = .automatic
    ) async throws -> Presentation {
        try await present(screen, on: presenter, role: role, expecting: nil)
    }

    private func present(
        _ screen: some Screen, on presenter: some Presenter, role: PresentationRole, expecting: ExpectedAnswer?
    ) async throws -> Presentation {
        try Task.checkCancellation()
        let role = try roleReplacingOwnMain(role, on: presenter)
        let presentation = try node.makePresentation(screen, on: presenter, role: role, expecting: expecting)
        do {
            try await presenter.present(presentation)
        } catch {
            node.presentationFailed(presentation)
            throw error
        }
        try await node.didPresent(presentation)
        return presentation
    }

    /// Removes `presentation` from the screen and returns once it is gone.
    ///
    /// If it is a main presentation, the coordinator then ends as `dismissed(.byCoordinator)`;
    /// to end with a result, call `finish(with:)` instead, which removes it too.
    ///
    /// Throws `CoordinatorError` `notOwner` if another coordinator owns it,
    /// `alreadyDismissed` if it has already left the screen.
    ///
    /// Cancellation: runs to completion; a screen half-removed helps no one.
    public func dismiss(_ presentation: Presentation) async throws {
        guard presentation.owner === node else {
            throw CoordinatorError(
                .notOwner,
                "\(node.coordinatorName) tried to dismiss \(presentation), which \(presentation.owner.coordinatorName) "
                    + "owns. A coordinator dismisses only what it presented; ask the owner (or end it) instead.")
        }
        try presentation.beginDismissal(.byCoordinator)
        await presentation.performDismissal(.byCoordinator)
    }

    /// On a presenter that replaces what it shows (a window's root), a new presentation
    /// that replaces this coordinator's own main one takes over the main role, as with
    /// `setStack`, so the coordinator goes on. An auxiliary one would end it: that is a
    /// misuse.
    private func roleReplacingOwnMain(
        _ role: PresentationRole, on presenter: some Presenter
    ) throws(CoordinatorError) -> PresentationRole {
        guard role != .main, let replaced = presenter.presentationReplacedByNextPresent,
            replaced.owner === node, replaced.isMain
        else { return role }
        guard role == .automatic else {
            throw CoordinatorError(
                .replacesOwnMain,
                "\(node.coordinatorName) presented an auxiliary screen (or asked a question) on \(presenter), which "
                    + "would replace its own main screen \(replaced) and so end it. Present it on another presenter "
                    + "(a modal), or with role .main (or .automatic) to make it the new main screen.")
        }
        return .main
    }

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
    /// If the presentation leaves the screen before it answers (a swipe down, a pop, its
    /// coordinator's teardown), throws `FlowDismissed` with the reason: the coordinator
    /// always learns what became of its question. An answer given before the dismissal is
    /// returned even if the screen is gone by the time the coordinator reads it.
    ///
    /// Throws what `present(_:on:role:)` throws, and `CoordinatorError` `notAsking` for a
    /// screen whose `Answer` is `Never` (before showing anything).
    ///
    /// Cancellation: throws `CancellationError` — unless the answer had already arrived,
    /// which is then returned — and later answers are refused (`notAsking`); with
    /// `.dismiss` the unanswered question is dismissed first (`.byCoordinator`), with
    /// `.keep` it stays until its coordinator ends.
    public func ask<S: Screen>(
        _ screen: S, on presenter: some Presenter, then afterAnswer: AfterAnswer = .dismiss
    ) async throws -> S.Answer {
        guard S.Answer.self != Never.self else {
            throw CoordinatorError(
                .notAsking,
                "\(node.coordinatorName) asked \(screen.screenName), which answers nothing (its Answer is Never). Show "
                    + "it with flow.present(_:on:), or give the screen an Answer type.")
        }
        let dismissesAfterAnswer = afterAnswer == .dismiss
        let presentation = try await present(
            screen, on: presenter, role: dismissesAfterAnswer ? .auxiliary : .automatic,
            expecting: ExpectedAnswer(S.Answer.self))
        let reply: Presentation.Reply
        do {
            reply = try await presentation.reply()
        } catch {
            // Cancelled: refuse later answers, but keep one that already arrived.
            let early = presentation.abandonAsk()
            if dismissesAfterAnswer { await presentation.dismissIfPresented(.byCoordinator) }
            guard let early else { throw error }
            reply = .answered(early)
        }
        switch reply {
        case .dismissed(let reason):
            throw FlowDismissed(reason: reason)
        case .answered(let value):
            if dismissesAfterAnswer { await presentation.dismissIfPresented(.byCoordinator) }
            guard let answer = value as? S.Answer else {
                preconditionFailure("Presentation.answer(_:) accepted a \(type(of: value)), not a \(S.Answer.self)")
            }
            return answer
        }
    }

    /// The presentations this coordinator owns that are on screen (or being shown), in
    /// the order it made them.
    public var presentations: [Presentation] {
        node.state.withLock { $0.presentations }
    }
}

/// What `Flow.ask(_:on:then:)` does with its screen once it has answered.
public enum AfterAnswer: Sendable, Hashable {
    /// Dismiss it: a question, a picker, an alert. It is an auxiliary presentation.
    case dismiss
    /// Leave it on the screen, owned by the coordinator: a step of a form on a navigation
    /// stack that a person can go back to.
    case keep
}
