import Coordinators
import Testing

/// Teardown order and cancellation: children before parents, presentations most recent
/// first, the outcome reported last, and every coordinator released.
@Suite(.timeLimit(.minutes(1)))
struct TeardownTests {
    /// root → (a → (a1, a2), b → (b1)), every coordinator with a screen on one stack.
    private static func threeLevelTree(
        on presenter: any Presenter, journal: Journal<JournalEntry>
    ) -> (Branch, [Weak<Branch>]) {
        let a1 = Branch("a1", on: presenter, journal: journal)
        let a2 = Branch("a2", on: presenter, journal: journal)
        let b1 = Branch("b1", on: presenter, journal: journal)
        let a = Branch("a", on: presenter, children: [a1, a2], journal: journal)
        let b = Branch("b", on: presenter, children: [b1], journal: journal)
        let root = Branch("root", on: presenter, children: [a, b], journal: journal)
        return (root, [root, a, b, a1, a2, b1].map(Weak.init))
    }

    private static let parentOf = ["a": "root", "b": "root", "a1": "a", "a2": "a", "b1": "b"]

    @Test func cancellingTheRootDismissesEveryScreenChildrenFirstAndReleasesEveryCoordinator() async throws {
        let journal = Journal()
        let presenter = RecordingPresenter(journal: journal)
        let tree = CoordinatorTree()
        let events = tree.events()
        let weak: [Weak<Branch>]
        do {
            let (root, all) = Self.threeLevelTree(on: presenter, journal: journal)
            weak = all
            async let outcome = tree.runForOutcome(root)
            async let log = collect(events)
            try await waitForScreens(6, journal: journal)
            #expect(tree.snapshot().allCoordinators.count == 6)
            tree.cancel()
            #expect(await outcome.ending == .cancelled)
            let ended = await log.filter(\.kind.isEnd)
            #expect(ended.count == 6)
            #expect(ended.allSatisfy { $0.kind == .cancelled })
        }
        #expect(presenter.screens.isEmpty)
        let dismissals = journal.all.compactMap(\.dismissal)
        #expect(dismissals.count == 6)
        #expect(dismissals.allSatisfy { $0.reason == .tornDown })
        // Each child's screen is dismissed before its parent's.
        let order = dismissals.map(\.screen)
        for (child, parent) in Self.parentOf {
            #expect(order.firstIndex(of: child)! < order.firstIndex(of: parent)!, "\(child) before \(parent)")
        }
        #expect(weak.allSatisfy { $0.object == nil })
        #expect(journal.all.deinitialized.count == 6)
        #expect(tree.snapshot().root == nil)
    }

    @Test func cancellingTheTaskThatRunsTheTreeCancelsEverything() async throws {
        let journal = Journal()
        let presenter = RecordingPresenter(journal: journal)
        let tree = CoordinatorTree()
        let (root, weak) = Self.threeLevelTree(on: presenter, journal: journal)
        let running = Task { await tree.runForOutcome(root) }
        try await waitForScreens(6, journal: journal)
        running.cancel()
        #expect(await running.value.ending == .cancelled)
        #expect(presenter.screens.isEmpty)
        #expect(weak.dropFirst().allSatisfy { $0.object == nil })  // the test still holds the root
    }

