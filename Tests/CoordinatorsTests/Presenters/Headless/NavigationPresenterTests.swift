import Coordinators
import Observation
import Testing

/// `NavigationPresenter`: every operation and gesture, the resulting stack, and the reason
/// each removed presentation reports.
@Suite(.timeLimit(.minutes(1)))
struct NavigationPresenterTests {
    /// Runs a coordinator that pushes `screens` (all auxiliary but the first), hands the
    /// test the presentations, and ends when the test finishes it.
    private func withStack(
        _ screens: [String],
        _ body: (NavigationPresenter, Branch, [Presentation]) async throws -> Void
    ) async throws {
        let navigation = NavigationPresenter()
        let owner = Branch(screens[0], on: navigation)
        async let result = CoordinatorTree().run(owner)
        try await navigation.waitUntil { $0.stack.count == 1 }
        for name in screens.dropFirst() {
            try await owner.flow.present(TestScreen(name), on: navigation, role: .auxiliary)
        }
        try await body(navigation, owner, navigation.stack)
        if owner.flow.state == .running { try await owner.done("done") }
        _ = try? await result
        #expect(navigation.stack.isEmpty)
    }

    @Test func presentPushesInOrder() async throws {
        try await withStack(["a", "b", "c"]) { navigation, _, stack in
            #expect(navigation.state.screenNames == ["a", "b", "c"])
            #expect(navigation.state.top == stack[2])
            #expect(stack.allSatisfy { $0.isPresented })
        }
    }

    @Test func popRemovesTheTopByCoordinator() async throws {
        try await withStack(["a", "b", "c"]) { navigation, _, stack in
            try await navigation.pop()
            #expect(navigation.state.screenNames == ["a", "b"])
            #expect(stack[2].dismissalReason == .byCoordinator)
        }
    }

    @Test func popToRemovesEverythingAboveMostRecentFirst() async throws {
        try await withStack(["a", "b", "c", "d"]) { navigation, _, stack in
            async let order = [stack[3].dismissal, stack[2].dismissal]
            try await navigation.pop(to: stack[1])
            #expect(navigation.state.screenNames == ["a", "b"])
            #expect(try await order == [.byCoordinator, .byCoordinator])
            #expect(stack[1].isPresented)
        }
    }

    @Test func popToRootKeepsOnlyTheRoot() async throws {
        try await withStack(["a", "b", "c"]) { navigation, _, stack in
            try await navigation.popToRoot()
            #expect(navigation.stack == [stack[0]])
        }
    }

    @Test func userPopRemovesTheTopByUser() async throws {
        try await withStack(["a", "b"]) { navigation, _, stack in
            try await navigation.userPop()
            #expect(stack[1].dismissalReason == .byUser)
            #expect(navigation.stack == [stack[0]])
        }
    }

    @Test func userPopToRemovesEverythingAboveByUser() async throws {
        try await withStack(["a", "b", "c"]) { navigation, _, stack in
            try await navigation.userPop(to: stack[0])
            #expect(stack[1].dismissalReason == .byUser)
            #expect(stack[2].dismissalReason == .byUser)
        }
    }

    @Test func dismissRemovesOnlyThatPresentationEvenInTheMiddle() async throws {
        try await withStack(["a", "b", "c"]) { navigation, owner, stack in
            try await owner.flow.dismiss(stack[1])
            #expect(navigation.state.screenNames == ["a", "c"])
            #expect(stack[1].dismissalReason == .byCoordinator)
        }
    }

    @Test func setStackReplacesTheStackAndReportsReplaced() async throws {
        try await withStack(["a", "b"]) { navigation, owner, old in
            let new = try await owner.flow.setStack([TestScreen("x"), TestScreen("y")], on: navigation)
            #expect(navigation.state.screenNames == ["x", "y"])
            #expect(old.map(\.dismissalReason) == [.replaced, .replaced])
            #expect(new.allSatisfy { $0.isPresented })
            // The owner replaced its own main screen: the new root takes over as main.
            #expect(new.map(\.isMain) == [true, false])
            #expect(owner.flow.state == .running)
        }
    }

    @Test func setStackOverAChildsScreensEndsTheChildAsReplaced() async throws {
        try await withStack(["parent"]) { navigation, owner, _ in
            let child = try owner.flow.start(Branch("child", on: navigation))
            try await navigation.waitUntil { $0.stack.count == 2 }
            try await owner.flow.setStack([TestScreen("fresh")], on: navigation)
            #expect(await child.outcome.ending == .dismissed(.replaced), "expected the child to end as replaced")
            #expect(navigation.state.screenNames == ["fresh"])
            #expect(owner.flow.state == .running)
        }
    }

    /// Regression: cancelling while `setStack` was still making its presentations hung: the
    /// teardown waited on the half-made ones.
    @Test func cancellingDuringALongSetStackEndsAndLeavesNothing() async throws {
        for _ in 0..<10 {
            let navigation = NavigationPresenter()
            let tree = CoordinatorTree()
            let stacker = Branch("root", on: navigation)
            async let outcome = tree.runForOutcome(stacker)
            try await navigation.waitUntil { $0.stack.count == 1 }
            let screens = (0..<2000).map { TestScreen("s\($0)") as any Screen }
            async let stacked = try? stacker.flow.setStack(screens, on: navigation)
            tree.cancel()
            _ = await stacked
            // It would hang if the teardown waited on half-made presentations.
            #expect(await outcome.ending == .cancelled)
            #expect(navigation.stack.isEmpty)
        }
    }

    @Test func stateChangesArePublishedThroughObservation() async throws {
        try await withStack(["a", "b"]) { navigation, _, _ in
            let changed = Journal()
            withObservationTracking {
                _ = navigation.state
            } onChange: {
                changed.record(.changed("stack"))
            }
            try await navigation.userPop()
            #expect(changed.all == [.changed("stack")])
        }
    }

    /// Regression: a `waitUntil` condition that read the presenter deadlocked, as conditions
    /// ran under the presenter's lock.
    @Test func aWaitConditionMayReadThePresenter() async throws {
        let navigation = NavigationPresenter()
        let root = Branch("root", on: navigation)
        async let done = CoordinatorTree().run(root)
        try await navigation.waitUntil { _ in navigation.stack.count == 1 }  // deadlocked under the lock
        try await root.done("done")
        _ = try await done
    }

    @Test func concurrentPushesAndPopsEndInTheStateASequentialModelComputes() async throws {
        try await withStack(["root"]) { navigation, owner, _ in
            let screens = try await withThrowingTaskGroup(of: Presentation.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        try await owner.flow.present(TestScreen("s\(index)"), on: navigation, role: .auxiliary)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for screen in screens.prefix(100) {
                    group.addTask { try await owner.flow.dismiss(screen) }
                }
                try await group.waitForAll()
            }
            // Model: the root stays at the bottom, then exactly the survivors, each once (in
            // the order their pushes reached the presenter, which concurrency leaves open).
            let survivors = Set(screens.dropFirst(100))
            #expect(navigation.stack.count == 101)
            #expect(navigation.state.screenNames.first == "root")
            #expect(Set(navigation.stack.dropFirst()) == survivors)
            #expect(screens.prefix(100).allSatisfy { $0.dismissalReason == .byCoordinator })
            #expect(owner.flow.presentations.count == 101)
        }
    }
}
