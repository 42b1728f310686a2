// The third baseline: the hand-over alone. A child started from a task that is not its
// coordinator's own (an actor method a screen calls, a task of a group in `start()`) must
// become a child task of a task its coordinator owns, so that children stay in their
// parent's subtree whichever task starts them. These baselines do that hand-over in
// bare structured concurrency and nothing else (no node, no teardown, no misuse checks, no
// cancellation handler), so the runtime's rows read against them show what the runtime
// adds, and the baselines' own rows against bare show what the hand-over costs by itself.

// MARK: The hand-over — a child started from another task joins a group its coordinator owns

/// A coordinator's hosting loop at its barest: a task that owns a discarding task group and
/// adds to it each job another task hands over. The guarantee it keeps: a child started
/// from an actor method (or any task not the coordinator's own) is a child task of a task
/// the coordinator owns, so that ending the coordinator ends it and waits for it.
///
/// Left out, which the runtime also does: the caller's cancellation reaching the child, a
/// misuse check, the child's node and teardown.
final class BareMailbox: Sendable {
    typealias Job = @Sendable () async -> Void

    private struct State {
        var jobs: [Job] = []
        var waiter: UnsafeContinuation<Void, Never>?
        var closed = false
    }
    private let state = Guarded(State())

    /// Hands `body` to the loop, which runs it as a child task of its group, and returns
    /// its result: the caller waits on a continuation, as `flow.run` from an actor method does.
    func handOver(_ body: @escaping @Sendable () async -> Int) async -> Int {
        await withUnsafeContinuation { continuation in
            send { continuation.resume(returning: await body()) }
        }
    }

    /// Runs the loop until `close()`: the coordinator's task that owns the group.
    func run() async {
        await withDiscardingTaskGroup { group in
            var jobs: [Job] = []
            jobs.reserveCapacity(16)
            while await take(into: &jobs) {
                for job in jobs { group.addTask(operation: job) }
                jobs.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Lets the loop return once it has added every job handed over so far.
    func close() {
        state.withLock { state in
            state.closed = true
            defer { state.waiter = nil }
            return state.waiter
        }?.resume()
    }

    private func send(_ job: @escaping Job) {
        state.withLock { state in
            state.jobs.append(job)
            defer { state.waiter = nil }
            return state.waiter
        }?.resume()
    }

    /// Moves the jobs handed over into `jobs` (swapping buffers, so a steady loop allocates
    /// nothing), waiting while there are none; returns `false` once closed and drained.
    private func take(into jobs: inout [Job]) async -> Bool {
        while true {
            let closed = state.withLock { state in
                swap(&state.jobs, &jobs)
                return state.closed
            }
            if !jobs.isEmpty { return true }
            if closed { return false }
            await withUnsafeContinuation { continuation in
                let ready = state.withLock { state in
                    if !state.jobs.isEmpty || state.closed { return true }
                    state.waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }
}

// MARK: childFlowRoundTripFromActorMethodHandOver — the mailbox path's hand-over

/// Event style at its barest: an actor method hands each child to its coordinator's loop
/// and awaits the child's result.
actor BareHost {
    let mailbox: BareMailbox
    init(_ mailbox: BareMailbox) { self.mailbox = mailbox }

    func runLeaves(_ count: Int) async -> Int {
        var sum = 0
        for _ in 0..<count { sum += await mailbox.handOver { await BareLeaf().value() } }
        return sum
    }
}

func childFlowRoundTripFromActorMethodHandOver(_ count: Int) async -> Int {
    let mailbox = BareMailbox()
    async let loop: Void = mailbox.run()
    let sum = await BareHost(mailbox).runLeaves(count)
    mailbox.close()
    await loop
    return sum
}

// MARK: concurrentFlowsHandOver — concurrent throughput's hand-over

/// `count` children, `width` at a time, each handed to the coordinator's loop from a task
/// of a task group, as `concurrentFlows` starts them from tasks of the root's `start()`.
/// (A task of a group in `start()` cannot be told apart from an unstructured `Task` made
/// there, which outlives `start()`; so a child it runs must be handed over too.)
func concurrentFlowsHandOver(_ count: Int, width: Int) async -> Int {
    let mailbox = BareMailbox()
    async let loop: Void = mailbox.run()
    let sum = await withTaskGroup(of: Int.self) { group in
        var started = 0
        var sum = 0
        while started < min(width, count) {
            group.addTask { await mailbox.handOver { await BareLeaf().value() } }
            started += 1
        }
        while let value = await group.next() {
            sum += value
            if started < count {
                group.addTask { await mailbox.handOver { await BareLeaf().value() } }
                started += 1
            }
        }
        return sum
    }
    mailbox.close()
    await loop
    return sum
}
