import Coordinators
import CoordinatorsTesting
import Testing

/// `flow.race` and `raceForOutcome`: the first racer to end wins whatever its outcome, the
/// others are cancelled and torn down before the race returns, exactly one racer wins, and
/// racers that cannot start are named errors that leave nothing running.
@Suite(.timeLimit(.minutes(1)))
struct RaceTests {
    struct Boom: Error {}

    /// What a test journals the moment its race returns.
    enum AfterRace: Hashable, Sendable {
        /// The screens left on the navigation stack.
        case screens([String])
        /// Whether each racer was released.
        case released([Bool])
    }

    private let navigation = NavigationPresenter()

    /// A racer that asks `name` on the navigation stack (kept there) and ends with the
    /// answer, and a racer with a screen and a child screen that waits to be finished; with
    /// weak references to both. Made here so that no test holds the coordinators.
    private func answerAgainstWaiting() -> (racers: [Racer<String>], released: [Weak<AnyObject>]) {
        let asking = Asking(Question("a"), on: navigation, then: .keep)
        let waiting = Branch("b", on: navigation, children: [Branch("b1", on: navigation)])
        return ([.flow(asking), .flow(waiting)], [Weak(asking), Weak(waiting)])
    }

    /// Answers the question of racer "a" once the three racer screens show.
    private func answerA(after screens: Int) async throws {
        try await navigation.waitUntil { $0.stack.count == screens }
        let question = try #require(navigation.stack.first { $0.screen.screenName == "a" })
        try question.answer("answered")
    }

    // MARK: Winning