    @Test func finishingDismissesOwnScreensMostRecentFirstAfterTheChildren() async throws {
        actor ShowsThreeScreensAndAChild: Coordinator {
            let flow = Flow<Int>()
            let presenter: RecordingPresenter
            init(_ presenter: RecordingPresenter) { self.presenter = presenter }
            func start() async throws -> Int {
                try await flow.present(TestScreen("first"), on: presenter)
                try await flow.present(TestScreen("second"), on: presenter)
                try flow.start(Branch("child", on: presenter))
                try await flow.present(TestScreen("third"), on: presenter)
                return try await flow.finished
            }
        }
        let journal = Journal()
        let presenter = RecordingPresenter(journal: journal)
        let owner = ShowsThreeScreensAndAChild(presenter)
        async let result = CoordinatorTree().run(owner)
        try await waitForScreens(4, journal: journal)
        journal.record(.finishing("owner"))
        try owner.flow.finish(with: 1)
        #expect(try await result == 1)
        let afterFinish = journal.all.drop { $0 != .finishing("owner") }.dropFirst()
        #expect(
            Array(afterFinish) == [
                .dismissed("child", .tornDown), .dismissed("third", .tornDown), .dismissed("second", .tornDown),
                .dismissed("first", .tornDown),
            ])
    }

    enum Ending: String, CaseIterable, Sendable {
        case returns, throwsError, finishes, isCancelled, mainScreenSwipedAway
    }

    /// A coordinator that shows a screen, starts a child (with a screen and a grandchild),
    /// shows a second screen, then ends the way the test asks.
    actor EndsSomehow: Coordinator {
        struct Failure: Error {}
        let flow = Flow<String>()
        let presenter: RecordingPresenter
        let ending: Ending
        init(_ presenter: RecordingPresenter, ending: Ending) {
            self.presenter = presenter
            self.ending = ending
        }
        func start() async throws -> String {
            try await flow.present(TestScreen("own"), on: presenter)
            try flow.start(Branch("child", on: presenter, children: [Branch("grandchild", on: presenter)]))
            try await flow.present(TestScreen("later"), on: presenter, role: .auxiliary)
            try await presenter.journal.waitUntil { $0.presented.count == 4 }
            presenter.journal.record(.finishing("EndsSomehow"))
            switch ending {
            case .returns: return "value"
            case .throwsError: throw Failure()
            case .finishes:
                try flow.finish(with: "finished")
                return try await flow.finished
            case .isCancelled, .mainScreenSwipedAway:
                return try await flow.finished
            }
        }
    }

    @Test(arguments: Ending.allCases)
    func everyWayOfEndingTearsDownChildrenFirstThenOwnScreensMostRecentFirst(_ ending: Ending) async throws {
        let journal = Journal()
        let presenter = RecordingPresenter(journal: journal)
        let tree = CoordinatorTree()
        async let outcome = tree.runForOutcome(EndsSomehow(presenter, ending: ending))
        try await journal.waitUntil { $0.contains(.finishing("EndsSomehow")) }
        switch ending {
        case .isCancelled: tree.cancel()
        case .mainScreenSwipedAway: presenter.userRemoves("own")
        default: break
        }
        let result = await outcome
        switch (ending, result) {
        case (.returns, .finished("value")), (.throwsError, .failed(is EndsSomehow.Failure)),
            (.finishes, .finished("finished")), (.isCancelled, .cancelled),
            (.mainScreenSwipedAway, .dismissed(.byUser)):
            break
        default:
            Issue.record("\(ending) ended as \(result)")
        }
        let teardown = journal.all.drop { $0 != .finishing("EndsSomehow") }.dropFirst().filter {
            if case .userRemoved = $0 { false } else { true }
        }
        let expected: [JournalEntry] =
            [.dismissed("grandchild", .tornDown), .dismissed("child", .tornDown), .dismissed("later", .tornDown)]
            + (ending == .mainScreenSwipedAway ? [] : [.dismissed("own", .tornDown)])
        #expect(Array(teardown) == expected)
        #expect(presenter.screens.isEmpty)
    }

    @Test func runReturnsOnlyAfterTheChildsSubtreeIsGone() async throws {
        actor RunsAChildThenReadsTheScreens: Coordinator {
            let flow = Flow<[String]>()
            let presenter: RecordingPresenter
            let child: Branch
            init(_ presenter: RecordingPresenter, child: Branch) {
                self.presenter = presenter
                self.child = child
            }
            func start() async throws -> [String] {
                _ = try await flow.run(child)
                return presenter.screens
            }
        }
        let journal = Journal()
        let presenter = RecordingPresenter(journal: journal)
        let child = Branch(
            "child", on: presenter,
            children: [Branch("grandchild", on: presenter, children: [Branch("great", on: presenter)])])
        async let screensWhenRunReturned = CoordinatorTree().run(RunsAChildThenReadsTheScreens(presenter, child: child))
        try await waitForScreens(3, journal: journal)
        try await child.done("done")
        #expect(try await screensWhenRunReturned == [])
    }

    @Test func cancellingOneChildLeavesItsSiblingsAndParentRunning() async throws {
        let navigation = NavigationPresenter()
        let tree = CoordinatorTree()
        let root = Branch("root", on: navigation)
        async let outcome = tree.runForOutcome(root)
        try await navigation.waitUntil { $0.stack.count == 1 }
        let left = try root.flow.start(Branch("left", on: navigation, children: [Branch("leftChild", on: navigation)]))
        let right = try root.flow.start(Branch("right", on: navigation))
        try await navigation.waitUntil { $0.stack.count == 4 }
        left.cancel()
        #expect(await left.outcome.ending == .cancelled)
        #expect(Set(navigation.state.screenNames) == ["root", "right"])
        #expect(root.flow.state == .running)
        #expect(right.state == .running)
        #expect(tree.snapshot().root?.children.map(\.id) == [right.id])
        try await root.done("done")
        #expect(await outcome.output == "done")
        #expect(right.state == .ended)
    }

    /// One link of a chain: shows a screen and runs the next link from `start()`.
    actor Link: Coordinator {
        let flow = Flow<Int>()
        let remaining: Int
        let presenter: NavigationPresenter
        init(_ remaining: Int, on presenter: NavigationPresenter) {
            self.remaining = remaining
            self.presenter = presenter
        }
        func start() async throws -> Int {
            try await flow.present(TestScreen("link"), on: presenter)
            guard remaining > 0 else { return try await flow.finished }
            return try await flow.run(Link(remaining - 1, on: presenter)) + 1
        }
    }

    @Test func cancellingAChainAsDeepAsTheGuideSupportsTearsItAllDown() async throws {
        // The Cancellation guide supports chains 1,000 deep: Swift's own cancellation
        // recurses once per level on the cancelling thread, whose stack is 512 KB on Apple
        // platforms. ThreadSanitizer tracks at most 64 locks held by one thread, and
        // cancelling a chain holds one per level: there, 50 deep.
        let depth = runningUnderThreadSanitizer ? 50 : 1_000
        let navigation = NavigationPresenter()
        let tree = CoordinatorTree()
        async let outcome = tree.runForOutcome(Link(depth, on: navigation))
        try await navigation.waitUntil { $0.stack.count == depth + 1 }
        tree.cancel()
        #expect(await outcome.ending == .cancelled)
        #expect(navigation.stack.isEmpty)
        #expect(tree.snapshot().root == nil)
    }

    @Test func aStartThatIgnoresCancellationDelaysTheEndButNotTheOutcome() async throws {
        actor IgnoresCancellation: Coordinator {
            let flow = Flow<String>()
            let navigation: NavigationPresenter
            let journal: Journal<JournalEntry>
            let gate: Gate
            init(_ navigation: NavigationPresenter, _ journal: Journal<JournalEntry>, _ gate: Gate) {
                self.navigation = navigation
                self.journal = journal
                self.gate = gate
            }
            func start() async throws -> String {
                try await flow.present(TestScreen("stubborn"), on: navigation)
                await gate.wait()  // not cancellable
                journal.record(.returned("start"))
                return "late"
            }
        }
        let journal = Journal()
        let gate = Gate()
        let navigation = NavigationPresenter()
        let running = Task { await CoordinatorTree().runForOutcome(IgnoresCancellation(navigation, journal, gate)) }
        try await navigation.waitUntil { $0.stack.count == 1 }
        running.cancel()
        gate.open()
        #expect(await running.value.ending == .cancelled, "the cancellation came first, so the outcome is cancelled")
        #expect(journal.all.contains(.returned("start")))
        #expect(navigation.stack.isEmpty)
    }

    @Test func everySuspendedAwaitEndsPromptlyOnCancellation() async throws {
        actor AwaitsItsScreensDismissal: Coordinator {
            let flow = Flow<String>()
            let navigation: NavigationPresenter
            let journal: Journal<JournalEntry>
            init(_ navigation: NavigationPresenter, _ journal: Journal<JournalEntry>) {
                self.navigation = navigation
                self.journal = journal
            }
            func start() async throws -> String {
                let screen = try await flow.present(TestScreen("waiting"), on: navigation)
                do {
                    _ = try await screen.dismissal
                } catch {
                    if error is CancellationError { journal.record(.cancelled("dismissal")) }
                    throw error
                }
                return "unreachable"
            }
        }
        let journal = Journal()
        let navigation = NavigationPresenter()
        let tree = CoordinatorTree()
        async let outcome = tree.runForOutcome(AwaitsItsScreensDismissal(navigation, journal))
        try await navigation.waitUntil { $0.stack.count == 1 }
        tree.cancel()
        #expect(await outcome.ending == .cancelled)
        #expect(journal.all == [.cancelled("dismissal")])
    }
}
