extension Flow {
    /// Runs `child` like `run(_:)`, but gives it `timeout` to end, measured on this
    /// coordinator's clock (`flow.environment.clock`); if it has not ended by then, it is
    /// torn down and this throws `FlowTimedOut`.
    ///
    /// ```swift
    /// let user = try await flow.run(LoginCoordinator(navigation: navigation), timeout: .seconds(120))
    /// ```
    ///
    /// The time is up at the instant `timeout` after the call. The child then ends as it would
    /// for any other reason: its subtree ends, its screens are dismissed, and this returns
    /// only after all of that, with the child's outcome `.failed(FlowTimedOut)`. The first
    /// ending wins: a child that finished, was dismissed by the user or was cancelled before
    /// its time was up keeps that outcome, and advancing the clock afterwards changes
    /// nothing. Throws what `run(_:)` throws otherwise.
    ///
    /// Cancellation: as for `run(_:)`: cancelling the calling task cancels the child and its
    /// subtree, then this throws `CancellationError` after their teardown. The timer never
    /// outlives the call.
    public func run<Child: Coordinator>(_ child: Child, timeout: Duration) async throws -> Child.Output {
        try await runForOutcome(child, timeout: timeout).get()
    }

    /// Runs `child` like `run(_:timeout:)`, but returns how it ended instead of throwing:
    /// `.failed(FlowTimedOut)` if its time was up first.
    ///
    /// Cancellation: as for `run(_:timeout:)`; the outcome is then `.cancelled`.
    public func runForOutcome<Child: Coordinator>(
        _ child: Child, timeout: Duration
    ) async -> FlowOutcome<Child.Output> {
        // A flow whose environment cannot be read has not run or has ended: running the
        // child without a timer fails with the error that says which (and spends the child as
        // `runForOutcome(_:)` does).
        guard let clock = try? environment.clock else { return await runForOutcome(child) }
        let deadline = Deadline(after: timeout, on: clock)
        let childNode = child.flow.node
        let isStartTask: Bool
        do {
            isStartTask = try node.adopt(childNode, running: Child.self, acceptingRoutes: true)
        } catch {
            return .failed(error)
        }
        // Adopted first, so that the timer always finds the child bound: an end cause recorded
        // before the child is hosted ends it without running `start()`.
        let timedOut = FlowTimedOut(name: String(describing: Child.self), timeout: timeout)
        return await deadline.racing {
            FlowOutcome(await run(adopted: child, isStartTask: isStartTask))
        } orElse: {
            childNode.requestEnd(.failed(timedOut))
        }
    }
}
