extension Flow {
    /// Asks like `ask(_:on:then:)`, but gives the screen `timeout` to answer, measured on this
    /// coordinator's clock (`flow.environment.clock`) from the moment it is shown; if it has
    /// not answered by then, throws `FlowTimedOut` (named after the screen).
    ///
    /// ```swift
    /// let confirmed = try await flow.ask(StillThereAlert(), on: modal, timeout: .seconds(30))
    /// ```
    ///
    /// When the time is up the question is treated as when the asking task is cancelled:
    /// later answers are refused (`notAsking`), and with `.dismiss` (the default) the question
    /// is dismissed (`.byCoordinator`) before this throws; with `.keep` it stays until its
    /// coordinator ends. An answer that arrived first wins and is returned.
    ///
    /// Throws what `ask(_:on:then:)` throws otherwise, and `CoordinatorError` `notRunning` or
    /// `flowEnded` (before showing anything) if this flow's environment cannot be read.
    ///
    /// Cancellation: as for `ask(_:on:then:)`. The timer never outlives the call.
    public nonisolated(nonsending) func ask<S: Screen>(
        _ screen: S, on presenter: some Presenter, then afterAnswer: AfterAnswer = .dismiss,
        options: PresentationOptions = .automatic, animated: Bool = true, timeout: Duration,
        file: String = #fileID, line: Int = #line
    ) async throws -> S.Answer {
        do {
            return try await ask(
                screen, on: presenter, then: afterAnswer, options: options, animated: animated, within: timeout)
        } catch {
            throw CoordinatorError.located(error, at: file, line)
        }
    }

    private func ask<S: Screen>(
        _ screen: S, on presenter: some Presenter, then afterAnswer: AfterAnswer, options: PresentationOptions,
        animated: Bool, within timeout: Duration
    ) async throws -> S.Answer {
        let clock = try environment.clock
        return try await ask(screen, on: presenter, then: afterAnswer, options: options, animated: animated) {
            presentation in
            let deadline = Deadline(after: timeout, on: clock)
            return try await withThrowingTaskGroup(of: Presentation.Reply?.self) { group in
                group.addTask { try await presentation.reply() }
                group.addTask {
                    try await deadline.reached()
                    return nil
                }
                defer { group.cancelAll() }
                // Both tasks are there, so `next()` has a first one: the reply, or `nil` (the
                // timer). A cancelled caller gets the `CancellationError` of either.
                guard let reply = try await group.next() ?? nil else {
                    throw FlowTimedOut(name: screen.screenName, timeout: timeout)
                }
                return reply
            }
        }
    }
}
