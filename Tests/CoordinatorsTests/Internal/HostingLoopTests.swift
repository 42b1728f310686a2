import Testing

@testable import Coordinators

/// A coordinator runs in one task; a hosting loop is started for it only when another task
/// hands it a job (`Node+Host.swift`), and ends with its flow. A job never runs in
/// `start()`'s own task, even while it waits in `flow.finished`.
@Suite(.timeLimit(.minutes(1)))
struct HostingLoopTests {
    /// Runs `root` in a tree of its own and returns once an `EventStyleHost` has journaled
    /// `.running`.
    private func runUntilRunning<Root: Coordinator>(
        _ root: Root, _ journal: Journal<HostingEntry>
    ) async throws -> Task<Root.Output, any Error> {
        let tree = CoordinatorTree()
        let running = Task { try await tree.run(root) }
        try await journal.waitUntil { $0.contains(.running) }
        return running
    }

    @Test func aCoordinatorThatOnlyRunsChildrenFromStartHasNoHostingLoop() async throws {
        let root = RunsChildFromStart()
        try await CoordinatorTree().run(root)
        #expect(await root.hadLoopWhileRunning == false)
        #expect(root.flow.node.hasLoop == false)
    }

    @Test func aJobFromAnotherTaskStartsTheLoopAndTheLoopEndsWithTheFlow() async throws {
        let journal = Journal<HostingEntry>()
        let host = BusyHost(journal: journal)
        let running = try await runUntilRunning(host, journal)
        #expect(host.flow.node.hasLoop == false)
        // What only some coordinators use is not allocated until one of them is needed.
        #expect(host.flow.node.view.hasExtras == false)
        #expect(try await host.runChild() == 1)
        #expect(host.flow.node.hasLoop)
        try host.flow.finish()
        try await running.value
        #expect(host.flow.node.view.loop == .ended)
    }

    @Test func aChildsLoopIsAJobOfItsParentsLoop() async throws {
        let journal = Journal<HostingEntry>()
        let parent = StartsChild { BusyHost(journal: journal) }
        let running = try await runUntilRunning(parent, journal)
        // The parent's loop hosts the child's task (handed over by `flow.start`)…
        #expect(parent.flow.node.view.hostedCount == 1)
        let child = await parent.child
        #expect(try await child?.runChild() == 1)
        // …and now the child's own loop too.
        #expect(parent.flow.node.view.hostedCount == 2)
        try parent.flow.finish()
        try await running.value
        #expect(child?.flow.node.view.loop == .ended)
    }

    @Test func aJobHandedToACoordinatorWaitingInFinishedRunsInItsLoop() async throws {
        let journal = Journal<HostingEntry>()
        let parent = StartsChild { EventStyleHost(journal: journal) }
        let running = try await runUntilRunning(parent, journal)
        #expect(parent.flow.node.view.hostedCount == 1)
        let child = try #require(await parent.child)
        // It accepts routes in the critical section in which `start()` begins to wait.
        try await child.flow.node.waitUntilAcceptingRoutes()
        #expect(try await child.runChild() == 1)
        #expect(try await child.runChild() == 1)
        // The child got a loop of its own, which joined the parent's.
        #expect(parent.flow.node.view.hostedCount == 2)
        #expect(child.flow.node.view.loop == .running)
        try parent.flow.finish()
        try await running.value
        #expect(child.flow.node.view.loop == .ended)
    }

    /// `flow.finished` returns when the coordinator's own flow ends, while a child started
    /// from another task still runs (it holds on after its cancellation); the child is torn
    /// down after, and the tree's run returns once it has ended.
    @Test func flowFinishedReturnsWhenTheFlowEndsWhateverItsChildrenDo() async throws {
        let journal = Journal<HostingEntry>()
        let host = EventStyleHost(journal: journal)
        let running = try await runUntilRunning(host, journal)
        try await host.flow.node.waitUntilAcceptingRoutes()
        let release = Gate()
        let child = try await host.startHoldingChild(release)
        try await journal.waitUntil { $0.contains(.childRunning) }
        try host.flow.finish()
        try await journal.waitUntil { $0.contains(.finishedReturned) }
        #expect(child.state == .ending, "the child still runs: its end is recorded, its start() has not returned")
        release.open()
        try await running.value
        #expect(journal.all.last == .childReleased)
    }

    @Test func aFlowEventHandlerOfACoordinatorWaitingInFinishedRunsInItsLoop() async throws {
        let journal = Journal<HostingEntry>()
        let host = EventStyleHost(journal: journal)
        try host.onFlowEvent(Ping.self) { host, ping in
            host.journal.record(.handled(ping: ping.number))
            return .stop
        }
        let running = try await runUntilRunning(host, journal)
        try await host.flow.node.waitUntilAcceptingRoutes()
        let sender = EventStyleHost(journal: journal)
        try await host.start(sender)
        try await sender.flow.node.waitUntilAcceptingRoutes()
        let receipt = try await sender.send(Ping(number: 1))
        #expect(receipt.stoppedBy?.coordinator == host.flow.id)
        #expect(journal.all.contains(.handled(ping: 1)))
        // The child and the handler's task were both hosted by the host's loop.
        #expect(host.flow.node.view.loop == .running)
        try host.flow.finish()
        try await running.value
    }

