import Coordinators
import CoordinatorsTesting
import Testing

/// `flow.withChildGroup`: children running at the same time as child tasks of `start()`'s
/// task, returned by `next()` as they end; the body's return awaits them, its error cancels
/// them; the coordinator's end and the tree's cancellation reach them; misuses are named.
@Suite(.timeLimit(.minutes(1)))
struct ChildGroupTests {
    struct Boom: Error {}

    private let navigation = NavigationPresenter()
    private let journal = Journal()

    /// A root whose group starts `branches` and collects each child's outcome as `next()`
    /// returns it ("<index>: <outcome>"), journaling each as `.ended` too.
    private func collecting(_ branches: [Branch]) -> ClosureCoordinator<[String]> {
        let journal = journal
        return ClosureCoordinator { flow in
            try await flow.withChildGroup(of: String.self) { group in
                let ids = try branches.map { try group.start($0).id }
                var ended: [String] = []
                while let (id, outcome) = try await group.next() {
                    let index = ids.firstIndex(of: id)
                    ended.append("\(index.map(String.init) ?? "?"): \(outcome)")
                    journal.record(.ended(index.map { branches[$0].name } ?? "?", outcome.ending))
                }
                return ended
            }
        }
    }

    // MARK: Running

    @Test func nextReturnsEachChildAsItEndsWithItsOutcome() async throws {
        let branches = ["a", "b", "c"].map { Branch($0, on: navigation) }
        async let result = CoordinatorTree().run(collecting(branches))
        try await navigation.waitUntil { $0.stack.count == 3 }
        try await branches[1].done("b")
        try await journal.waitUntil { $0.count == 1 }
        try await branches[2].done("c")
        try await journal.waitUntil { $0.count == 2 }
        try await branches[0].done("a")
        #expect(try await result == ["1: finished(b)", "2: finished(c)", "0: finished(a)"])
        #expect(navigation.state.stack.isEmpty)
    }

