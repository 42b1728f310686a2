// Running a child and awaiting its result, with an optional time limit. Here rather than in
// `Runtime/` (which runs it: `endCause(running:)`), because a time limit reads the
// coordinator's clock from its environment.

extension Flow {
    /// Runs `child` as a child of this coordinator and returns its output; with a `timeout`,
    /// gives it that long to end, measured on this coordinator's clock
    /// (`flow.environment.clock`), and tears it down and throws `FlowTimedOut` if it has not
    /// ended by then.
    ///
    /// ```swift
    /// let user = try await flow.run(LoginCoordinator(navigation: navigation))
    /// let code = try await flow.run(VerifyCoordinator(navigation: navigation), timeout: .seconds(120))
    /// ```
    ///
    /// Returns only after the child and its whole subtree have ended and every screen they
    /// showed is dismissed. Throws what `FlowOutcome.get()` throws: the child's own error,
    /// `CancellationError`, `FlowDismissed` (its main screen was dismissed, such as by a swipe
    /// back), `FlowTimedOut`, or a `CoordinatorError` for a misuse (`alreadyRun` if this
    /// instance ran before; `flowEnded` if this flow has ended; `notRunning` before it runs).
    ///
    /// A time limit is up at the instant `timeout` after the call. The child then ends as it
    /// would for any other reason: its subtree ends, its screens are dismissed, and this
    /// returns only after all of that, with the child's outcome `.failed(FlowTimedOut)`. The
    /// first ending wins: a child that finished, was dismissed by the user or was cancelled
    /// before its time was up keeps that outcome, and advancing the clock afterwards changes
    /// nothing.
    ///
    /// With `options`, the child's main screen (its first main presentation) is shown as they
    /// say (a sheet with detents, say), unless it is presented with options of its own: the
    /// parent decides how the child's flow appears, the child what it shows.
    ///
    /// Cancellation: cancelling the calling task cancels the child and its subtree; this
    /// then returns after their teardown by throwing `CancellationError`. A timer never
    /// outlives the call.
    public nonisolated(nonsending) func run<Child: Coordinator>(
        _ child: Child, options: PresentationOptions = .automatic, timeout: Duration? = nil,
        file: String = #fileID, line: Int = #line
    ) async throws -> Child.Output {
        guard let timeout else {
            return try await endCause(running: child, options: options, file: file, line: line)
                .output(as: Child.Output.self)
        }
        return try await runForOutcome(child, options: options, timeLimit: timeout, file: file, line: line).get()
    }

    /// Runs `child` like `run(_:timeout:)`, but returns how it ended instead of throwing:
    /// `.failed(FlowTimedOut)` if its time was up first.
    ///
    /// Cancellation: as for `run(_:timeout:)`; the outcome is then `.cancelled`.
    public nonisolated(nonsending) func runForOutcome<Child: Coordinator>(
        _ child: Child, options: PresentationOptions = .automatic, timeout: Duration? = nil,
        file: String = #fileID, line: Int = #line
    ) async -> FlowOutcome<Child.Output> {
        guard let timeout else {
            return FlowOutcome(await endCause(running: child, options: options, file: file, line: line))
        }
        return await runForOutcome(child, options: options, timeLimit: timeout, file: file, line: line)
    }

    /// `runForOutcome(_:timeout:)` with a time limit.
    private func runForOutcome<Child: Coordinator>(
        _ child: Child, options: PresentationOptions, timeLimit timeout: Duration, file: String, line: Int
    ) async -> FlowOutcome<Child.Output> {
        // A flow whose environment cannot be read has not run or has ended: running the
        // child without a timer fails with the error that says which (and spends the child as
        // running it without a time limit does).
        guard let clock = try? environment.clock else {
            return FlowOutcome(await endCause(running: child, options: options, file: file, line: line))
        }
        let deadline = Deadline(after: timeout, on: clock)
        let childNode = child.flow.node
        let isStartTask: Bool
        do {
            isStartTask = try node.adopt(childNode, running: Child.self, acceptingRoutes: true)
        } catch {
            return .failed(error.located(at: file, line))
        }
        if !options.isAutomatic { childNode.giveFirstPresentationOptions(options) }
        // Adopted first, so that the timer always finds the child bound: an end cause recorded
        // before the child is hosted ends it without running `start()`.
        let timedOut = FlowTimedOut(name: TypeNames.name(of: Child.self), timeout: timeout)
        return await deadline.racing {
            FlowOutcome(await run(adopted: child, isStartTask: isStartTask))
        } orElse: {
            childNode.requestEnd(.failed(timedOut))
        }
    }
}
