// How a node's flow ends: recording an end cause (from `start()`, `finish`, a cancellation,
// a dismissal, an ancestor's end), the walk that records the ends of the whole subtree before
// any task is cancelled, and the waits for the end (`flow.finished`, `ChildFlow`, the parent's
// read of the outcome). The lifecycle's decisions are `LifecycleStateMachine`'s; the teardown
// that follows is `Node+Teardown.swift`'s.

extension Node {
    /// Records `cause` if the flow still runs, and wakes everything waiting for that: the
    /// hosting loop, `flow.finished` callers, and `start()` itself, whose task is cancelled;
    /// then ends its children as cancelled. Returns `false` if an earlier cause already ended
    /// the flow.
    @discardableResult
    func requestEnd(_ cause: EndCause) -> Bool {
        endTransition { state in state.machine.requestEnd(cause) }
    }

    /// `start()` has returned or thrown: record that as the end cause if there is none yet.
    /// Its task is forgotten first, so nothing cancels it from now on (the teardown runs in
    /// it, as `start()` did). Returns where the teardown begins, read in the same critical
    /// section (`TeardownStart`).
    @inline(never)
    func startEnded(_ cause: EndCause) -> TeardownStart {
        var start = TeardownStart.afterLoop
        _ = endTransition { state in
            state.runningStart = nil
            let recorded = state.machine.requestEnd(cause)
            start = TeardownStart(&state)
            return recorded
        }
        return start
    }

    /// `flow.finish(with:)` and `flow.finish(throwing:)`: like `requestEnd`, but finishing
    /// a flow that is not running is a misuse.
    func finish(_ cause: EndCause) throws(CoordinatorError) {
        _ = try endTransition { (state: inout State) throws(CoordinatorError) -> Bool in
            let type = state.coordinatorType
            try state.machine.finish(cause, coordinator: type.map { String(describing: $0) } ?? "A coordinator")
            return true
        }
    }

    private func endTransition<Failure: Error>(
        _ transition: (inout State) throws(Failure) -> Bool
    ) throws(Failure) -> Bool {
        guard
            let ended = try withLock({ state throws(Failure) -> Ended? in
                guard try transition(&state) else { return nil }
                return Ended(self, &state)
            })
        else { return false }
        // Then its children, and theirs, as cancelled: one walk of the subtree, depth first
        // with a stack of its own (not a recursion, however deep the tree), one node's lock
        // at a time. A node's end is carried out only once its whole subtree has recorded
        // its ends: cancelling its task cancels the children run from its `start()` (its
        // child tasks) at once, and waking its loop cancels the others, and they must find
        // their ends recorded — or a `start()` that catches the cancellation could still
        // finish its flow. Leaves are carried out as soon as they are reached, so their
        // teardowns start while the walk goes on.
        //
        // A child found ended already may be ending on its own, its walk on another thread
        // not yet past the ends below it: this walk goes on through it (its end is carried out
        // by the walk that recorded it), so that the ends below are recorded, by one walk or
        // the other, before this node's end cancels their tasks. A node stays among its
        // parent's children until its teardown completes, so a walk also goes through ended
        // subtrees still tearing down: one lock section per such node. Only ends that follow
        // one another up a chain while the subtree below is still tearing down (each
        // coordinator ending on its own) revisit nodes, at most once per such ancestor; a
        // cancelled tree is walked once.
        guard !ended.children.isEmpty else {
            ended.carryOut()  // the common case, with no list to allocate
            return true
        }
        // The steps are read and changed in place: a copy of one would retain and release
        // everything its end holds, at every child.
        var path = [WalkStep(recorded: ended)]
        while let last = path.indices.last {
            let next = path[last].nextChild
            guard next < path[last].children.count else {
                var done = path.removeLast()
                done.ended.take()?.carryOut()
                continue
            }
            path[last].nextChild = next + 1
            let child = path[last].children[next]
            var step = child.withLock { WalkStep(cancelling: child, &$0) }
            if !step.children.isEmpty {
                path.append(step)
            } else {
                step.ended.take()?.carryOut()  // a leaf: nothing below to record first
            }
        }
        return true
    }

