import Coordinators
import CoordinatorsTesting
import Testing

/// `flow.run`, `flow.runForOutcome` and `flow.start`: typed results and the four outcomes.
@Suite(.timeLimit(.minutes(1)))
struct ChildFlowTests {
    struct Boom: Error, Equatable {}

    @Test func runReturnsTheChildsTypedOutput() async throws {
        actor ReturnsAWord: Coordinator {
            let flow = Flow<String>()
            let word: String
            init(_ word: String) { self.word = word }
            func start() async throws -> String { word }
        }
        actor RunsAnIntAndAStringChild: Coordinator {
            let flow = Flow<String>()
            func start() async throws -> String {
                let count = try await flow.run(Returns(3))
                let word = try await flow.run(ReturnsAWord("apples"))
                return "\(count) \(word)"
            }
        }
        #expect(try await CoordinatorTree().run(RunsAnIntAndAStringChild()) == "3 apples")
    }

    @Test func runRethrowsTheChildsError() async throws {
        actor RunsAFailingChild: Coordinator {
            let flow = Flow<Int>()
            func start() async throws -> Int { try await flow.run(Throws(Boom())) }
        }
        await #expect(throws: Boom.self) { try await CoordinatorTree().run(RunsAFailingChild()) }
    }

    @Test func runForOutcomeTellsFinishedAndFailedApart() async throws {
        let finished = try await CoordinatorTree().run(Runs(Returns(5)))
        #expect(finished.output == 5)
        let failed = try await CoordinatorTree().run(Runs(Throws(Boom())))
        guard case .failed(let error) = failed else {
            Issue.record("expected failed, got \(failed)")
            return
        }
        #expect(error is Boom)
    }

    @Test func runForOutcomeReportsAUserDismissal() async throws {
        let modal = ModalPresenter()
        try await withFlowTest(of: Runs(Branch("child", on: modal))) { test in
            _ = try await test.screen(TestScreen.self, on: modal)
            try await test.swipeDown(on: modal)
            #expect(try await test.output.ending == .dismissed(.byUser))
        }
    }

    @Test func runThrowsFlowDismissedWhenTheChildsMainScreenIsDismissed() async throws {
        actor ReportsHowItsChildWasDismissed: Coordinator {
            let flow = Flow<String>()
            let navigation: NavigationPresenter
            init(_ navigation: NavigationPresenter) { self.navigation = navigation }
            func start() async throws -> String {
                try await flow.present(TestScreen("parent"), on: navigation)
                do {
                    return try await flow.run(Branch("child", on: navigation))
                } catch let dismissed as FlowDismissed {
                    return "child \(dismissed.reason)"
                }
            }
        }
        let navigation = NavigationPresenter()
        try await withFlowTest(of: ReportsHowItsChildWasDismissed(navigation)) { test in
            _ = try await test.screen(TestScreen.self, on: navigation, where: { $0.name == "child" })
            try await test.swipeBack(on: navigation)
            #expect(try await test.output == "child byUser")
        }
    }

    @Test func startReturnsAHandleWhoseValueIsTheOutput() async throws {
        actor StartsThreeAndCollectsTheirValues: Coordinator {
            let flow = Flow<[Int]>()
            func start() async throws -> [Int] {
                let handles = try (1...3).map { try flow.start(Returns($0)) }
                var values: [Int] = []
                for handle in handles { values.append(try await handle.value) }
                return values
            }
        }
        #expect(try await CoordinatorTree().run(StartsThreeAndCollectsTheirValues()) == [1, 2, 3])
    }

    @Test func aChildStartedJustBeforeItsParentReturnsStillEnds() async throws {
        actor ReturnsTheHandleOfAChildItStarts: Coordinator {
            let flow = Flow<ChildFlow<Int>>()
            nonisolated func start() async throws -> ChildFlow<Int> { try flow.start(Returns(1)) }
        }
        let handle = try await CoordinatorTree().run(ReturnsTheHandleOfAChildItStarts())
        let outcome = await handle.outcome  // hangs if the child was dropped
        switch outcome {
        case .finished(1), .cancelled: break
        default: Issue.record("unexpected \(outcome)")
        }
        #expect(handle.state == .ended)
    }

