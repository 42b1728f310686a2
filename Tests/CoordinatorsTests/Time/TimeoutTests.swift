import Coordinators
import CoordinatorsTesting
import Testing

/// `flow.run(_:timeout:)` and `runForOutcome(_:timeout:)` on a manual clock set through the
/// environment: a child that ends in time keeps its outcome; one that does not is torn down
/// and reported as `FlowTimedOut`; the first ending wins against a person's dismissal and a
/// cancellation; both the fast path (`start()`) and the mailbox path (an actor method).
@Suite(.timeLimit(.minutes(1)))
struct TimeoutTests {
    private let clock = ManualClock()
    private let navigation = NavigationPresenter()

    private func makeTree() -> CoordinatorTree {
        let tree = CoordinatorTree()
        tree.setEnvironment(\.clock, clock)
        return tree
    }

    private func isTimedOut<Output>(_ outcome: FlowOutcome<Output>, _ name: String, after timeout: Duration) -> Bool {
        guard case .failed(let error as FlowTimedOut) = outcome else { return false }
        return error == FlowTimedOut(name: name, timeout: timeout)
    }

    // MARK: In time, and not

    @Test func aChildThatEndsInTimeReturnsItsOutputAndTheTimerIsGone() async throws {
        let tree = makeTree()
        let (host, run) = try await runTimedHost(on: navigation, in: tree)
        let child = Branch("child", on: navigation)
        async let output = host.run(child, timeout: .seconds(10))
        try await navigation.waitUntil { $0.stack.count == 2 }
        try await clock.waitForSleepers(atLeast: 1)
        #expect(clock.nextDeadline == ManualClock.Instant(offset: .seconds(10)))

        try await child.done("in time")
        #expect(try await output == "in time")
        #expect(clock.sleeperCount == 0, "the timer never outlives the call")
        clock.advance(by: .seconds(60))
        #expect(navigation.state.screenNames == ["host"])
        #expect(host.flow.state == .running)
        try await host.done()
        #expect(try await run.value == "done")
    }