    /// A node on the walk's path: its end, if this walk recorded it, and its children.
    private struct WalkStep {
        /// `nil` for a node found ended already: the walk that recorded its end carries it
        /// out. (A `var`, so that the walk moves it out with `take()` to carry it out: a copy
        /// retains and releases all it holds.)
        var ended: Ended?
        let children: [Node]
        var nextChild = 0

        /// A node whose end this walk recorded. (`consuming`: the end is moved in, not
        /// copied, which would retain and release all it holds.)
        init(recorded ended: consuming Ended) {
            children = ended.children
            self.ended = ended
        }

        /// Ends the flow of `state`, a child of an ending node, as cancelled, unless it had
        /// ended already.
        init(cancelling node: Node, _ state: inout State) {
            guard state.machine.requestEnd(.cancelled), let ended = Ended(node, &state) else {
                self.init(foundEnded: state.childNodes)
                return
            }
            self.init(recorded: ended)
        }

        /// A node found ended already, with its children.
        private init(foundEnded children: [Node]) {
            ended = nil
            self.children = children
        }
    }

    /// What a node whose end cause was just recorded does next, with no lock held: cancel the
    /// task running its `start()`, wake its hosting loop and the `flow.finished` callers,
    /// and refuse the links waiting for it; and which children to end.
    ///
    /// It holds an end cause, an existential: returned from the critical section as one
    /// optional value, not wrapped in tuples, whose copies go through value witnesses
    /// (cancelTree11111).
    private struct Ended {
        let cause: EndCause
        let start: RunningTask?
        let node: Node
        let hasLoop: Bool
        let waiters: Waiters<EndCause>.Taken
        let startWaiter: UnsafeContinuation<EndCause, Never>?
        let routeWaiters: Waiters<Void>.Taken
        let children: [Node]

        /// Takes what `state`, which has just recorded its end cause, must wake.
        init?(_ node: Node, _ state: inout State) {
            guard let cause = state.machine.endCause else { return nil }
            self.node = node
            self.cause = cause
            start = state.takeRunningStart()
            // Told only when the end is carried out, after every end below (`endDelivered`).
            // Nothing is handed over to a flow that does not run, so a node without a loop
            // now never gets one.
            hasLoop = state.hasLoop
            waiters = state.storedExtras?.endRequestWaiters.takeAll() ?? Waiters.Taken()
            startWaiter = state.startWaiter
            state.startWaiter = nil
            routeWaiters = state.takeRouteWaiters()
            children = state.childNodes
        }

        /// Carries the end out.
        func carryOut() {
            // Cancelling runs the task's cancellation handlers on this thread, and they take
            // locks (this node's among them). The task does not end before `startCancelled`.
            if let start {
                start.cancel()
                node.startCancelled()
            }
            // The loop may now cancel its group: every end below is recorded. It finds the
            // end (and any jobs still pending, which it must start so that they end too) at
            // its next look, or is woken here if it waits.
            if hasLoop { node.withLock { $0.storedExtras?.host.mailbox.endDelivered() }?.resume() }
            startWaiter?.resume(returning: cause)
            for waiter in waiters { waiter.resume(returning: cause) }
            Node.refuseRoutes(routeWaiters)
        }
    }

    /// The task running `start()`, which an end's `carryOut` took to cancel it, has been
    /// cancelled: if it waits to go on with its teardown (`waitUntilStartCancelled`), it goes
    /// on.
    private func startCancelled() {
        withLock { state -> UnsafeContinuation<Void, Never>? in
            state.startBeingCancelled = false
            defer { state.storedExtras?.cancellationWaiter = nil }
            return state.storedExtras?.cancellationWaiter
        }?.resume()
    }