    @Test func theFirstToEndWinsAndTheLosersAreGoneAndReleasedWhenTheRaceReturns() async throws {
        let tree = CoordinatorTree()
        let events = tree.events()
        let journal = Journal<AfterRace>()
        let (racers, released) = answerAgainstWaiting()
        let navigation = navigation
        let race = Races(racers) {
            journal.record(.screens(navigation.state.screenNames))
            journal.record(.released(released.map { $0.object == nil }))
        }
        async let outcome = tree.run(race)
        try await navigation.waitUntil { $0.stack.count == 3 }
        let children = tree.snapshot().root?.children.map(\.coordinatorType)
        #expect(children?.sorted() == ["Asking<Question>", "Branch"])
        try await answerA(after: 3)

        let result = try await outcome
        #expect(result.index == 0)
        #expect(result.outcome.output == "answered")
        #expect(journal.all == [.screens([]), .released([true, true])])
        let all = await collect(events)
        #expect(all.first { $0.coordinator == result.id }?.coordinatorType == "Asking<Question>")
        #expect(
            endEvents(in: all) == [
                "Asking<Question>: finished", "Branch: cancelled", "Branch: cancelled", "Races: finished",
            ])
        #expect(endEventIsLastBreach(in: all) == nil)
    }

    @Test func aRaceFromAnActorMethodRunsTheRacersAsChildrenAndTearsTheLosersDownBeforeReturning() async throws {
        let tree = CoordinatorTree()
        let (host, run) = try await runTimedHost(on: navigation, in: tree)
        let (racers, released) = answerAgainstWaiting()
        let racing = Task { try await host.race(racers) }
        try await navigation.waitUntil { $0.stack.count == 4 }
        let children = tree.snapshot().root?.children.map(\.coordinatorType)
        #expect(children?.sorted() == ["Asking<Question>", "Branch"])
        try await answerA(after: 4)

        let result = try await racing.value
        #expect(result.index == 0)
        #expect(result.outcome.output == "answered")
        #expect(navigation.state.screenNames == ["host"])
        #expect(released.allSatisfy { $0.object == nil })
        #expect(tree.snapshot().root?.children.isEmpty == true)
        try await endTimedHost(host, run)
    }

    @Test func aRacerThatFailsFirstWinsWithItsError() async throws {
        let (host, run) = try await runTimedHost(on: navigation, in: CoordinatorTree())
        let racing = Task {
            try await host.race(.flow(Throws(Boom())) { "\($0)" }, .flow(Branch("b", on: navigation)))
        }
        await #expect(throws: Boom.self) { try await racing.value }
        #expect(navigation.state.screenNames == ["host"])
        try await endTimedHost(host, run)
    }

    @Test func theThrowingRaceReturnsTheWinnersValue() async throws {
        let (host, run) = try await runTimedHost(on: navigation, in: CoordinatorTree())
        let racing = Task {
            try await host.race(.flow(Branch("waits", on: navigation)), .flow(Returns(7)) { "seven \($0)" })
        }
        let winner = try await racing.value
        #expect(winner.index == 1)
        #expect(winner.value == "seven 7")
        #expect(navigation.state.screenNames == ["host"])
        try await endTimedHost(host, run)
    }

    @Test func aThirdRacerCanWin() async throws {
        let outcome = try await CoordinatorTree().run(
            Races([
                .flow(Branch("a", on: navigation)), .flow(Branch("b", on: navigation)), .flow(Returns(3)) { "\($0)" },
            ])
        )
        #expect(outcome.index == 2)
        #expect(outcome.outcome.output == "3")
        #expect(navigation.stack.isEmpty)
    }

    @Test(arguments: [false, true])
    func racersEndingAtOnceGiveExactlyOneWinner(fromAnActorMethod: Bool) async throws {
        let tree = CoordinatorTree()
        let (host, run) = try await runTimedHost(on: navigation, in: tree)
        for _ in 0..<100 {
            let racers: [Racer<String>] = [.flow(Returns(0)) { "\($0)" }, .flow(Returns(1)) { "\($0)" }]
            let outcome =
                if fromAnActorMethod {
                    try await host.race(racers)
                } else {
                    try await CoordinatorTree().run(Races(racers))
                }
            #expect(outcome.outcome.output == "\(outcome.index)")
        }
        #expect(tree.snapshot().root?.children.isEmpty == true)
        try await endTimedHost(host, run)
    }

    // MARK: Cancellation

    @Test func cancellingTheCallerCancelsEveryRacerAndReturnsAfterTheirTeardown() async throws {
        let tree = CoordinatorTree()
        let events = tree.events()
        let (host, run) = try await runTimedHost(on: navigation, in: tree)
        let (racers, released) = answerAgainstWaiting()
        let racing = Task { try await host.race(racers) }
        try await navigation.waitUntil { $0.stack.count == 4 }
        racing.cancel()

        let result = try await racing.value
        #expect(result.outcome.ending == .cancelled)
        #expect(navigation.state.screenNames == ["host"])
        #expect(released.allSatisfy { $0.object == nil })
        try await endTimedHost(host, run)
        let ends = endEvents(in: await collect(events))
        #expect(ends.filter { $0.hasSuffix("cancelled") }.count == 3)
    }

    @Test func cancellingTheRacingCoordinatorEndsTheRace() async throws {
        let tree = CoordinatorTree()
        let (racers, released) = answerAgainstWaiting()
        async let outcome = tree.runForOutcome(Races(racers))
        try await navigation.waitUntil { $0.stack.count == 3 }
        tree.cancel()
        #expect(await outcome.ending == .cancelled, "expected the race to be cancelled")
        #expect(navigation.stack.isEmpty)
        #expect(released.allSatisfy { $0.object == nil })
    }

    // MARK: Misuse

    @Test func aRaceOfAListMadeAtRunTimeRunsEveryRacer() async throws {
        let tree = CoordinatorTree()
        let (host, run) = try await runTimedHost(on: navigation, in: tree)
        let racers: [Racer<String>] = (0..<5).map { index in
            index == 3 ? .flow(Returns(index)) { "\($0)" } : .flow(Branch("\(index)", on: navigation))
        }
        let result = try await host.race(racers)
        #expect(result.index == 3)
        #expect(result.outcome.output == "3")
        #expect(navigation.state.screenNames == ["host"], "the losers took their screens along")
        try await endTimedHost(host, run)
    }

    @Test func aRaceOfAListOfOneRunsItsRacer() async throws {
        let tree = CoordinatorTree()
        let (host, run) = try await runTimedHost(on: navigation, in: tree)
        let result = try await host.race([.flow(Returns(7)) { "\($0)" }])
        #expect(result.index == 0)
        #expect(result.outcome.output == "7")
        try await endTimedHost(host, run)
    }

    @Test func aRaceOfAnEmptyListIsNoRacers() async throws {
        let tree = CoordinatorTree()
        let (host, run) = try await runTimedHost(on: navigation, in: tree)
        let error = await #expect(throws: CoordinatorError.self) { try await host.race([]) }
        #expect(error?.code == .noRacers)
        #expect(error?.message.contains("empty list of racers") == true)
        try await endTimedHost(host, run)
    }

    @Test func theSameInstanceTwiceIsAlreadyRunAndNothingRuns() async throws {
        let tree = CoordinatorTree()
        let (host, run) = try await runTimedHost(on: navigation, in: tree)
        let branch = Branch("twice", on: navigation)
        let result = try await host.race([.flow(branch), .flow(branch)])
        #expect(result.index == 1)
        guard case .failed(let error as CoordinatorError) = result.outcome else {
            Issue.record("expected alreadyRun, got \(result.outcome)")
            return
        }
        #expect(error.code == .alreadyRun)
        #expect(navigation.state.screenNames == ["host"])
        #expect(tree.snapshot().root?.children.isEmpty == true)
        try await endTimedHost(host, run)
    }

    @Test func aRacerThatRanBeforeIsAlreadyRunAndTheOthersDoNotRun() async throws {
        let (host, run) = try await runTimedHost(on: navigation, in: CoordinatorTree())
        let ran = Returns(1)
        _ = try await CoordinatorTree().run(ran)
        let racing = Task { try await host.race(.flow(Branch("first", on: navigation)), .flow(ran) { "\($0)" }) }
        let error = await #expect(throws: CoordinatorError.self) { try await racing.value }
        #expect(error?.code == .alreadyRun)
        #expect(navigation.state.screenNames == ["host"])
        try await endTimedHost(host, run)
    }

    @Test func aFlowThatHasNotRunCannotRace() async throws {
        let outcome = await Flow<Int>().raceForOutcome(.flow(Returns(1)), .flow(Returns(2)))
        #expect(outcome.index == 0)
        guard case .failed(let error as CoordinatorError) = outcome.outcome else {
            Issue.record("expected notRunning, got \(outcome.outcome)")
            return
        }
        #expect(error.code == .notRunning)
    }
}
