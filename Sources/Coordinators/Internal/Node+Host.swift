// A coordinator's host (`Host`) at work: how a task other than `start()`'s hands a coordinator
// a child (or a task of its own, such as a flow event's handler) to run as one of its child
// tasks, and how each leaves the group. The only place that hands a job over. The decisions are
// `MailboxStateMachine`'s and `HostedChildren`'s; this file holds the lock and carries them
// out.
//
// A coordinator runs `start()` in one task, which cannot also wait for mail while it runs the
// user's code. So the first time a job is handed over, the node gets a hosting loop: a task
// that owns a task group for this node's jobs, itself a job of its parent's host (started the
// same way if need be); the root's loop is a task of the tree's own group
// (`TreeContext.hostLoop`). A coordinator that never gets a job (most of them: screens,
// leaves, flows run from `start()`) never has one. The loop ends when the flow ends: it
// cancels its group, waits for every job, and tells the teardown (`loopEnded`). A job always
// runs in the loop, never in `start()`'s task: `flow.finished` returns when the flow ends,
// whatever its children do.
//
// Every member of the group, a child or a child's loop, leaves it in turn (`HostedChildren`):
// at once while this flow runs, after enough older siblings while it ends. A child leaves as
// the last step of its teardown (`Node+Teardown.swift`), a loop when it returns (`runLoop`);
// the job that runs either does nothing more.

extension Node {
    /// Hands `child`, which this node has adopted, to this node's host: `run` (which hosts the
    /// child's coordinator on its node, whose teardown ends by leaving the group in turn) runs
    /// as a task of the host's group. If this flow ended since `child` was adopted, the child
    /// is ended (its instance is spent) and the error is thrown.
    func hostChild(_ child: Node, running run: @escaping Job) throws(CoordinatorError) {
        do {
            let decided = try withLock { state throws(CoordinatorError) -> Host.Mailbox.HandOver in
                try state.machine.checkRunning(to: "start a child coordinator", coordinator: state.name)
                return state.extras.host.handOver(run, for: .task(child))
            }
            carryOut(decided)
        } catch {
            child.abandon(error)
            throw error
        }
    }

    /// Hands `run` to this node's host, which runs it as a task of its group (a task of this
    /// coordinator that hosts no child: a flow event's handler). Returns `false`, and drops
    /// the job, if the flow is not running (it is ending, or not started).
    func hostTask(_ run: @escaping Job) -> Bool {
        handOver(run, for: nil)
    }

    /// Hands `run` over for `member`, if this flow runs; returns whether it did.
    private func handOver(_ run: @escaping Job, for member: Host.Member?) -> Bool {
        let decided = withLock { state -> Host.Mailbox.HandOver? in
            state.machine.isRunning ? state.extras.host.handOver(run, for: member) : nil
        }
        guard let decided else { return false }
        carryOut(decided)
        return true
    }

    /// What a hand-over decided, with no lock held.
    private func carryOut(_ handOver: Host.Mailbox.HandOver) {
        switch handOver {
        case .nothing:
            break
        case .wake(let loop):
            loop.resume()
        case .startLoop:
            // A running node has its tree (`bind` set it, under the lock the hand-over took
            // after it).
            guard let context = boundContext else { preconditionFailure("a running node has a tree") }
            startLoop(in: context)
        }
    }

    /// Starts this node's hosting loop as a job of its parent's host (starting a loop for the
    /// parent too, if need be), so that a coordinator's loop ends inside its parent's subtree
    /// and leaves its parent's group in turn. The root's loop, and the loop of a node whose
    /// parent is ending (the parent's walk is ending this node too), are tasks of the tree's
    /// own group instead.
    private func startLoop(in context: TreeContext) {
        if let parent = withLock({ $0.parent }), parent.hostLoop(of: self) { return }
        context.hostLoop(for: self)
    }

    /// Hands `child`'s hosting loop to this node's host. Returns `false` if this flow is not
    /// running.
    private func hostLoop(of child: Node) -> Bool {
        handOver({ await child.runLoop(hostedBy: self) }, for: .loop(child))
    }

