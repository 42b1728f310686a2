import Coordinators
import CoordinatorsTesting
import Testing

/// `flow.ask(_:on:then:timeout:)`: an unanswered question is taken away when its time is up
/// and the coordinator learns `FlowTimedOut`; an answer that came first wins.
@Suite(.timeLimit(.minutes(1)))
struct AskTimeoutTests {
    private let clock = ManualClock()
    private let navigation = NavigationPresenter()
    private let modal = ModalPresenter()

    /// Runs a `TimedHost` with the manual clock until its screen shows.
    private func runHost() async throws -> (TimedHost, Task<String, any Error>) {
        let tree = CoordinatorTree()
        tree.setEnvironment(\.clock, clock)
        return try await runTimedHost(on: navigation, in: tree)
    }

    @Test func anUnansweredQuestionIsDismissedWhenItsTimeIsUp() async throws {
        let (host, run) = try await runHost()
        let asking = Task {
            try await host.ask(Question("Still there?"), on: modal, then: .dismiss, timeout: .seconds(30))
        }
        try await modal.waitUntil { $0.modals.count == 1 }
        let question = try #require(modal.state.top)
        try await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .seconds(30))

        let error = await #expect(throws: FlowTimedOut.self) { try await asking.value }
        #expect(error == FlowTimedOut(name: "Still there?", timeout: .seconds(30)))
        #expect(modal.modals.isEmpty)
        #expect(question.dismissalReason == .byCoordinator)
        #expect(clock.sleeperCount == 0)
        try await endTimedHost(host, run)
    }

    @Test func anAnswerBeforeTheTimeIsUpWinsAndAdvancingLaterChangesNothing() async throws {
        let (host, run) = try await runHost()
        let asking = Task { try await host.ask(Question("Name?"), on: modal, then: .dismiss, timeout: .seconds(30)) }
        try await modal.waitUntil { $0.modals.count == 1 }
        try await clock.waitForSleepers(atLeast: 1)
        try modal.state.top?.answer("Ada")

        #expect(try await asking.value == "Ada")
        #expect(clock.sleeperCount == 0)
        clock.advance(by: .seconds(30))
        #expect(modal.modals.isEmpty)
        try await endTimedHost(host, run)
    }

    @Test func theTimeCountsFromWhenTheQuestionIsShown() async throws {
        let (host, run) = try await runHost()
        clock.advance(by: .seconds(100))
        let asking = Task { try await host.ask(Question("Name?"), on: modal, then: .dismiss, timeout: .seconds(5)) }
        try await clock.waitForSleepers(atLeast: 1)
        #expect(clock.nextDeadline == ManualClock.Instant(offset: .seconds(105)))
        clock.advance(by: .seconds(5))
        await #expect(throws: FlowTimedOut.self) { try await asking.value }
        try await endTimedHost(host, run)
    }

    @Test func aKeptQuestionStaysWhenItsTimeIsUpAndRefusesLaterAnswers() async throws {
        let (host, run) = try await runHost()
        let asking = Task { try await host.ask(Question("Step"), on: navigation, then: .keep, timeout: .seconds(1)) }
        try await navigation.waitUntil { $0.stack.count == 2 }
        try await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        await #expect(throws: FlowTimedOut.self) { try await asking.value }
        #expect(navigation.state.screenNames == ["host", "Step"])
        let error = #expect(throws: CoordinatorError.self) { try navigation.state.top?.answer("late") }
        #expect(error?.code == .notAsking)
        try await endTimedHost(host, run)
    }

    @Test func cancellingTheAskCancelsItsTimerAndDismissesTheQuestion() async throws {
        let (host, run) = try await runHost()
        let asking = Task { try await host.ask(Question("Name?"), on: modal, then: .dismiss, timeout: .seconds(30)) }
        try await modal.waitUntil { $0.modals.count == 1 }
        try await clock.waitForSleepers(atLeast: 1)
        asking.cancel()
        await #expect(throws: CancellationError.self) { try await asking.value }
        #expect(modal.modals.isEmpty)
        #expect(clock.sleeperCount == 0)
        try await endTimedHost(host, run)
    }

    @Test func askingWithATimeoutBeforeTheFlowRunsIsNotRunning() async throws {
        let error = await #expect(throws: CoordinatorError.self) {
            try await Flow<Int>().ask(Question("Name?"), on: modal, timeout: .seconds(1))
        }
        #expect(error?.code == .notRunning)
        #expect(modal.modals.isEmpty)
    }
}
