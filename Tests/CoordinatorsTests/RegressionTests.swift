import Testing

@testable import Coordinators

/// Races and edge cases found in review, each pinned by a test.
@Suite(.timeLimit(.minutes(1)))
struct RegressionTests {
    /// Shows a screen, then (from `startTwoAndFinish`) hands over two children and finishes
    /// in one actor turn.
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

    @Test func childrenHandedOverInTheSameTurnAsFinishStillEnd() async throws {
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
            guard case .cancelled = await outcome else {  // hangs if teardown waited on half-made presentations
                Issue.record("expected cancelled")
                return
            }
            #expect(navigation.stack.isEmpty)
        }
    }

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

    @Test func droppingTheEventSequenceUnsubscribes() async throws {
        let tree = CoordinatorTree()
        do {
            let events = tree.events()
            var iterator = events.makeAsyncIterator()
            #expect(tree.context.state.withLock { $0.subscribers.count } == 1)
            _ = iterator
            iterator = events.makeAsyncIterator()
        }
        #expect(tree.context.state.withLock { $0.subscribers.count } == 0)
    }

    @Test func aWaitConditionMayReadThePresenter() async throws {
        let navigation = NavigationPresenter()
        let root = Branch("root", on: navigation)
        async let done = CoordinatorTree().run(root)
        try await navigation.waitUntil { _ in navigation.stack.count == 1 }  // deadlocked under the lock
        try await root.done("done")
        _ = try await done
    }

    /// Fails its first `present`, then shows everything; can report a swipe on anything.
    final class FlakyPresenter: Presenter {
        struct Refused: Error {}
        private let calls = Mutex(0)
        private let shown = Mutex<[Presentation]>([])
        var screens: [Presentation] { shown.withLock { $0 } }

        func present(_ presentation: Presentation) async throws {
            let call = calls.withLock { count -> Int in
                count += 1
                return count
            }
            if call == 1 { throw Refused() }
            shown.withLock { $0.append(presentation) }
        }
        func dismiss(_ presentation: Presentation, reason: DismissalReason) async throws {
            shown.withLock { $0.removeAll { $0 == presentation } }
        }
        func userRemoves(_ presentation: Presentation) {
            shown.withLock { $0.removeAll { $0 == presentation } }
            presentation.reportDismissal(.byUser)
        }
    }

    @Test func aFailedFirstPresentationDoesNotSpendTheMainRole() async throws {
        actor RetriesAFailedPresentation: Coordinator {
            let flow = Flow<String>()
            let presenter: FlakyPresenter
            init(_ presenter: FlakyPresenter) { self.presenter = presenter }
            func start() async throws -> String {
                do {
                    try await flow.present(TestScreen("first try"), on: presenter)
                } catch is FlakyPresenter.Refused {
                    try await flow.present(TestScreen("second try"), on: presenter)
                }
                return try await flow.finished
            }
        }
        let presenter = FlakyPresenter()
        let tree = CoordinatorTree()
        var events = tree.events().makeAsyncIterator()
        async let outcome = tree.runForOutcome(RetriesAFailedPresentation(presenter))
        while let event = await events.next() {
            guard case .presented(let info) = event.kind else { continue }
            #expect(info.screen == "second try")
            #expect(info.isMain)
            break
        }
        let shown = try #require(presenter.screens.first)
        presenter.userRemoves(shown)
        guard case .dismissed(.byUser) = await outcome else {  // would hang: no main screen to end it
            Issue.record("expected dismissed(byUser)")
            return
        }
    }

    /// Reports every presentation gone while presenting it, as a UI might if the person
    /// closes a screen during its appearance.
    final class VanishingPresenter: Presenter {
        func present(_ presentation: Presentation) async throws {
            presentation.reportDismissal(.byUser)
        }
        func dismiss(_ presentation: Presentation, reason: DismissalReason) async throws {}
    }

    @Test func aScreenGoneBeforeItsPresentReturnedIsNotReportedAsPresented() async throws {
        actor ExpectsItsScreenGoneOnArrival: Coordinator {
            let flow = Flow<Void>()
            let presenter: VanishingPresenter
            init(_ presenter: VanishingPresenter) { self.presenter = presenter }
            func start() async throws {
                let screen = try await flow.present(TestScreen("fleeting"), on: presenter)
                #expect(screen.dismissalReason == .byUser)
                try await flow.finished
            }
        }
        let tree = CoordinatorTree()
        let events = tree.events()
        async let log = collect(events)
        let shows = ExpectsItsScreenGoneOnArrival(VanishingPresenter())
        guard case .dismissed(.byUser) = await tree.runForOutcome(shows) else {
            Issue.record("expected dismissed(byUser)")
            return
        }
        let kinds = await log.map(\.kind)
        #expect(!kinds.contains { if case .presented = $0 { true } else { false } })
        #expect(kinds.last == .endedByDismissal(.byUser))
    }
}