    /// Regression: children handed over in the same actor turn as `finish(with:)` could be
    /// dropped, so awaiting their outcome hung.
    @Test func childrenHandedOverInTheSameTurnAsFinishStillEnd() async throws {
        /// Shows a screen, then (from `startTwoAndFinish`) hands over two children and
        /// finishes in one actor turn.
        actor FinishesAsItHandsOverTwoChildren: Coordinator {
            let flow = Flow<Int>()
            let navigation: NavigationPresenter
            init(_ navigation: NavigationPresenter) { self.navigation = navigation }
            func start() async throws -> Int {
                try await flow.present(TestScreen("burst"), on: navigation)
                return try await flow.finished
            }
            /// Two children handed over and the flow finished in one actor turn.
            func startTwoAndFinish() throws -> [ChildFlow<Int>] {
                let handles = [try flow.start(Returns(1)), try flow.start(Returns(2))]
                try flow.finish(with: 0)
                return handles
            }
        }
        for _ in 0..<50 {
            let navigation = NavigationPresenter()
            let burst = FinishesAsItHandsOverTwoChildren(navigation)
            async let result = CoordinatorTree().run(burst)
            try await navigation.waitUntil { $0.stack.count == 1 }
            for handle in try await burst.startTwoAndFinish() {
                let outcome = await handle.outcome  // hangs if a child was dropped
                #expect(outcome.output != nil || "\(outcome)" == "cancelled")
            }
            #expect(try await result == 0)
        }
    }

    @Test func cancellingAHandleCancelsOnlyThatChild() async throws {
        actor CancelsOneOfTwoChildren: Coordinator {
            let flow = Flow<String>()
            let navigation: NavigationPresenter
            init(_ navigation: NavigationPresenter) { self.navigation = navigation }
            func start() async throws -> String {
                try await flow.present(TestScreen("parent"), on: navigation)
                let doomed = try flow.start(Branch("doomed", on: navigation))
                let kept = try flow.start(Branch("kept", on: navigation))
                try await navigation.waitUntil { $0.stack.count == 3 }
                doomed.cancel()
                let outcome = await doomed.outcome
                // The sibling and this coordinator still run, and the sibling's screen is up.
                guard case .cancelled = outcome, kept.state == .running, flow.state == .running else {
                    return "wrong: \(outcome) \(kept.state)"
                }
                return navigation.state.screenNames.joined(separator: ",")
            }
        }
        let navigation = NavigationPresenter()
        #expect(try await CoordinatorTree().run(CancelsOneOfTwoChildren(navigation)) == "parent,kept")
        #expect(navigation.stack.isEmpty)
    }

    @Test func cancellingTheTaskThatAwaitsRunCancelsTheChild() async throws {
        actor RunsAChildFromAnotherTask: Coordinator {
            let flow = Flow<String>()
            let navigation: NavigationPresenter
            var waiting: Task<FlowOutcome<String>, Never>?
            init(_ navigation: NavigationPresenter) { self.navigation = navigation }
            func start() async throws -> String {
                try await flow.present(TestScreen("parent"), on: navigation)
                return try await flow.finished
            }
            /// Runs a child from another task, as a screen's action would.
            func openChild() {
                waiting = Task { await flow.runForOutcome(Branch("child", on: navigation)) }
            }
            func cancelOpening() async -> FlowOutcome<String>? {
                waiting?.cancel()
                return await waiting?.value
            }
        }
        let navigation = NavigationPresenter()
        try await withFlowTest(of: RunsAChildFromAnotherTask(navigation)) { test in
            _ = try await test.screen(TestScreen.self, on: navigation)
            try await test.root.openChild()
            _ = try await test.screen(TestScreen.self, on: navigation, where: { $0.name == "child" })
            let outcome = try await test.root.cancelOpening()
            #expect(outcome?.ending == .cancelled, "expected cancelled, got \(String(describing: outcome))")
            #expect(navigation.state.screenNames == ["parent"])
            #expect(test.tree.snapshot().root?.children.isEmpty == true)
            try test.root.flow.finish(with: "done")
            #expect(try await test.output == "done")
        }
    }

