/// A node's mailbox and its hosting loop (`Node+Host.swift`) as a pure state machine: events
/// in, what to do out. Its state is one enum whose cases carry what exists in them (the jobs
/// waiting, the loop's waiter, the teardown's waiter), so no combination of fields can say
/// two things at once. `Host` keeps it in the node's locked state, `Node` tells it when the
/// flow's end has been carried out (`endDelivered`), and carries out what it returns after
/// unlocking. Generic over the job and the waiter — a job and a continuation in the node,
/// plain values in the tests — so each (state, event) pair is tested without concurrency.
///
/// ```text
///            first job handed over            loop started           mail taken, none left
///   noLoop ─────────────────────────▶ requested ──────────▶ serving ◀─────────────────▶ waiting
///   (a flow that ends in noLoop                                │        mail arrives
///    never has a loop)                                         │ took the end: loop returned
///                                                              ▼
///                                                          returned
/// ```
struct MailboxStateMachine<Job, Waiter> {
    /// What the loop takes: jobs to start, in the order they were handed over, and whether
    /// the flow's end has been delivered (the loop then cancels its group, starts the jobs —
    /// they end at once — and returns).
    struct Mail {
        var jobs = Jobs()
        var end = false

        /// Whether the loop has anything to do.
        var isEmpty: Bool { jobs.isEmpty && !end }
    }

    /// Jobs in the order they were handed over. The first is kept inline: most mail holds
    /// one job, and an array would cost an allocation per hand-over.
    typealias Jobs = FirstInlineList<Job>

    /// Where the mailbox is. `teardown` is the coordinator's teardown, waiting for the loop
    /// to return (it may begin waiting as soon as the flow's end is recorded, before the end
    /// is delivered to the loop).
    enum State {
        /// No loop: nothing was ever handed over. Once the flow has ended it never will be:
        /// nothing is handed over to a flow that does not run.
        case noLoop
        /// The loop was asked of the tree and has not started: `mail` waits for it.
        case requested(mail: Mail, teardown: Waiter?)
        /// The loop runs and will look for mail before it waits (it is starting jobs).
        case serving(mail: Mail, teardown: Waiter?)
        /// The loop waits for mail (none was left, and the end is not delivered).
        case waiting(loop: Waiter, teardown: Waiter?)
        /// The loop has returned: every job it started has returned.
        case returned
    }

    /// The state's case alone, for reading and testing.
    enum Phase: Equatable {
        case noLoop, requested, serving, waiting, returned
    }

    /// What to do after a job is handed over.
    enum HandOver {
        /// Nothing: the loop will find the job when it next looks.
        case nothing
        /// Resume the loop, which waits for mail.
        case wake(Waiter)
        /// Ask for the loop to be started (`Node.startLoop`).
        case startLoop
    }

    private(set) var state = State.noLoop

    var phase: Phase {
        switch state {
        case .noLoop: .noLoop
        case .requested: .requested
        case .serving: .serving
        case .waiting: .waiting
        case .returned: .returned
        }
    }

    /// Whether a loop was ever asked for. Once the flow has ended, a `false` is final.
    var hasLoop: Bool { phase != .noLoop }

    /// Whether a loop was asked for and has not returned yet: the teardown must wait for it.
    var loopIsLive: Bool { phase != .noLoop && phase != .returned }

    /// A job is handed over; the flow runs (the node checked under the same lock, so the end
    /// has not been delivered either).
    mutating func handOver(_ job: Job) -> HandOver {
        switch take() {
        case .noLoop:
            state = .requested(mail: Mail(jobs: Jobs(job)), teardown: nil)
            return .startLoop
        case .requested(var mail, let teardown):
            mail.jobs.append(job)
            state = .requested(mail: mail, teardown: teardown)
            return .nothing
        case .serving(var mail, let teardown):
            mail.jobs.append(job)
            state = .serving(mail: mail, teardown: teardown)
            return .nothing
        case .waiting(let loop, let teardown):
            state = .serving(mail: Mail(jobs: Jobs(job)), teardown: teardown)
            return .wake(loop)
        case .returned:
            // The loop returns only once the flow has ended, and nothing is handed over to a
            // flow that does not run (`Node` checks under the same lock).
            preconditionFailure("a job handed over after the hosting loop returned")
        }
    }

    /// The loop has started.
    mutating func loopStarted() {
        guard case .requested(let mail, let teardown) = take() else {
            preconditionFailure("a hosting loop starts once, after it was asked for")
        }
        state = .serving(mail: mail, teardown: teardown)
    }

    /// The loop looks for mail: the pending jobs and whether the flow has ended; `nil` if
    /// there is neither. The end stays in the mailbox: it is mail every time the loop looks.
    mutating func takeMail() -> Mail? {
        guard case .serving(let mail, let teardown) = take() else {
            preconditionFailure("only a serving loop looks for mail")
        }
        state = .serving(mail: Mail(end: mail.end), teardown: teardown)
        return mail.isEmpty ? nil : mail
    }

    /// The loop is about to wait for mail: registers `loop` and returns `true`, or returns
    /// `false` if there is mail already (the loop then resumes at once and takes it).
    mutating func loopWaits(_ loop: Waiter) -> Bool {
        guard case .serving(let mail, let teardown) = state, mail.isEmpty else { return false }
        state = .waiting(loop: loop, teardown: teardown)
        return true
    }

    /// The flow's end has been carried out: every end below it is recorded, so the loop may
    /// cancel its group (not when the end is recorded: an ending node records the ends of its
    /// whole subtree first, and a loop that cancelled its group meanwhile would cancel tasks
    /// whose ends are not recorded yet). Returns the loop, if it waits, to be resumed so that
    /// it sees the end.
    mutating func endDelivered() -> Waiter? {
        switch take() {
        case .noLoop:
            state = .noLoop
            return nil
        case .requested(var mail, let teardown):
            mail.end = true
            state = .requested(mail: mail, teardown: teardown)
            return nil
        case .serving(var mail, let teardown):
            mail.end = true
            state = .serving(mail: mail, teardown: teardown)
            return nil
        case .waiting(let loop, let teardown):
            state = .serving(mail: Mail(end: true), teardown: teardown)
            return loop
        case .returned:
            state = .returned
            return nil
        }
    }

    /// The teardown waits for the loop to return: registers `teardown` and returns `true`, or
    /// returns `false` if there is no loop to wait for (never asked for, or returned).
    mutating func teardownWaits(_ teardown: Waiter) -> Bool {
        switch take() {
        case .requested(let mail, _):
            state = .requested(mail: mail, teardown: teardown)
        case .serving(let mail, _):
            state = .serving(mail: mail, teardown: teardown)
        case .waiting(let loop, _):
            state = .waiting(loop: loop, teardown: teardown)
        case let other:
            state = other
            return false
        }
        return true
    }

    /// The loop has returned, having taken the end: the teardown, if it waits, to be resumed.
    mutating func loopReturned() -> Waiter? {
        guard case .serving(let mail, let teardown) = take(), mail.end else {
            preconditionFailure("a hosting loop returns once it has taken the flow's end")
        }
        state = .returned
        return teardown
    }

    /// Moves the state out, leaving `noLoop` until the caller sets the next one: the jobs it
    /// holds are then changed in place, not copied.
    private mutating func take() -> State {
        defer { state = .noLoop }
        return state
    }
}
