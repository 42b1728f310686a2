// The hosting loop: how a coordinator runs on its node. It lives in the runtime, which knows
// `Coordinator`; the node's state and transitions, and the teardown's steps 2 to 4, are the
// engine's (`Internal/`). Kept generic over the coordinator, with `start()` called from the
// start task's own frame: the frames a coordinator's tasks keep while idle fit in their
// first allocation slab (an extra layer here costs a 1 KB slab per coordinator).

extension Node {
    /// Runs `coordinator` on this (bound) node in the calling task and returns how it ended,
    /// after the teardown is complete.
    ///
    /// The calling task owns one discarding task group. Its children are `start()` and every
    /// child coordinator this node starts, whichever task asked for it (see `spawn`). The
    /// group's body waits for mail; once the flow has an end cause it cancels the group.
    /// The teardown order of the brief follows from the structure:
    ///
    /// 1. leaving the group awaits every child task; each child coordinator first tears
    ///    down its own subtree in the same way, so the deepest coordinators end first;
    /// 2. the presentations this coordinator still owns are dismissed, most recent first;
    /// 3. the outcome is recorded, the parent forgets the node, waiters are resumed, and
    ///    the lifecycle event is sent;
    /// 4. this function returns, and with it the last reference the runtime held to the
    ///    coordinator. (A child its parent hosts in its group then returns from its task
    ///    when `leaveInTurn` lets it.)
    func host<C: Coordinator>(_ coordinator: C) async -> FlowOutcome<C.Output> {
        if Task.isCancelled {
            requestEnd(.cancelled)
        }
        let (context, isRunning) = state.withLock { ($0.context, $0.machine.isRunning) }
        context?.started(self, coordinator)
        await withDiscardingTaskGroup { group in
            // A flow cancelled before it was hosted never calls `start()`. An immediate task
            // runs `start()` on this thread until it first suspends, instead of handing it
            // to another thread and waiting to be woken.
            if isRunning {
                group.addTaskStartingNow { await self.runStart(coordinator) }
            }
            // While this loop can wait, `start()` runs: its end (`startEnded`) is what wakes
            // the loop after a task cancellation, which leaves the loop asleep on purpose.
            while true {
                // Most often the mail is already there (a child that ran to its end while
                // being started): take it without an asynchronous call.
                guard let mail = takeWaitingMail() else {
                    await waitForMail()
                    continue
                }
                // Children handed over with the end start cancelled: they end at once,
                // without running `start()`, as a flow cancelled before it is hosted does.
                if mail.end { group.cancelAll() }
                for job in mail.jobs {
                    group.addTaskStartingNow(operation: job)
                }
                if mail.end { break }
            }
        }
        let remaining = state.withLock { $0.presentations }
        if !remaining.isEmpty {
            await dismiss(remaining)
        }
        return FlowOutcome(completeTeardown())
    }

    /// The start task: runs `start()` and records how it ended — its output, `cancelled` for
    /// a `CancellationError`, or the error it threw.
    private func runStart<C: Coordinator>(_ coordinator: C) async {
        let task = TaskIdentity.current
        state.withLock { $0.startTask = task }
        let cause: EndCause
        do {
            cause = .finished(try await coordinator.start())
        } catch is CancellationError {
            cause = .cancelled
        } catch {
            cause = .failed(error)
        }
        startEnded(cause)
    }
}
