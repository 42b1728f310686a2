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

    /// A root task with `count` child tasks that each own a group with one child task.
    init(parentsOfOne count: Int) async {
        let ready = Countdown(1 + 2 * count)
        running = Task {
            await withDiscardingTaskGroup { group in
                for _ in 0..<count {
                    group.addTask { await bareTreeNode(depth: 1, fanOut: 1, ready: ready) }
                }
                ready.tick()
                await suspendUntilCancelled()
            }
        }
        await ready.wait()
    }

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
/// suspended task (no group, handler or heap object of its own).
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

// MARK: openDeepLink4StepsBaseline — nested child tasks, each appending to an actor's array

/// A bare "navigation stack": an actor appending to and removing from an array.
actor BareNavigation {
    private(set) var items: [Int] = []
    func push(_ item: Int) { items.append(item) }
    func pop() { items.removeLast() }
}

/// One level: starts the next level as a child task (until `steps` levels are nested), then
/// suspends until cancelled, and pops its screen once its child has ended.
func bareLinkLevel(depth: Int, steps: Int, navigation: BareNavigation, ready: Countdown) async {
    await navigation.push(depth)
    if depth < steps {
        await withDiscardingTaskGroup { group in
            group.addTask { await bareLinkLevel(depth: depth + 1, steps: steps, navigation: navigation, ready: ready) }
            await suspendUntilCancelled()
        }
    } else {
        ready.tick()
        await suspendUntilCancelled()
    }
    await navigation.pop()
}

/// A bare root task that has pushed its screen and waits for the "link"; opening it starts
/// `steps` nested child tasks, each pushing a screen.
final class RunningBareLinkTree: Sendable {
    let navigation = BareNavigation()
    let gate = Gate()
    let ready = Countdown(1)
    let running: Task<Void, Never>

    init(steps: Int) async {
        let shown = Countdown(1)
        let (navigation, gate, ready) = (self.navigation, self.gate, self.ready)
        running = Task {
            await navigation.push(0)
            shown.tick()
            await gate.wait()
            await withDiscardingTaskGroup { group in
                group.addTask { await bareLinkLevel(depth: 1, steps: steps, navigation: navigation, ready: ready) }
                await suspendUntilCancelled()
            }
            await navigation.pop()
        }
        await shown.wait()
    }

    /// Lets the root start its nested children and returns once the innermost is set up.
    func openLink() async {
        gate.open()
        await ready.wait()
    }

    /// Cancels the root task and returns once it has returned; every item is popped.
    func cancel() async {
        running.cancel()
        await running.value
        let left = await navigation.items.count
        precondition(left == 0, "an item was left pushed")
    }
}

// MARK: openDeepLink100StepsBaseline and openDeepLink1000StepsBaseline — one actor call per step

/// A bare "navigation stack" showing its first item, ready to take a "link" of `steps` items.
final class BareScreenLink: Sendable {
    let navigation = BareNavigation()
    let steps: Int

    init(steps: Int) async {
        self.steps = steps
        await navigation.push(0)
    }

    /// Appends `steps` items, one awaited call each, as a link's steps at one coordinator
    /// ask it for each route's screen.
    func openLink() async {
        for step in 1...steps { await navigation.push(step) }
    }

    /// Checks that every step appended its item.
    func check() async {
        let count = await navigation.items.count
        precondition(count == steps + 1, "every step pushes an item")
    }
}

// MARK: tenActorRoundTrips — an awaited call into each of ten different actors

actor BareAncestor {
    let handles: Bool
    init(handles: Bool) { self.handles = handles }
    func handle(_ value: Int) -> Bool { handles && value >= 0 }
}

/// Ten actors, the last of which "handles" the value: an event asked of ten ancestors.
final class BareAncestors: Sendable {
    let ancestors = (0..<10).map { BareAncestor(handles: $0 == 9) }

    func send(_ count: Int) async {
        for value in 0..<count {
            var handled = false
            for ancestor in ancestors where !handled {
                handled = await ancestor.handle(value)
            }
            precondition(handled, "the last actor handles every value")
        }
    }
}

// MARK: concurrentFlowsBaseline — a long-lived task group's child tasks, `width` at a time

func concurrentFlowsBaseline(_ count: Int, width: Int) async -> Int {
    await withTaskGroup(of: Int.self) { group in
        var started = 0
        var sum = 0
        while started < min(width, count) {
            group.addTask { await BareLeaf().value() }
            started += 1
        }
        while let value = await group.next() {
            sum += value
            if started < count {
                group.addTask { await BareLeaf().value() }
                started += 1
            }
        }
        return sum
    }
}

// MARK: routerSendsBaseline — a task per tap, each calling an actor's method

/// The actor a bare screen calls.
actor BareDesk {
    private(set) var count = 0
    func countOne() { count += 1 }
}

/// `count` taps, each `Task { await desk.countOne() }` as a screen holding the actor would
/// write it, then waits for every task (unordered: there is no last one to wait for).
func routerSendsBaseline(_ count: Int) async {
    let desk = BareDesk()
    var tasks: [Task<Void, Never>] = []
    tasks.reserveCapacity(count)
    for _ in 0..<count { tasks.append(Task { await desk.countOne() }) }
    for task in tasks { await task.value }
}
