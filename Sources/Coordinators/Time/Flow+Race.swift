extension Flow {
    /// Runs two or more coordinators as children of this one, at the same time, and returns
    /// the first to end: a sign-in against "continue as guest", a download against a
    /// cancel screen. Throws if the first to end did not finish.
    ///
    /// ```swift
    /// let winner = try await flow.race(
    ///     .flow(LoginCoordinator(navigation: navigation)) { .signedIn($0) },
    ///     .flow(GuestCoordinator(navigation: navigation)) { _ in .guest })
    /// ```
    ///
    /// The first racer to **end** wins, however it ends: a racer that fails, is dismissed by
    /// the user or is cancelled on its own first is the winner, and this throws what its
    /// outcome stands for (as `run(_:timeout:)` does; `raceForOutcome` returns it instead). Exactly
    /// one racer wins, even if several end at the same moment. The others are then
    /// cancelled, and this returns only after every racer's teardown: no loser is left
    /// running or showing anything, and the race holds none of them.
    ///
    /// Each racer is a child of this coordinator (in its subtree and its snapshot), started
    /// in the order given, whichever task calls this. Throws `CoordinatorError` (before any
    /// racer runs, and leaving none running) if a racer cannot start: `alreadyRun` for an
    /// instance that ran before, or given twice; `flowEnded`, `notRunning` for this flow.
    /// The racers before it are then spent (an instance runs once).
    ///
    /// Cancellation: cancelling the calling task cancels every racer; this then throws
    /// `CancellationError` after their teardown (unless a racer had already won).
    public nonisolated(nonsending) func race<Value>(
        _ first: Racer<Value>, _ second: Racer<Value>, _ more: Racer<Value>..., file: String = #fileID,
        line: Int = #line
    ) async throws -> RaceWinner<Value> {
        try await runRace([first, second] + more, file: file, line: line).get()
    }

    /// Runs a race like `race(_:_:_:)`, of the racers in `racers`, in their order: for a list
    /// made at run time. A list of one racer is a race that it wins as it ends (as `run`).
    ///
    /// ```swift
    /// let winner = try await flow.race(providers.map { .flow(SignIn(with: $0)) { $0 } })
    /// ```
    ///
    /// Throws `CoordinatorError` `noRacers` if `racers` is empty (there is nobody to win),
    /// and otherwise what `race(_:_:_:)` throws.
    ///
    /// Cancellation: as for `race(_:_:_:)`.
    public nonisolated(nonsending) func race<Value>(
        _ racers: some Collection<Racer<Value>>, file: String = #fileID, line: Int = #line
    ) async throws -> RaceWinner<Value> {
        try await raceForOutcome(racers, file: file, line: line).get()
    }

    /// Runs a race like `race(_:_:_:)`, but returns the winner with how it ended instead of
    /// throwing. A racer that could not start wins with `.failed(CoordinatorError)`.
    ///
    /// Cancellation: as for `race(_:_:_:)`; the winner's outcome is then most often
    /// `.cancelled`.
    public nonisolated(nonsending) func raceForOutcome<Value>(
        _ first: Racer<Value>, _ second: Racer<Value>, _ more: Racer<Value>..., file: String = #fileID,
        line: Int = #line
    ) async -> RaceOutcome<Value> {
        await runRace([first, second] + more, file: file, line: line)
    }

    /// Runs a race like `race(_:)` of the racers in `racers`, but returns the winner with how
    /// it ended instead of throwing, as `raceForOutcome(_:_:_:)` does.
    ///
    /// Throws `CoordinatorError` `noRacers` if `racers` is empty (there is nobody to win).
    ///
    /// Cancellation: as for `race(_:_:_:)`.
    public nonisolated(nonsending) func raceForOutcome<Value>(
        _ racers: some Collection<Racer<Value>>, file: String = #fileID, line: Int = #line
    ) async throws(CoordinatorError) -> RaceOutcome<Value> {
        guard !racers.isEmpty else {
            throw CoordinatorError(
                .noRacers,
                "\(node.coordinatorName) raced an empty list of racers: nobody can win. Race one racer or more "
                    + "(one is run as flow.run runs it)."
            ).located(at: file, line)
        }
        return await runRace(Array(racers), file: file, line: line)
    }

    /// Runs the race; a racer that cannot start wins with its `CoordinatorError` located at
    /// the caller's `file`:`line` (a racer's own errors keep theirs).
    private func runRace<Value>(_ racers: [Racer<Value>], file: String, line: Int) async -> RaceOutcome<Value> {
        // Every racer is adopted (bound) before any runs, so that the winner can cancel the
        // others whether or not they have been hosted yet: a racer may end while the next
        // ones are being started.
        var isStartTask = false
        for (index, racer) in racers.enumerated() {
            do {
                isStartTask = try racer.adopt(node)
            } catch {
                for adopted in racers[..<index] {
                    adopted.node.abandon(error)
                }
                return RaceOutcome(index: index, id: racer.node.id, outcome: .failed(error.located(at: file, line)))
            }
        }
        node.acceptRoutes()
        let track = RaceTrack<Value>(racers.map(\.node))
        if isStartTask {
            // Called from `start()`: the racers run in child tasks of its task, this
            // coordinator's own.
            await withDiscardingTaskGroup { group in
                for (index, racer) in racers.enumerated() {
                    group.addTask {
                        await racer.run()
                        track.racerEnded(index, racer.outcome(racer.node.teardownCause))
                    }
                }
            }
        } else {
            // Called from another task: each racer is handed over, as `runForOutcome(_:timeout:)`
            // does, so that it is a child task of a group this coordinator owns; this task
            // waits for each racer's end (reported when its teardown completes, before it
            // leaves that group in turn).
            await withTaskCancellationHandler {
                await withDiscardingTaskGroup { group in
                    for (index, racer) in racers.enumerated() {
                        do throws(CoordinatorError) {
                            try node.hostChild(racer.node, running: racer.run)
                            group.addTask { track.racerEnded(index, racer.outcome(await racer.node.ended())) }
                        } catch {
                            // This flow has ended: `hostChild` has ended the racer.
                            track.racerEnded(index, .failed(error))
                        }
                    }
                }
            } onCancel: {
                track.cancelAll()
            }
        }
        return track.result
    }
}
