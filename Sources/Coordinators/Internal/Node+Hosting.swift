extension Node {
    /// Runs a coordinator on this (bound) node in the calling task and returns how it ended,
    /// after the teardown is complete.
    ///
    /// `start` is the task that runs the coordinator's `start()`: it calls `startBegan()`
    /// first and `startEnded(_:)` last. The runtime writes it (`Runtime/Node+Start.swift`), so
    /// that the engine never names `Coordinator`.
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
    func host(start: @escaping @isolated(any) @Sendable () async -> Void) async -> EndCause {
        if Task.isCancelled {
            requestEnd(.cancelled)
        }
        let (context, isRunning) = state.withLock { ($0.context, $0.machine.isRunning) }
        context?.emit(self, .started)
        await withDiscardingTaskGroup { group in
            // A flow cancelled before it was hosted never calls `start()`. An immediate task
            // runs `start()` on this thread until it first suspends, instead of handing it
            // to another thread and waiting to be woken.
            if isRunning {
                group.addTaskStartingNow(operation: start)
            }
            // While this loop can wait, `start()` runs: its end (`startEnded`) is what wakes
            // the loop after a task cancellation, which leaves the loop asleep on purpose.
            while true {
                // Most often the mail is already there (a child that ran to its end while
                // being started): take it without an asynchronous call.
                let mail = if let ready = takeWaitingMail() { ready } else { await waitForMail() }
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
        return completeTeardown()
    }

    /// The start task has begun: remember it, so that `Flow.run` called from it can host
    /// the child right there (`adopt`).
    func startBegan() {
        let task = TaskIdentity.current
        state.withLock { $0.startTask = task }
    }

    /// Teardown step 2: dismiss what this coordinator still shows, most recent first.
    private func dismiss(_ remaining: [Presentation]) async {
        for presentation in remaining.reversed() {
            await presentation.tearDown()
        }
    }

    /// Teardown step 3: the outcome is final; tell the parent and everyone waiting.
    @inline(never)
    private func completeTeardown() -> EndCause {
        let (cause, parent, id, waiters, context) = state.withLock { state in
            let cause = state.machine.teardownCompleted()
            let parent = state.parent
            state.parent = nil
            defer { state.endWaiters = [] }
            return (cause, parent, state.id, state.endWaiters, state.context)
        }
        let departure =
            parent?.state.withLock { state in
                _ = state.children.removeValue(forKey: id.rawValue)
                return state.hosted.depart(self, parentEnding: !state.machine.isRunning)
            } ?? .notHosted
        context?.emit(self, .ended(cause))
        for waiter in waiters {
            waiter.resume(returning: cause)
        }
        switch departure {
        case .notHosted: break
        case .left(let sibling): sibling?.resume()
        case .mustWait: state.withLock { $0.waitsToLeave = true }
        }
        return cause
    }

    /// Teardown step 4, for a child this node hosts in its group, after `host` returned: if
    /// the child may not leave the group yet (`HostedChildren`), waits until few enough older
    /// siblings are left, then lets it leave and wakes the sibling whose turn that brings.
    /// Not cancellable: the task is cancelled already, and this node waits for its whole
    /// group anyway.
    @inline(never)
    func leaveInTurn(_ child: Node) async {
        guard child.state.withLock({ $0.waitsToLeave }) else { return }
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            if !state.withLock({ $0.hosted.wait(child, continuation) }) {
                continuation.resume()
            }
        }
        state.withLock { $0.hosted.remove(child) }?.resume()
    }
}