    @Test func anEndRecordedFromAnotherTaskCancelsTheTaskRunningStart() async throws {
        let journal = Journal<HostingEntry>()
        let waiter = WaitsForCancellation(journal: journal)
        let tree = CoordinatorTree()
        let running = Task { try await tree.run(waiter) }
        try await journal.waitUntil { $0.contains(.waiting) }
        try waiter.flow.finish(with: 7)
        #expect(try await running.value == 7)
        #expect(journal.all.contains(.sawItsTaskCancelled))
    }

    @Test func anAncestorsEndCancelsTheTaskOfEveryCoordinatorBelowIt() async throws {
        let journal = Journal<HostingEntry>()
        let root = StartsWaitingChain(journal: journal, depth: 3)
        let tree = CoordinatorTree()
        let running = Task { await tree.runForOutcome(root) }
        try await journal.waitUntil { $0.filter { $0 == .waiting }.count == 3 }
        try root.flow.finish()
        let outcome = await running.value
        #expect(outcome.ending == .finished, "the root ended as \(outcome), not finished")
        #expect(journal.all.filter { $0 == .sawItsTaskCancelled }.count == 3)
    }
}

/// What the coordinators of the hosting tests journal.
private enum HostingEntry: Hashable, Sendable {
    /// A host's `start()` runs.
    case running
    /// An `EventStyleHost`'s `flow.finished` returned.
    case finishedReturned
    /// A `start()` waits for its task's cancellation.
    case waiting
    /// That `start()` saw its task cancelled.
    case sawItsTaskCancelled
    /// A `HoldsOn` child runs.
    case childRunning
    /// A `HoldsOn` child was released: its `start()` returns.
    case childReleased
    /// A host's handler handled the ping numbered so.
    case handled(ping: Int)
}

private actor RunsChildFromStart: Coordinator {
    let flow = Flow<Void>()
    var hadLoopWhileRunning: Bool?

    func start() async throws {
        _ = try await flow.run(Returns(1))
        hadLoopWhileRunning = flow.node.hasLoop
    }
}

/// Waits in `flow.finished`, and runs or starts children when its methods are called.
private actor EventStyleHost: Coordinator {
    let flow = Flow<Void>()
    let journal: Journal<HostingEntry>
    init(journal: Journal<HostingEntry>) { self.journal = journal }

    func start() async throws {
        journal.record(.running)
        defer { journal.record(.finishedReturned) }
        try await flow.finished
    }

    func runChild() async throws -> Int { try await flow.run(Returns(1)) }

    /// Starts a child that holds on, cancelled or not, until `release` opens.
    func startHoldingChild(_ release: Gate) throws -> ChildFlow<Void> {
        try flow.start(HoldsOn(until: release, journal: journal))
    }

    /// Starts `child` concurrently.
    func start(_ child: EventStyleHost) throws { try flow.start(child) }

    /// Sends `event` up the tree, as a screen's action would.
    func send(_ event: some FlowEvent) async throws -> FlowEventReceipt { try await flow.send(event) }
}

/// Waits in `start()` for its task's cancellation (not in `flow.finished`), and runs children
/// when its method is called.
private actor BusyHost: Coordinator {
    let flow = Flow<Void>()
    let journal: Journal<HostingEntry>
    init(journal: Journal<HostingEntry>) { self.journal = journal }

    func start() async throws {
        journal.record(.running)
        await waitForCancellation(journal)
    }

    func runChild() async throws -> Int { try await flow.run(Returns(1)) }
}

/// Starts the child `make` makes, concurrently, and waits to be ended.
private actor StartsChild<Child: Coordinator>: Coordinator {
    let flow = Flow<Void>()
    private let make: @Sendable () -> Child
    var child: Child?
    init(_ make: @escaping @Sendable () -> Child) { self.make = make }

    func start() async throws {
        let child = make()
        self.child = child
        try flow.start(child)
        try await flow.finished
    }
}

/// Waits in `start()` for something only a cancellation of its task ends.
private actor WaitsForCancellation: Coordinator {
    let flow = Flow<Int>()
    let journal: Journal<HostingEntry>
    init(journal: Journal<HostingEntry>) { self.journal = journal }

    func start() async throws -> Int {
        await waitForCancellation(journal)
        return 0
    }
}

/// Each level starts the next concurrently, then waits for a cancellation of its task.
private actor StartsWaitingChain: Coordinator {
    let flow = Flow<Void>()
    let journal: Journal<HostingEntry>
    let depth: Int
    init(journal: Journal<HostingEntry>, depth: Int) {
        self.journal = journal
        self.depth = depth
    }

    func start() async throws {
        if depth > 1 { try flow.start(StartsWaitingChain(journal: journal, depth: depth - 1)) }
        await waitForCancellation(journal)
        try await flow.finished
    }
}

/// Records `.waiting`, suspends until the calling task is cancelled, then records that.
private func waitForCancellation(_ journal: Journal<HostingEntry>) async {
    let gate = Gate()
    await withTaskCancellationHandler {
        journal.record(.waiting)
        await gate.wait()
    } onCancel: {
        gate.open()
    }
    journal.record(.sawItsTaskCancelled)
}

/// Runs until `release` opens, whether its task is cancelled or not.
private actor HoldsOn: Coordinator {
    let flow = Flow<Void>()
    let release: Gate
    let journal: Journal<HostingEntry>
    init(until release: Gate, journal: Journal<HostingEntry>) { (self.release, self.journal) = (release, journal) }

    func start() async {
        journal.record(.childRunning)
        await release.wait()
        journal.record(.childReleased)
    }
}
