import Coordinators
import Testing

/// `CoordinatorTree`: seeing the tree (snapshots in text and Mermaid, lifecycle events) and
/// running one root at a time.
@Suite(.timeLimit(.minutes(1)))
struct TreeTests {
    @Test func snapshotShowsTypesStatesPresentationsAndChildren() async throws {
        let navigation = NavigationPresenter()
        let modal = ModalPresenter()
        let tree = CoordinatorTree()
        let root = Branch("home", on: navigation, children: [Branch("login", on: modal)])
        async let done = tree.run(root)
        try await modal.waitUntil { $0.modals.count == 1 }
        let snapshot = tree.snapshot()
        #expect(
            snapshot.description == """
                Branch #1 [running]
                  · p2 home (main) on NavigationPresenter
                  Branch #3 [running]
                    · p4 login (main) on ModalPresenter
                """)
        #expect(
            snapshot.mermaid == """
                graph TD
                    c1["Branch #1<br/><i>running</i><br/>· home (main)"]
                    c3["Branch #3<br/><i>running</i><br/>· login (main)"]
                    c1 --> c3
                """)
        #expect(snapshot.allCoordinators.map(\.presentations.count) == [1, 1])
        try await root.done("done")
        _ = try await done
        #expect(tree.snapshot().description == "(no coordinator running)")
    }

    @Test func eventsTellTheWholeLifecycleInOrder() async throws {
        let navigation = NavigationPresenter()
        let tree = CoordinatorTree()
        let events = tree.events()
        let root = Branch("root", on: navigation, children: [Branch("child", on: navigation)])
        async let log = collect(events)
        async let done = tree.run(root)
        try await navigation.waitUntil { $0.stack.count == 2 }
        try await root.done("done")
        _ = try await done
        let descriptions = await log.map(\.description)
        #expect(
            descriptions == [
                "Branch #1 started",
                "Branch #1 presented p2 root (main) on NavigationPresenter",
                "Branch #3 started",
                "Branch #3 presented p4 child (main) on NavigationPresenter",
                "Branch #3 dismissed p4 child (main) on NavigationPresenter (tornDown)",
                "Branch #3 cancelled",
                "Branch #1 dismissed p2 root (main) on NavigationPresenter (tornDown)",
                "Branch #1 finished",
            ])
        let rootID = await log[0].coordinator
        #expect(await log.filter { $0.coordinator == rootID }.allSatisfy { $0.parent == nil })
        #expect(await log.filter { $0.coordinator != rootID }.allSatisfy { $0.parent == rootID })
        #expect(await log.filter { $0.coordinator != rootID }.count == 4)
    }

    @Test func eventsReportFailuresAndDismissals() async throws {
        struct Broken: Error {}
        let tree = CoordinatorTree()
        let events = tree.events()
        async let log = collect(events)
        _ = await tree.runForOutcome(Throws(Broken()))
        #expect(await log.map(\.kind) == [.started, .failed("Broken()")])

        let navigation = NavigationPresenter()
        let second = tree.events()
        async let secondLog = collect(second)
        let child = Branch("child", on: navigation)
        async let outcome = tree.runForOutcome(child)
        try await navigation.waitUntil { $0.stack.count == 1 }
        navigation.stack[0].reportDismissal(.byUser)
        _ = await outcome
        #expect(await secondLog.last?.kind == .endedByDismissal(.byUser))
    }

    @Test func aSubscriptionDroppedBeforeTheRunCostsNothingLater() async throws {
        let tree = CoordinatorTree()
        do { _ = tree.events() }
        let navigation = NavigationPresenter()
        let root = Branch("root", on: navigation)
        async let done = tree.run(root)
        try await navigation.waitUntil { $0.stack.count == 1 }
        try await root.done("done")
        #expect(try await done == "done")
    }

    @Test func cancellingTheReaderEndsItsIteration() async throws {
        let tree = CoordinatorTree()
        let events = tree.events()
        let reader = Task { await collect(events) }
        reader.cancel()
        #expect(await reader.value.isEmpty)
    }

    /// Regression: `run` on a tree that is busy presenting could deadlock (a tree lock taken
    /// under a node lock); it must refuse the second root with `treeBusy` every time.
    @Test func runningOnABusyTreeWhilePresentingNeitherDeadlocksNorSucceeds() async throws {
        let navigation = NavigationPresenter()
        let tree = CoordinatorTree()
        let root = Branch("root", on: navigation)
        async let done = tree.run(root)
        try await navigation.waitUntil { $0.stack.count == 1 }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 0..<2000 {
                    let screen = try await root.flow.present(TestScreen("x\(index)"), on: navigation, role: .auxiliary)
                    try await root.flow.dismiss(screen)
                }
            }
            group.addTask {
                for _ in 0..<2000 {
                    guard case .failed(let error as CoordinatorError) = await tree.runForOutcome(Returns(1)),
                        error.code == .treeBusy
                    else {
                        Issue.record("a busy tree must refuse a second root")
                        return
                    }
                }
            }
            try await group.waitForAll()
        }
        try await root.done("done")
        #expect(try await done == "done")
    }
}
