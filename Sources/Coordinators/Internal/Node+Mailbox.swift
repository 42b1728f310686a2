// A node's mailbox and its hosting loop: how a task other than `start()`'s hands a
// coordinator a child (or a task of its own, such as a flow event's handler) to run as one of
// its child tasks.
//
// A coordinator runs `start()` in one task, which cannot also wait for mail: it runs the
// user's code. So the first time a job is handed over, the node asks its tree for a hosting
// loop (`TreeContext.hostLoop`): a task of the tree's own group that owns a task group for
// this node's jobs. A coordinator that never gets a job (most of them: screens, leaves, flows
// run from `start()`) never has one. The loop ends when the flow ends: it cancels its group,
// waits for every job, and tells the teardown (`loopEnded`).

extension Node {
    /// What the hosting loop receives: jobs to start, and whether the flow is ending.
    struct Mail {
        var jobs: [Job]
        var end: Bool
    }

    /// Whether a node's hosting loop exists.
    enum Loop {
        /// Never needed so far. Once the flow has ended it never will be (nothing is handed
        /// over to a flow that does not run).
        case none
        /// Asked of the tree, not yet running: it takes the pending jobs when it starts.
        case requested
        /// Running (`host` is set while it waits for mail).
        case running
        /// Returned: every job it started has returned.
        case ended
    }

    /// What to do, with no lock held, for the loop to see new mail.
    enum LoopWake {
        case none
        case resume(UnsafeContinuation<Void, Never>)
        case request(TreeContext)

        func perform(for node: Node) {
            switch self {
            case .none: break
            case .resume(let host): host.resume()
            case .request(let context): context.hostLoop(for: node)
            }
        }
    }

    /// Hands `job` (hosting the adopted `child`) to the hosting loop, which adds it to its
    /// task group. If this flow ended since `child` was adopted, the child is ended (its
    /// instance is spent) and the error is thrown.
    func spawn(_ child: Node, _ job: @escaping Job) throws(CoordinatorError) {
        do {
            let wake = try state.withLock { state throws(CoordinatorError) -> LoopWake in
                try state.machine.checkRunning(to: "start a child coordinator", coordinator: Self.name(state))
                // The loop adds jobs to its group in the order they are handed over.
                state.hosted.append(child)
                state.pendingJobs.append(job)
                return Self.wakeLoop(&state)
            }
            wake.perform(for: self)
        } catch {
            child.abandon(error)
            throw error
        }
    }

    /// Hands `job` to the hosting loop, which runs it as a child task of its group (a task
    /// of this coordinator that hosts no child: a flow event's handler). Returns `false`,
    /// and drops the job, if the flow is not running (it is ending, or not started).
    func spawnTask(_ job: @escaping Job) -> Bool {
        let wake = state.withLock { state -> LoopWake? in
            guard state.machine.isRunning else { return nil }
            state.pendingJobs.append(job)
            return Self.wakeLoop(&state)
        }
        wake?.perform(for: self)
        return wake != nil
    }

    /// A job was just added to `state.pendingJobs`: what wakes the loop, or creates it.
    private static func wakeLoop(_ state: inout State) -> LoopWake {
        switch state.loop {
        case .none:
            guard let context = state.context else { preconditionFailure("a running node has a tree") }
            state.loop = .requested
            return .request(context)
        case .requested, .ended:
            return .none
        case .running:
            return state.takeHost().map(LoopWake.resume) ?? .none
        }
    }

    /// The hosting loop: runs in a task of the tree's group (`TreeContext.hostLoop`) from the
    /// first job handed over until the flow ends, then returns once every job has returned.
    func runLoop() async {
        state.withLock { $0.loop = .running }
        await withDiscardingTaskGroup { group in
            while true {
                // Most often the mail is already there (a child that ran to its end while
                // being started): take it without an asynchronous call.
                guard let mail = takeWaitingMail() else {
                    await waitForMail()
                    continue
                }
                // Jobs handed over with the end start cancelled: a child ends at once,
                // without running `start()`, as a flow cancelled before it is hosted does.
                if mail.end { group.cancelAll() }
                for job in mail.jobs {
                    group.addTaskStartingNow(operation: job)
                }
                if mail.end { break }
            }
        }
        let teardown = state.withLock { state in
            state.loop = .ended
            defer { state.loopWaiter = nil }
            return state.loopWaiter
        }
        teardown?.resume()
    }

    /// Whether a hosting loop was ever asked for. Once the flow has ended, a `false` is final.
    var hasLoop: Bool {
        state.withLock { $0.loop != .none }
    }

    /// Teardown, step 1 for the children handed to the hosting loop: returns once the loop
    /// has returned. The flow has ended.
    func loopEnded() async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            let ended = state.withLock { state -> Bool in
                if state.loop == .ended { return true }
                state.loopWaiter = continuation
                return false
            }
            if ended { continuation.resume() }
        }
    }

    /// The mail waiting for the hosting loop, if any.
    private func takeWaitingMail() -> Mail? {
        state.withLock { state in
            guard Self.hasMail(state) else { return nil }
            let end = !state.machine.isRunning
            defer { state.pendingJobs = [] }
            return Mail(jobs: state.pendingJobs, end: end)
        }
    }

    /// Waits until there is mail (jobs to start, or the end of the flow); the loop then
    /// takes it with `takeWaitingMail`. Cancelling the loop's task (the tree is cancelled)
    /// ends the flow as cancelled.
    ///
    /// The mail is never handed over through the continuation: taken under the lock, what
    /// the sender wrote before it (a child's node, built on the sender's thread) is ordered
    /// before the loop's use of it by the mutex, which ThreadSanitizer sees — on Linux it
    /// does not see a continuation's hand-over when the resume comes first.
    private func waitForMail() async {
        await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if Self.hasMail(state) { return true }
                    state.host = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            requestEnd(.cancelled)
        }
    }

    /// Whether there is mail for the hosting loop: jobs to start, or the end.
    private static func hasMail(_ state: State) -> Bool {
        !state.machine.isRunning || !state.pendingJobs.isEmpty
    }
}