    /// The hosting loop: runs in a task of its parent's host (`host`), or of the tree's group
    /// (`TreeContext.hostLoop`), from the first job handed over until the flow ends, then
    /// returns once every job has returned, and leaves its host's group in turn.
    ///
    /// Cancelling the loop's task (its host's group is cancelled: the tree's task was, or
    /// the host's flow ended) ends this flow as cancelled. One cancellation handler for the
    /// loop's life rather than one per wait: a loop exists only for jobs from other tasks,
    /// so it waits between most of them. The handler is installed inside the group, so that
    /// Swift, which runs a task's cancellation records newest first, records this flow's end
    /// (and every end below) before it cancels the group's tasks.
    func runLoop(hostedBy host: Node?) async {
        withLock { $0.extras.host.mailbox.loopStarted() }
        await withDiscardingTaskGroup { group in
            await withTaskCancellationHandler {
                await serveMail(in: &group)
            } onCancel: {
                requestEnd(.cancelled)
            }
        }
        withLock { $0.extras.host.mailbox.loopReturned() }?.resume()
        await host?.leave(.loop(self))
    }

    /// Adds the jobs handed over to `group`, in order, until the flow's end is delivered;
    /// then cancels the group, having added the jobs still pending (they end at once).
    private func serveMail(in group: inout DiscardingTaskGroup) async {
        while true {
            // Most often the mail is already there (a child that ran to its end while being
            // started): take it without an asynchronous call.
            guard let mail = withLock({ $0.extras.host.mailbox.takeMail() }) else {
                await waitForMail()
                continue
            }
            // Jobs handed over with the end start cancelled: a child ends at once, without
            // running `start()`, as a flow cancelled before it is hosted does.
            if mail.end { group.cancelAll() }
            for job in mail.jobs {
                group.addTaskStartingNow(operation: job.run)
            }
            if mail.end { return }
        }
    }

    /// Waits until there is mail (jobs to start, or the end of the flow); the loop then
    /// takes it. A cancellation of the loop's task ends the flow (`runLoop`'s handler); the
    /// end is mail once it has been carried out (`endDelivered`), which resumes this wait.
    ///
    /// The mail is never handed over through the continuation: taken under the lock, what
    /// the sender wrote before it (a child's node, built on the sender's thread) is ordered
    /// before the loop's use of it by the mutex, which ThreadSanitizer sees — on Linux it
    /// does not see a continuation's hand-over when the resume comes first.
    private func waitForMail() async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            if !withLock({ $0.extras.host.mailbox.loopWaits(continuation) }) {
                continuation.resume()
            }
        }
    }

    /// Whether the jobs ever had a hosting loop. Once the flow has ended, a `false` is final.
    var hasLoop: Bool {
        withLock { $0.hasLoop }
    }

    /// Teardown, step 1 for the children handed to the hosting loop: returns once the loop
    /// has returned, at once if there is none. The flow has ended.
    func loopEnded() async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            if !withLock({ $0.storedExtras?.host.mailbox.teardownWaits(continuation) ?? false }) {
                continuation.resume()
            }
        }
    }

    /// A child's loop has returned: it leaves this node's group now, or in turn
    /// (`waitForTurn`).
    private func leave(_ loop: Host.Member) async {
        let departure = withLock { $0.storedExtras?.host.depart(loop, parentEnding: !$0.machine.isRunning) }
        if departure?.carryOut() == true { await waitForTurn(loop) }
    }

    /// `member` has done its work while this flow ends, with too many older siblings still in
    /// the group: waits until its turn has come (`HostedChildren`), then leaves and wakes the
    /// sibling whose turn that brings. Not cancellable: the task is cancelled already, and
    /// this node waits for its whole group anyway. Never inlined: keeps the async frame of
    /// `tearDown` small (cancelTree11111).
    @inline(never)
    func waitForTurn(_ member: Host.Member) async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            if !withLock({ $0.storedExtras?.host.members.wait(member, continuation) ?? false }) {
                continuation.resume()
            }
        }
        withLock { $0.storedExtras?.host.members.remove(member) }?.resume()
    }
}

extension HostedChildren.Departure {
    /// Carries the departure out with no lock held: resumes the sibling whose turn has come,
    /// if any. Returns whether the member must wait for its turn (`Node.waitForTurn`).
    func carryOut() -> Bool {
        switch self {
        case .notHosted: return false
        case .left(let sibling):
            sibling?.resume()
            return false
        case .mustWait: return true
        }
    }
}