    @Test func theChildrenAreTheCoordinatorsAndASwipeBackIsAChildsOutcome() async throws {
        let branches = ["a", "b"].map { Branch($0, on: navigation) }
        let tree = CoordinatorTree()
        async let result = tree.run(collecting(branches))
        try await navigation.waitUntil { $0.stack.count == 2 }
        let root = try #require(tree.snapshot().root)
        #expect(root.children.map(\.coordinatorType) == ["Branch", "Branch"])
        #expect(root.children.map(\.id) == [branches[0].flow.id, branches[1].flow.id])

        // The children run at once: whichever presented last is on top, and the swipe pops it.
        let top = try #require(navigation.state.stack.last?.screen.screenName)
        let popped = try #require(branches.firstIndex { $0.name == top })
        let kept = 1 - popped
        try await navigation.userPop()
        try await journal.waitUntil { $0.count == 1 }
        #expect(tree.snapshot().root?.children.map(\.id) == [branches[kept].flow.id])
        try await branches[kept].done(branches[kept].name)
        #expect(
            try await result == ["\(popped): dismissed(byUser)", "\(kept): finished(\(branches[kept].name))"])
    }

    @Test func whenTheBodyReturnsTheRemainingChildrenAreAwaitedNotCancelled() async throws {
        let branches = ["a", "b"].map { Branch($0, on: navigation) }
        let journal = journal
        let root = ClosureCoordinator<[String]> { flow in
            let handles = try await flow.withChildGroup(of: String.self) { group in
                try branches.map { try group.start($0) }
            }
            journal.record(.returned("withChildGroup"))
            var outcomes: [String] = []
            for handle in handles { outcomes.append("\(await handle.outcome)") }
            return outcomes
        }
        async let result = CoordinatorTree().run(root)
        try await navigation.waitUntil { $0.stack.count == 2 }
        journal.record(.finishing("a"))
        try await branches[0].done("a")
        try await branches[1].done("b")
        #expect(try await result == ["finished(a)", "finished(b)"])
        #expect(journal.all == [.finishing("a"), .returned("withChildGroup")])
    }

    @Test func whenTheBodyThrowsTheChildrenAreCancelledAndTornDownBeforeTheErrorIsRethrown() async throws {
        let navigation = navigation
        let journal = journal
        // What the coordinator sees once `Boom` reaches it (`nil` if it never does).
        let root = ClosureCoordinator<(shown: [String], recorded: [JournalEntry])?> { flow in
            do {
                try await flow.withChildGroup(of: String.self) { group in
                    let a1 = Branch("a1", on: navigation, journal: journal)
                    try group.start(Branch("a", on: navigation, children: [a1], journal: journal))
                    try group.start(Branch("b", on: navigation, journal: journal))
                    try await navigation.waitUntil { $0.stack.count == 3 }
                    throw Boom()
                }
                return nil
            } catch is Boom {
                return (navigation.state.screenNames, journal.all)
            }
        }
        let result = try #require(try await CoordinatorTree().run(root), "Boom reaches the coordinator")
        #expect(result.shown == [])
        #expect(result.recorded.isPermutation(of: [.deinitialized("a"), .deinitialized("a1"), .deinitialized("b")]))
    }

    @Test func cancelAllCancelsTheChildrenNextHasNotReturned() async throws {
        let navigation = navigation
        let root = ClosureCoordinator<[String]> { flow in
            try await flow.withChildGroup(of: String.self) { group in
                try group.start(ClosureCoordinator<String> { _ in "seven" })
                try group.start(Branch("a", on: navigation))
                try group.start(Branch("b", on: navigation))
                let first = try await group.next()
                var ended = ["\(first?.outcome.description ?? "none")"]
                try await navigation.waitUntil { $0.stack.count == 2 }
                #expect(!group.isEmpty)
                group.cancelAll()
                while let (_, outcome) = try await group.next() { ended.append("\(outcome)") }
                #expect(group.isEmpty)
                return ended
            }
        }
        #expect(try await CoordinatorTree().run(root) == ["finished(seven)", "cancelled", "cancelled"])
        #expect(navigation.state.stack.isEmpty)
    }

    @Test func runsAThousandChildrenFiftyAtATime() async throws {
        let root = ClosureCoordinator<Int> { flow in
            try await flow.withChildGroup(of: Int.self) { group in
                var sum = 0
                var running = 0
                for value in 1...1_000 {
                    if running == 50, let (_, outcome) = try await group.next() {
                        sum += try outcome.get()
                        running -= 1
                    }
                    try group.start(Returns(value))
                    running += 1
                }
                while let (_, outcome) = try await group.next() { sum += try outcome.get() }
                return sum
            }
        }
        let tree = CoordinatorTree()
        let events = tree.events()
        #expect(try await tree.run(root) == 500_500)
        let all = await collect(events)
        #expect(all.filter { $0.kind.isEnd }.count == 1_001)
    }

    // MARK: Ending and cancellation

    @Test func cancellingTheTreeCancelsTheChildrenAndNextReturnsThem() async throws {
        let navigation = navigation
        let journal = journal
        let root = ClosureCoordinator<Void> { flow in
            try await flow.withChildGroup(of: String.self) { group in
                try group.start(Branch("a", on: navigation, journal: journal))
                let b1 = Branch("b1", on: navigation, journal: journal)
                try group.start(Branch("b", on: navigation, children: [b1], journal: journal))
                while let (_, outcome) = try await group.next() { journal.record(.ended("child", outcome.ending)) }
                journal.record(.finishing("group"))  // `next()` has returned every child
            }
        }
        let tree = CoordinatorTree()
        async let outcome = tree.runForOutcome(root)
        try await navigation.waitUntil { $0.stack.count == 3 }
        tree.cancel()
        let ending = await outcome.ending
        #expect(ending == .cancelled)
        #expect(navigation.state.stack.isEmpty)
        #expect(
            journal.all.isPermutation(of: [
                .ended("child", .cancelled), .ended("child", .cancelled), .finishing("group"),
                .deinitialized("a"), .deinitialized("b"), .deinitialized("b1"),
            ]))
    }

    @Test func theCoordinatorsEndEndsTheChildrenAndTheGroupStartsNoMore() async throws {
        let navigation = navigation
        let journal = journal
        let root = ClosureCoordinator<String> { flow in
            try await flow.withChildGroup(of: String.self) { group in
                try group.start(Branch("a", on: navigation))
                while let (_, outcome) = try await group.next() { journal.record(.ended("child", outcome.ending)) }
                do {
                    try group.start(Branch("late", on: navigation))
                } catch let error as CoordinatorError {
                    journal.record(.threw("group.start", error.code))
                }
            }
            return "returned"
        }
        let tree = CoordinatorTree()
        async let result = tree.run(root)
        try await navigation.waitUntil { $0.stack.count == 1 }
        try root.flow.finish(with: "finished from outside")
        #expect(try await result == "finished from outside")
        #expect(journal.all == [.ended("child", .cancelled), .threw("group.start", .flowEnded)])
        #expect(navigation.state.stack.isEmpty)
    }

    // MARK: Misuse

    @Test func openingAGroupOutsideStartIsNotInStart() async throws {
        let navigation = navigation
        let root = ClosureCoordinator<String> { flow in
            try await flow.present(TestScreen("root"), on: navigation)
            return try await flow.finished
        }
        async let result = CoordinatorTree().run(root)
        try await navigation.waitUntil { $0.stack.count == 1 }
        // From the test's task, as an actor method a screen called would be.
        let error = await #expect(throws: CoordinatorError.self) {
            try await root.flow.withChildGroup(of: Int.self) { group in try group.start(Returns()) }
        }
        #expect(error?.code == .notInStart)
        #expect(error?.message.contains("flow.start(_:)") == true)
        try root.flow.finish(with: "done")
        #expect(try await result == "done")
    }

    @Test func openingAGroupBeforeTheFlowRunsIsNotRunning() async throws {
        let error = await #expect(throws: CoordinatorError.self) {
            try await Flow<Int>().withChildGroup(of: Int.self) { _ in }
        }
        #expect(error?.code == .notRunning)
    }

    @Test func aGroupKeptInTheCoordinatorAndUsedFromAnActorMethodIsNotInStart() async throws {
        /// Keeps its group while its body waits, and uses it from an actor method, which runs
        /// in another task (a screen's).
        actor KeepsItsGroup: Coordinator {
            let flow = Flow<String>()
            let branch: Branch
            private var kept: ChildGroup<String>?
            init(_ branch: Branch) { self.branch = branch }

            func start() async throws -> String {
                try await flow.withChildGroup(of: String.self) { group in
                    try group.start(branch)
                    kept = group
                    return try await group.next().map { "\($0.outcome)" } ?? "none"
                }
            }

            func useTheKeptGroup() async throws -> [String] {
                guard var group = kept else { return ["not kept"] }
                var codes: [String] = []
                let child = ClosureCoordinator<String> { _ in "ran" }
                do { try group.start(child) } catch { codes.append("start: \(error.code)") }
                do { _ = try await group.next() } catch { codes.append("next: \(error.code)") }
                codes.append(try await flow.run(child))  // not spent: it still runs
                return codes
            }
        }
        let branch = Branch("a", on: navigation)
        let root = KeepsItsGroup(branch)
        async let result = CoordinatorTree().run(root)
        try await navigation.waitUntil { $0.stack.count == 1 }
        #expect(try await root.useTheKeptGroup() == ["start: notInStart", "next: notInStart", "ran"])
        try await branch.done("a")
        #expect(try await result == "finished(a)")
    }

    @Test func startingAChildAfterTheGroupReturnedIsChildGroupEndedAndSpendsNothing() async throws {
        let root = ClosureCoordinator<String> { flow in
            var kept: ChildGroup<Int>?
            try await flow.withChildGroup(of: Int.self) { group in kept = group }
            guard var group = kept else { return "not kept" }
            let next = try await group.next()
            let child = Returns(5)
            do {
                try group.start(child)
                return "started"
            } catch let error as CoordinatorError {
                // The child was not run: it can still run elsewhere.
                let value = try await flow.run(child)
                return "\(error.code), next \(next == nil ? "nil" : "not nil"), empty \(group.isEmpty), ran \(value)"
            }
        }
        #expect(try await CoordinatorTree().run(root) == "childGroupEnded, next nil, empty true, ran 5")
    }

    @Test func startingAnInstanceThatRanBeforeIsAlreadyRun() async throws {
        let root = ClosureCoordinator<String> { flow in
            try await flow.withChildGroup(of: Int.self) { group in
                let child = Returns(1)
                try group.start(child)
                do throws(CoordinatorError) {
                    try group.start(child)
                    return "started twice"
                } catch {
                    return "\(error.code)"
                }
            }
        }
        #expect(try await CoordinatorTree().run(root) == "alreadyRun")
    }
}
