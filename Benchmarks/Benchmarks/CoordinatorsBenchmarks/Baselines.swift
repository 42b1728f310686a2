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
    await withDiscardingTaskGroup { group in
        if depth > 0 {
            for _ in 0..<fanOut {
                group.addTask { await bareTreeNode(depth: depth - 1, fanOut: fanOut, ready: ready) }
            }
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