    @Test func aChildThatDoesNotEndInTimeIsTornDownWithItsSubtreeAndReportedAsTimedOut() async throws {
        let tree = makeTree()
        let events = tree.events()
        let journal = Journal()
        let weakChild: Weak<Branch>
        let outcome: FlowOutcome<String>
        do {
            let child = Branch(
                "child", on: navigation, children: [Branch("grandchild", on: navigation, journal: journal)],
                journal: journal)
            weakChild = Weak(child)
            async let result = tree.run(
                RunsWithTimeout(child, timeout: .seconds(30), showingFirst: "parent", on: navigation))
            try await navigation.waitUntil { $0.stack.count == 3 }
            try await clock.waitForSleepers(atLeast: 1)
            clock.advance(by: .seconds(29))
            #expect(navigation.state.screenNames == ["parent", "child", "grandchild"])
            clock.advance(by: .seconds(1))
            outcome = try await result
        }
        #expect(isTimedOut(outcome, "Branch", after: .seconds(30)))
        #expect(navigation.stack.isEmpty)
        #expect(weakChild.object == nil)
        #expect(journal.all == [.deinitialized("grandchild"), .deinitialized("child")])
        let all = await collect(events)
        #expect(
            endEvents(in: all) == [
                "Branch: cancelled", "Branch: failed(\"FlowTimedOut(Branch after 30.0 seconds)\")",
                "RunsWithTimeout<Branch>: finished",
            ])
        #expect(dismissedScreens(in: all) == ["grandchild", "child", "parent"])
        #expect(endEventIsLastBreach(in: all) == nil)
    }

    @Test func runThrowsFlowTimedOutFromAnActorMethodAndTheHostGoesOn() async throws {
        let tree = makeTree()
        let (host, run) = try await runTimedHost(on: navigation, in: tree)
        let running = Task { try await host.run(Branch("child", on: navigation), timeout: .milliseconds(500)) }
        try await navigation.waitUntil { $0.stack.count == 2 }
        try await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .milliseconds(500))
        let error = await #expect(throws: FlowTimedOut.self) { try await running.value }
        #expect(error?.name == "Branch")
        #expect(error?.timeout == .milliseconds(500))
        #expect(error?.description == "FlowTimedOut(Branch after 0.5 seconds)")
        #expect(navigation.state.screenNames == ["host"])
        #expect(tree.snapshot().root?.children.isEmpty == true)
        try await endTimedHost(host, run)
    }

    @Test func aZeroTimeoutEndsAChildThatWaitsWithoutRunningItLong() async throws {
        let tree = makeTree()
        let (host, run) = try await runTimedHost(on: navigation, in: tree)
        let outcome = await host.runForOutcome(Branch("child", on: navigation), timeout: .zero)
        #expect(isTimedOut(outcome, "Branch", after: .zero))
        #expect(navigation.state.screenNames == ["host"])
        try await endTimedHost(host, run)
    }

    @Test func theClockIsTheRunningCoordinatorsNotTheChilds() async throws {
        let childClock = ManualClock()
        let child = Branch("child", on: navigation)
        try child.setEnvironment(\.clock, childClock)
        let parent = RunsWithTimeout(child, timeout: .seconds(5))
        try parent.setEnvironment(\.clock, clock)
        async let outcome = CoordinatorTree().run(parent)
        try await navigation.waitUntil { $0.stack.count == 1 }
        try await clock.waitForSleepers(atLeast: 1)
        #expect(childClock.sleeperCount == 0)
        clock.advance(by: .seconds(5))
        #expect(isTimedOut(try await outcome, "Branch", after: .seconds(5)))
    }

    // MARK: The first ending wins

    enum Order: String, CaseIterable, Sendable { case dismissalFirst, timeoutFirst, together }

    @Test(arguments: Order.allCases)
    func aTimeoutRacingAPersonsDismissalGivesExactlyOneOutcome(_ order: Order) async throws {
        for _ in 0..<20 {
            let tree = makeTree()
            let events = tree.events()
            let modal = ModalPresenter()
            async let result = tree.run(RunsWithTimeout(Branch("child", on: modal), timeout: .seconds(1)))
            try await modal.waitUntil { $0.modals.count == 1 }
            try await clock.waitForSleepers(atLeast: 1)
            switch order {
            case .dismissalFirst:
                #expect(try await modal.userDismiss())
                clock.advance(by: .seconds(1))
            case .timeoutFirst:
                clock.advance(by: .seconds(1))
                _ = try? await modal.userDismiss()
            case .together:
                async let swiped = try? modal.userDismiss()
                clock.advance(by: .seconds(1))
                _ = await swiped
            }
            let outcome = try await result
            if order == .dismissalFirst {
                #expect(outcome.isDismissedByUser)
            } else {
                #expect(outcome.isDismissedByUser || isTimedOut(outcome, "Branch", after: .seconds(1)), "\(outcome)")
            }
            #expect(modal.modals.isEmpty)
            let all = await collect(events)
            #expect(all.filter { $0.coordinatorType == "Branch" && $0.kind.isEnd }.count == 1)
            #expect(endEventIsLastBreach(in: all) == nil)
        }
    }

    @Test(arguments: [false, true])
    func aTimeoutRacingTheCancellationOfTheParentEndsTheChildOnce(advancingFirst: Bool) async throws {
        for _ in 0..<20 {
            let tree = makeTree()
            let events = tree.events()
            let navigation = NavigationPresenter()
            async let result = tree.runForOutcome(
                RunsWithTimeout(
                    Branch("child", on: navigation), timeout: .seconds(1), showingFirst: "parent", on: navigation))
            try await navigation.waitUntil { $0.stack.count == 2 }
            try await clock.waitForSleepers(atLeast: 1)
            if advancingFirst {
                clock.advance(by: .seconds(1))
                tree.cancel()
            } else {
                tree.cancel()
                clock.advance(by: .seconds(1))
            }
            let outcome = await result
            // The parent was cancelled, or (timeout first) returned the child's timeout before
            // the cancellation reached it.
            switch outcome {
            case .cancelled: break
            case .finished(let child): #expect(isTimedOut(child, "Branch", after: .seconds(1)), "\(child)")
            default: Issue.record("unexpected \(outcome)")
            }
            #expect(navigation.stack.isEmpty)
            let all = await collect(events)
            let childEnds = all.filter { $0.coordinatorType == "Branch" && $0.kind.isEnd }.map { "\($0.kind)" }
            #expect(childEnds.count == 1)
            #expect(childEnds.allSatisfy { $0 == "cancelled" || $0.contains("FlowTimedOut") })
            #expect(endEventIsLastBreach(in: all) == nil)
        }
    }

    @Test func cancellingTheCallerOfARunWithATimeoutCancelsTheChildAndTheTimer() async throws {
        let tree = makeTree()
        let (host, run) = try await runTimedHost(on: navigation, in: tree)
        let running = Task { await host.runForOutcome(Branch("child", on: navigation), timeout: .seconds(10)) }
        try await navigation.waitUntil { $0.stack.count == 2 }
        try await clock.waitForSleepers(atLeast: 1)
        running.cancel()
        #expect(await running.value.ending == .cancelled, "expected the child to be cancelled")
        #expect(clock.sleeperCount == 0)
        #expect(navigation.state.screenNames == ["host"])
        try await endTimedHost(host, run)
    }

    // MARK: Misuse

    @Test func aChildThatRanBeforeFailsWithAlreadyRunAndNoTimerStarts() async throws {
        let tree = makeTree()
        let (host, run) = try await runTimedHost(on: navigation, in: tree)
        let child = Returns(1)
        #expect(try await host.run(child, timeout: .seconds(1)) == 1)
        let error = await #expect(throws: CoordinatorError.self) { try await host.run(child, timeout: .seconds(1)) }
        #expect(error?.code == .alreadyRun)
        #expect(clock.sleeperCount == 0)
        try await endTimedHost(host, run)
    }

    @Test func aFlowThatHasNotRunCannotRunAChildWithATimeout() async throws {
        let outcome = await Flow<Int>().runForOutcome(Returns(1), timeout: .seconds(1))
        guard case .failed(let error as CoordinatorError) = outcome else {
            Issue.record("expected notRunning, got \(outcome)")
            return
        }
        #expect(error.code == .notRunning)
    }
}
