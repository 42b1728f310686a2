import Testing

@testable import Coordinators

/// Which task-local values a child's `start()` sees, for each way it is started. A child
/// runs in a task of its tree: a child task of the calling task for `flow.run` from
/// `start()` (so too a timeout's, a race's and a child group's); for the others, handed
/// over, a child task of its parent's hosting loop, itself hosted in its own parent's loop
/// (up to the tree's own group). So a value bound around `flow.run` in `start()` reaches the
/// child; one bound around `flow.start`, around `flow.finished`, or in the task that called
/// an actor method, does not. (The environment reaches them all:
/// `EnvironmentTests`.)
@Suite(.timeLimit(.minutes(1)))
struct TaskLocalTests {
    private func runParent(
        _ journal: Journal<EnvironmentParent.Entry>
    ) async throws -> (EnvironmentParent, Task<Void, any Error>) {
        let parent = EnvironmentParent(journal: journal)
        let tree = CoordinatorTree()
        // The root is hosted in this task: what is bound here is what its hosting task has.
        let run = Task { try await Trace.$value.withValue("tree") { try await tree.run(parent) } }
        try await journal.waitUntil { $0.contains(.ready) }
        return (parent, run)
    }

    @Test func aRootSeesWhatIsBoundAroundTreeRun() async throws {
        let output = try await Trace.$value.withValue("tree") { try await CoordinatorTree().run(Reads()) }
        #expect(output == "default / tree")
    }

    @Test func aChildRunFromStartSeesWhatStartBoundAroundTheCall() async throws {
        let journal = Journal<EnvironmentParent.Entry>()
        let (parent, run) = try await runParent(journal)
        #expect(journal.all.contains(.ranFromStart("default / start")))
        try await parent.done()
        try await run.value
    }

    @Test func aChildStartedFromStartSeesWhatTheTreeWasRunWithNotWhatStartBound() async throws {
        let journal = Journal<EnvironmentParent.Entry>()
        let (parent, run) = try await runParent(journal)
        #expect(journal.all.contains(.startedFromStart("default / tree")))
        try await parent.done()
        try await run.value
    }

    @Test func aChildRunOrStartedFromAnActorMethodSeesWhatTheTreeWasRunWithNotWhatTheCallerBound() async throws {
        // The parent has a hosting loop: its `start()` started a child before it waited.
        let (parent, run) = try await runParent(Journal())
        let ran = try await Trace.$value.withValue("caller") { try await parent.runChild() }
        let started = try await Trace.$value.withValue("caller") { try await parent.startChild() }
        #expect(ran == "default / tree")
        #expect(started == "default / tree")
        try await parent.done()
        try await run.value
    }

    /// Not what `start()` bound around `flow.finished`: the child runs in the coordinator's
    /// hosting loop, never in `start()`'s task.
    @Test func aChildHandedToACoordinatorWaitingInFinishedSeesWhatTheTreeWasRunWith() async throws {
        let parent = WaitsUnderABinding()
        let tree = CoordinatorTree()
        let run = Task { try await Trace.$value.withValue("tree") { try await tree.run(parent) } }
        // It accepts routes in the critical section in which `start()` begins to wait.
        try await parent.flow.node.waitUntilAcceptingRoutes()
        let ran = try await Trace.$value.withValue("caller") { try await parent.runChild() }
        let started = try await Trace.$value.withValue("caller") { try await parent.startChild() }
        #expect(ran == "default / tree")
        #expect(started == "default / tree")
        // A hosting loop below it is hosted in its loop, so what it hosts sees the same.
        let below = try await Trace.$value.withValue("caller") { try await parent.startStartsReads() }
        #expect(below == "run: default / tree, start: default / tree")
        try parent.flow.finish()
        try await run.value
    }

    @Test func aChildStartedBelowACoordinatorRunUnderABindingSeesWhatTheTreeWasRunWith() async throws {
        let output = try await Trace.$value.withValue("tree") {
            try await CoordinatorTree().run(
                ClosureRoot { flow in
                    try await Trace.$value.withValue("ancestor") { try await flow.run(StartsReads()) }
                })
        }
        #expect(output == "run: default / ancestor, start: default / tree")
    }
}

/// Runs `Reads` from its `start()` and starts another: the first sees what `start()` saw,
/// the second what the tree was run with.
private actor StartsReads: Coordinator {
    let flow = Flow<String>()

    func start() async throws -> String {
        let ran = try await flow.run(Reads())
        let started = try await flow.start(Reads()).value
        return "run: \(ran), start: \(started)"
    }
}

/// Waits in `flow.finished` inside a binding of "waiting", and runs or starts `Reads` when its
/// methods are called: its hosting loop hosts them, outside that binding.
private actor WaitsUnderABinding: Coordinator {
    let flow = Flow<Void>()

    func start() async throws {
        try await Trace.$value.withValue("waiting") { try await flow.finished }
    }

    func runChild() async throws -> String { try await flow.run(Reads()) }
    func startChild() async throws -> String { try await flow.start(Reads()).value }
    func startStartsReads() async throws -> String { try await flow.start(StartsReads()).value }
}

/// A root whose `start()` is a closure.
private actor ClosureRoot: Coordinator {
    let flow = Flow<String>()
    let body: @Sendable (Flow<String>) async throws -> String

    init(_ body: @escaping @Sendable (Flow<String>) async throws -> String) { self.body = body }

    func start() async throws -> String { try await body(flow) }
}
