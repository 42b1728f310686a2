import Coordinators
import Testing

/// Values flow down the tree whichever way a child was started; nearer values win; a parent
/// overrides a value for one child only; reading before the run or after the end is an error.
@Suite(.timeLimit(.minutes(1)))
struct EnvironmentTests {
    /// Runs a `EnvironmentParent` until it is ready, and returns it with its run.
    private func runParent(
        in tree: CoordinatorTree, setting greeting: String? = nil, journal: Journal<EnvironmentParent.Entry> = Journal()
    ) async throws -> (EnvironmentParent, Task<Void, any Error>) {
        let parent = EnvironmentParent(journal: journal, setting: greeting)
        let run = Task { try await tree.run(parent) }
        try await journal.waitUntil { $0.contains(.ready) }
        return (parent, run)
    }

    @Test func aKeyNobodySetHasItsDefaultValue() async throws {
        let output = try await CoordinatorTree().run(Reads())
        #expect(output == "default / none")
    }

    @Test func aValueSetOnTheTreeReachesEveryCoordinator() async throws {
        let tree = CoordinatorTree()
        tree.setEnvironment(\.greeting, "tree")
        #expect(try await tree.run(Middle(Middle(Reads()))) == "tree / none")
        #expect(tree.environment.greeting == "tree")
        #expect(tree.environment.level == 0)
    }

    @Test func aValueSetOnACoordinatorReachesChildrenHoweverTheyAreStarted() async throws {
        let tree = CoordinatorTree()
        tree.setEnvironment(\.greeting, "tree")
        let journal = Journal<EnvironmentParent.Entry>()
        let (parent, run) = try await runParent(in: tree, setting: "parent", journal: journal)

        #expect(journal.all.contains(.ranFromStart("parent / start")))
        #expect(journal.all.contains(.startedFromStart("parent / none")))
        #expect(try await parent.runChild().hasPrefix("parent /"))
        #expect(try await parent.startChild().hasPrefix("parent /"))
        try await parent.done()
        try await run.value
    }

    @Test func theNearestValueWins() async throws {
        let tree = CoordinatorTree()
        tree.setEnvironment(\.greeting, "tree")
        tree.setEnvironment(\.level, 1)
        let inner = Middle(Reads())
        try inner.setEnvironment(\.greeting, "middle")
        let outer = Middle(inner)
        try outer.setEnvironment(\.greeting, "outer")
        let output = try await tree.run(outer)
        #expect(output == "middle / none")
    }

    @Test func anOverrideForOneChildLeavesItsSiblingsAndItsParentAlone() async throws {
        let (parent, run) = try await runParent(in: CoordinatorTree(), setting: "parent")

        #expect(try await parent.runChild(overriding: "only this one").hasPrefix("only this one /"))
        #expect(try await parent.runChild().hasPrefix("parent /"))
        #expect(try await parent.read().greeting == "parent")
        try await parent.done()
        try await run.value
    }

    @Test func anOverrideReachesTheChildsWholeSubtree() async throws {
        let root = Middle(Middle(Reads()))
        try root.setEnvironment(\.greeting, "subtree")
        let output = try await CoordinatorTree().run(root)
        #expect(output == "subtree / none")
    }

    @Test func aValueSetLaterIsSeenAtTheNextRead() async throws {
        let tree = CoordinatorTree()
        let (parent, run) = try await runParent(in: tree, setting: "before")
        let held = try await parent.read()

        try await parent.set("after")
        #expect(try await parent.runChild().hasPrefix("after /"))
        tree.setEnvironment(\.level, 7)
        #expect(try await parent.read().level == 7)
        // A FlowEnvironment already read is a value: it keeps what it read.
        #expect(held.greeting == "before")
        try await parent.done()
        try await run.value
    }

    @Test func aValueSetOnARootBeforeItRunsIsSeenByIt() async throws {
        let root = Reads()
        try root.setEnvironment(\.greeting, "set before the run")
        #expect(try await CoordinatorTree().run(root) == "set before the run / none")
    }

    @Test func settingAValueOnARunningInstanceThrowsAlreadyRunAndChangesNothing() async throws {
        let tree = CoordinatorTree()
        tree.setEnvironment(\.greeting, "tree")
        let (parent, run) = try await runParent(in: tree)
        #expect(try await parent.read().greeting == "tree")

        let error = #expect(throws: CoordinatorError.self) { try parent.setEnvironment(\.greeting, "set after it ran") }
        #expect(error?.code == .alreadyRun)
        #expect(error?.message.contains("a running coordinator sets its own with flow.setEnvironment") == true)
        #expect(try await parent.read().greeting == "tree")
        #expect(try await parent.runChild().hasPrefix("tree /"), "nor its subtree's")
        try await parent.done()
        try await run.value
    }

    @Test func settingAValueOnAnInstanceThatRanThrowsAlreadyRun() async throws {
        let root = Reads()
        _ = try await CoordinatorTree().run(root)
        let set = #expect(throws: CoordinatorError.self) { try root.setEnvironment(\.greeting, "set after it ran") }
        #expect(set?.code == .alreadyRun)
        let error = await #expect(throws: CoordinatorError.self) { try await CoordinatorTree().run(root) }
        #expect(error?.code == .alreadyRun)
    }

    @Test func aFlowEnvironmentIsAPlainValueToBuild() {
        var environment = FlowEnvironment()
        #expect(environment.greeting == "default")
        environment.greeting = "built"
        environment.level = 3
        #expect(environment.greeting == "built")
        #expect(environment.level == 3)
        #expect(FlowEnvironment().level == 0)
    }

    // MARK: Misuse

    @Test func readingTheEnvironmentBeforeTheRunIsAnError() {
        let error = #expect(throws: CoordinatorError.self) { try Reads().flow.environment }
        #expect(error?.code == .notRunning)
        #expect(error?.message.contains("before it was run") == true)
    }

    @Test func settingAValueOnTheFlowBeforeTheRunIsAnErrorAsReadingIs() {
        let root = Reads()
        let error = #expect(throws: CoordinatorError.self) { try root.flow.setEnvironment(\.greeting, "early") }
        #expect(error?.code == .notRunning)
        #expect(
            error?.message.contains("setEnvironment(_:_:) on the instance") == true,
            "it names the way to set a value before the run")
    }

    @Test func readingTheEnvironmentAfterTheEndIsAnError() async throws {
        let root = Reads()
        _ = try await CoordinatorTree().run(root)
        let error = #expect(throws: CoordinatorError.self) { try root.flow.environment }
        #expect(error?.code == .flowEnded)
    }

    @Test func settingAValueAfterTheEndIsAnError() async throws {
        let root = Reads()
        _ = try await CoordinatorTree().run(root)
        let error = #expect(throws: CoordinatorError.self) { try root.flow.setEnvironment(\.greeting, "late") }
        #expect(error?.code == .flowEnded)
        #expect(error?.message.contains("set an environment value") == true)
    }
}