    @Test func aChildWhoseCallerIsAlreadyCancelledNeverStarts() async throws {
        actor RecordsThatItStarted: Coordinator {
            let flow = Flow<Int>()
            let journal: Journal<JournalEntry>
            init(_ journal: Journal<JournalEntry>) { self.journal = journal }
            func start() async throws -> Int {
                journal.record(.started("child"))
                return 1
            }
        }
        let journal = Journal()
        let navigation = NavigationPresenter()
        let parent = Branch("parent", on: navigation)
        async let done = CoordinatorTree().run(parent)
        try await navigation.waitUntil { $0.stack.count == 1 }
        let cancelledCaller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await parent.flow.runForOutcome(RecordsThatItStarted(journal))
        }
        #expect(await cancelledCaller.value.ending == .cancelled)
        #expect(journal.all.isEmpty)
        try await parent.done("done")
        _ = try await done
    }

    @Test func childrenStartedFromAnotherTaskBelongToTheCoordinatorsSubtree() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: Branch("parent", on: navigation)) { test in
            _ = try await test.screen(TestScreen.self, on: navigation)
            // This test's task is not the parent's; the children still join the parent's tree.
            let first = try test.root.flow.start(Branch("first", on: navigation))
            try test.root.flow.start(Branch("second", on: navigation))
            try await navigation.waitUntil { $0.stack.count == 3 }
            let snapshot = test.tree.snapshot()
            #expect(snapshot.root?.children.map(\.id) == [first.id, snapshot.root!.children[1].id])
            #expect(snapshot.root?.children.count == 2)
            // Ending the parent ends them: they are its child tasks.
            test.tree.cancel()
            #expect(try await test.outcome.ending == .cancelled)
            #expect(await first.outcome.ending == .cancelled, "expected the child to be cancelled with its parent")
        }  // and the kit checked that the stack is empty
    }

    @Test func eventStyleFinishHandsTheOutputToTheParent() async throws {
        actor PrefixesItsChildsOutput: Coordinator {
            let flow = Flow<String>()
            let child: Branch
            init(child: Branch) { self.child = child }
            func start() async throws -> String { "got " + (try await flow.run(child)) }
        }
        let navigation = NavigationPresenter()
        try await withFlowTest(of: PrefixesItsChildsOutput(child: Branch("child", on: navigation))) { test in
            _ = try await test.screen(TestScreen.self, on: navigation)
            try await test.coordinator(Branch.self).done("answer")
            #expect(try await test.output == "got answer")
        }
    }

    @Test func finishThrowingFailsTheFlowWithThatError() async throws {
        let navigation = NavigationPresenter()
        let outcome = try await withFlowTest(of: Branch("child", on: navigation)) { test in
            _ = try await test.screen(TestScreen.self, on: navigation)
            try test.root.flow.finish(throwing: Boom())
            return try await test.outcome
        }
        guard case .failed(let error) = outcome else {
            Issue.record("expected failed")
            return
        }
        #expect(error as? Boom == Boom())
    }

    @Test func voidFlowsFinishWithoutAValue() async throws {
        actor FinishesWithoutAValue: Coordinator {
            let flow = Flow<Void>()
            func start() async throws {
                try flow.finish()
                try await flow.finished
            }
        }
        try await CoordinatorTree().run(FinishesWithoutAValue())
    }
}