    /// In the task that ran `start()`: returns once no other task is cancelling it. Until
    /// then the task does not go on to end, so every use of its `RunningTask` from another
    /// task happens while it runs.
    func waitUntilStartCancelled() async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            let waits = withLock { state -> Bool in
                guard state.startBeingCancelled else { return false }
                state.extras.cancellationWaiter = continuation
                return true
            }
            if !waits { continuation.resume() }
        }
    }

    /// `flow.finished`: in `start()`, accepts routes (links go on into this coordinator); then
    /// waits until an end cause is recorded and returns it. Outside `start()`, cancelling the waiting task
    /// throws `CancellationError` and the flow is unaffected; `start()`'s own task is
    /// cancelled only once its end is recorded (`endRequestedInStart`).
    func endRequested() async throws -> EndCause {
        if isRunningStart {
            return await endRequestedInStart()
        }
        return try await endRequestedElsewhere()
    }

    /// `endRequested` in any task but the one running `start()`. Never inlined, nor is
    /// `endRequestedInStart`: keeps `endRequested`'s async frame small (idleCoordinatorMemory).
    @inline(never)
    private func endRequestedElsewhere() async throws -> EndCause {
        try await awaitValue { continuation in
            // Not `start()`'s task: no wait of it makes the coordinator ready (`acceptRoutes`).
            withLock { state in
                if state.machine.phase == .idle {
                    return .failed(
                        CoordinatorError(
                            .notRunning,
                            "\(state.name) awaited flow.finished before it was run. Await it from start()."))
                }
                if let cause = state.machine.endCause { return .ready(cause) }
                return .waiting(state.extras.endRequestWaiters.add(continuation))
            }
        } cancel: { id in
            self.withLock { $0.storedExtras?.endRequestWaiters.remove(id) }
        }
    }

    /// Whether the calling task is the one running this flow's `start()`. Never inlined:
    /// keeps `flow.finished`'s async frame small (idleCoordinatorMemory).
    @inline(never)
    var isRunningStart: Bool {
        withLock { $0.runningStart?.isCurrent ?? false }
    }

    /// `endRequested` in the task running `start()` (an event-style coordinator, idle until
    /// its flow ends): in the state's slot for it (`startWaiter`) and without a cancellation
    /// handler, so nothing is allocated and the frames its task keeps while idle stay small.
    /// No handler is needed: whoever cancels this task has
    /// recorded this node's end first (which resumes this waiter) — an end recorded for this
    /// node or an ancestor records every end below before it cancels any task
    /// (`endTransition`), and cancelling the task running the tree records the root's end
    /// before Swift reaches the root's task (`CoordinatorTree.run`; `EndBeforeCancellationTests`
    /// checks both). The end thus resumes it with `cancelled` (or whatever cause came first),
    /// and `flow.finished` throws or returns as the documentation says.
    @inline(never)
    private func endRequestedInStart() async -> EndCause {
        await withUnsafeContinuation { waitInStart($0) }
    }

    /// Resumes `continuation` with the end cause, or keeps it in the `startWaiter` slot until
    /// one is recorded. Never inlined: keeps `endRequestedInStart`'s async frame small
    /// (idleCoordinatorMemory).
    ///
    /// Routes are accepted in the same critical section: a link that goes on into this
    /// coordinator then finds it set up.
    @inline(never)
    private func waitInStart(_ continuation: UnsafeContinuation<EndCause, Never>) {
        var routeWaiters = Waiters<Void>.Taken()
        var quietChildren: [Node] = []
        let cause = withLock { state -> EndCause? in
            routeWaiters = state.acceptRoutes(quietChildren: &quietChildren)
            if let cause = state.machine.endCause { return cause }
            state.startWaiter = continuation
            return nil
        }
        Self.resume(routeWaiters)
        if !quietChildren.isEmpty { Self.presentAnimatedAgain(quietChildren) }
        if let cause { continuation.resume(returning: cause) }
    }

    /// Whether an end of the flow is recorded: it is ending, or has ended.
    var endIsRecorded: Bool { withLock { $0.machine.endCause != nil } }

    /// Waits until the flow has ended and been torn down, and returns how it ended.
    /// Not cancellable, like `Task.value`: the flow always ends, at the latest with its parent.
    /// Never inlined: keeps `ChildFlow.outcome`'s async frame small.
    @inline(never)
    func ended() async -> EndCause {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<EndCause, Never>) in
            let cause = withLock { state -> EndCause? in
                if state.machine.phase == .ended, let cause = state.machine.endCause { return cause }
                state.endWaiters.append(continuation)
                return nil
            }
            if let cause { continuation.resume(returning: cause) }
        }
    }

    /// How the flow ended, once its teardown is complete (after `host` has returned).
    var teardownCause: EndCause {
        withLock { state in
            // Read only by whoever awaited the task that ran `host`, which completed the
            // teardown before it returned.
            guard state.machine.phase == .ended, let cause = state.machine.endCause else {
                preconditionFailure("the teardown is complete")
            }
            return cause
        }
    }
}
