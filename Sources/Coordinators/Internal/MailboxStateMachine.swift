/// A node's mailbox and its hosting loop (`Node+Mailbox.swift`) as a pure state machine:
/// events in, what to do out. `Node` keeps it inside its lock, next to its
/// `LifecycleStateMachine`, tells it when the flow's end has been carried out
/// (`endDelivered`), and carries out what it returns after unlocking. Generic over the job
/// and the waiter — a continuation in the node, a plain value in the tests — so each
/// (state, event) pair is tested without concurrency.
///
/// ```text
///          first job handed over         loop started          loop returned
///   none ─────────────────────────▶ requested ──────────▶ running ──────────▶ ended
///   (a flow that ends in `none` never has a loop)
/// ```
struct MailboxStateMachine<Job, Waiter> {
    /// Whether the node's hosting loop exists.
    enum Loop: Equatable {
        /// Never needed so far. Once the flow has ended it never will be: nothing is handed
        /// over to a flow that does not run.
        case none
        /// Asked of the tree, not started yet: it takes the pending jobs when it starts.
        case requested
        /// Running.
        case running
        /// Returned: every job it started has returned.
        case ended
    }

    /// What the loop takes: jobs to start, and whether the flow has ended (the loop then
    /// cancels its group, starts the jobs — they end at once — and returns).
    struct Mail {
        var jobs: Jobs
        var end: Bool
    }

    /// Jobs in the order they were handed over. The first is kept inline: most mail holds
    /// one job, and an array would cost an allocation per hand-over.
    typealias Jobs = FirstInlineList<Job>

    /// What to do after a job is handed over.
    enum HandOver {
        /// Nothing: the loop will find the job when it next looks.
        case nothing
        /// Resume the loop, which waits for mail.
        case wake(Waiter)
        /// Ask the tree to start the loop (`TreeContext.hostLoop`).
        case startLoop
    }

    private(set) var loop = Loop.none
    /// The flow's end was carried out (`endDelivered()`): every end below it is recorded, so
    /// the loop may cancel its group. Not when the end is recorded: an ending node records
    /// the ends of its whole subtree first, and a loop that cancelled its group meanwhile
    /// would cancel tasks whose ends are not recorded yet.
    private(set) var ended = false
    private var pending = Jobs()
    /// The loop, while it waits for mail.
    private var loopWaiter: Waiter?
    /// The teardown, while it waits for the loop to return.
    private var teardownWaiter: Waiter?

    /// Whether a loop was ever asked for. Once the flow has ended, a `false` is final.
    var hasLoop: Bool { loop != .none }

    /// Whether a loop was asked for and has not returned yet: the teardown must wait for it.
    var loopIsLive: Bool { loop != .none && loop != .ended }

    /// A job is handed over; the flow runs (the node checked).
    mutating func handOver(_ job: Job) -> HandOver {
        pending.append(job)
        switch loop {
        case .none:
            loop = .requested
            return .startLoop
        case .requested:
            return .nothing
        case .ended:
            // The loop returns only once the flow has ended, and nothing is handed over to a
            // flow that does not run (`Node` checks under the same lock).
            preconditionFailure("a job handed over after the hosting loop returned")
        case .running:
            guard let waiter = loopWaiter else { return .nothing }
            loopWaiter = nil
            return .wake(waiter)
        }
    }

    /// The tree started the loop.
    mutating func loopStarted() {
        loop = .running
    }

    /// The loop looks for mail: the pending jobs, or the end of the flow; `nil` if neither.
    mutating func takeMail() -> Mail? {
        guard ended || !pending.isEmpty else { return nil }
        defer { pending = Jobs() }
        return Mail(jobs: pending, end: ended)
    }

    /// The loop is about to wait for mail: registers `waiter` and returns `true`, or returns
    /// `false` if there is mail already (the loop then resumes at once and takes it).
    mutating func loopWaits(_ waiter: Waiter) -> Bool {
        guard !ended && pending.isEmpty else { return false }
        loopWaiter = waiter
        return true
    }

    /// The flow's end has been carried out: the loop, if it waits, to be resumed so that it
    /// sees the end.
    mutating func endDelivered() -> Waiter? {
        ended = true
        defer { loopWaiter = nil }
        return loopWaiter
    }

    /// The teardown waits for the loop to return: registers `waiter` and returns `true`, or
    /// returns `false` if there is no loop to wait for (never asked for, or returned).
    mutating func teardownWaits(_ waiter: Waiter) -> Bool {
        guard loopIsLive else { return false }
        teardownWaiter = waiter
        return true
    }

    /// The loop has returned: the teardown, if it waits, to be resumed.
    mutating func loopReturned() -> Waiter? {
        loop = .ended
        defer { teardownWaiter = nil }
        return teardownWaiter
    }
}
