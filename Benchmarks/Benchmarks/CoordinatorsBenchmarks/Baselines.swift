// The bare structured-concurrency baselines: the same work as Scenarios.swift, without
// the runtime. Each ratio in the report is scenario / baseline, measured in one run.

// MARK: childFlowRoundTripBaseline — a child task per child, plus an actor hop

actor BareLeaf {
    func value() -> Int { 1 }
}

func childFlowRoundTripBaseline(_ count: Int) async -> Int {
    var sum = 0
    for _ in 0..<count {
        sum += await withTaskGroup(of: Int.self) { group in
            group.addTask { await BareLeaf().value() }
            return await group.next() ?? 0
        }
    }
    return sum
}

// MARK: presentDismissBaseline — two actor round trips

actor BareStack {
    private var items: [Int] = []
    func push(_ item: Int) { items.append(item) }
    func pop() { items.removeLast() }
}

actor BareCaller {
    let stack = BareStack()
    func run(_ count: Int) async {
        for item in 0..<count {
            await stack.push(item)
            await stack.pop()
        }
    }
}

func presentDismissBaseline(_ count: Int) async {
    await BareCaller().run(count)
}

// MARK: cancelTree11111Baseline and idleCoordinatorMemoryBaseline — bare task trees

/// A bare task tree of the same shape: each node a task that starts its children and
/// suspends until cancelled.
func bareTreeNode(depth: Int, fanOut: Int, ready: Countdown) async {
    guard depth > 0 else {
        ready.tick()
        await suspendUntilCancelled()
        return
    }
    await withDiscardingTaskGroup { group in
        for _ in 0..<fanOut {
            group.addTask { await bareTreeNode(depth: depth - 1, fanOut: fanOut, ready: ready) }
        }
        ready.tick()
        await suspendUntilCancelled()
    }
}

final class RunningBareTree: Sendable {
    let running: Task<Void, Never>

    init(depth: Int, fanOut: Int) async {
        let ready = Countdown(nodeCount(depth: depth, fanOut: fanOut))
        running = Task { await bareTreeNode(depth: depth, fanOut: fanOut, ready: ready) }
        await ready.wait()
    }

    func cancel() async {
        running.cancel()
        await running.value
    }
}

// MARK: idleCoordinatorMemoryBaseline — bare suspended tasks

/// Holds suspended tasks' continuations until opened: a task waiting on it is a bare
/// suspended task (no group, handler or heap object of its own), MEASURED.md's "suspended task".
final class Gate: Sendable {
    private let waiting = Guarded<(open: Bool, continuations: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let open = waiting.withLock { waiting -> Bool in
                if waiting.open { return true }
                waiting.continuations.append(continuation)
                return false
            }
            if open { continuation.resume() }
        }
    }

    func open() {
        let continuations = waiting.withLock { waiting in
            waiting.open = true
            defer { waiting.continuations = [] }
            return waiting.continuations
        }
        for continuation in continuations { continuation.resume() }
    }
}

/// `count` bare tasks in a task group, each suspended on a continuation.
final class RunningBareTasks: Sendable {
    let gate = Gate()
    let running: Task<Void, Never>

    init(count: Int) async {
        let ready = Countdown(count)
        let gate = self.gate
        running = Task {
            await withDiscardingTaskGroup { group in
                for _ in 0..<count {
                    group.addTask {
                        ready.tick()
                        await gate.wait()
                    }
                }
            }
        }
        await ready.wait()
    }

    func stop() async {
        gate.open()
        await running.value
    }
}
