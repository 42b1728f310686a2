import Coordinators
import CoordinatorsTesting
import Testing

/// A guard with a timeout, on a manual clock set through the environment: no answer in time
/// refuses (what is guarded is never torn down without a yes).
@Suite(.timeLimit(.minutes(1)))
struct GuardTimeoutTests {
    private let clock = ManualClock()

    /// Gives the lane (and so its child) the manual clock.
    private func setClock(on lane: LaneFlow) throws { try lane.flow.setEnvironment(\.clock, clock) }

    @Test func aGuardThatDoesNotAnswerInTimeRefusesAndNothingMoves() async throws {
        try await withPayment(preparing: setClock) {
            tree, lane, pay, navigation in
            let held = HeldGuard(on: pay.flow, timeout: .seconds(5)) { _ in
                await untilCancelled()
                return .allow
            }
            await held.waitUntilUp()
            let events = tree.events()
            let before = navigation.state
            let move = Task { try await lane.go(.backOne) }
            await held.waitUntilAsked()
            try await clock.waitForSleepers(atLeast: 1)
            #expect(clock.nextDeadline == ManualClock.Instant(offset: .seconds(5)))
            clock.advance(by: .seconds(5))

            let error = await #expect(throws: CoordinatorError.self) { try await move.valueCancellingWithTest }
            #expect(error?.code == .flowGuarded)
            #expect(error?.message.contains("did not answer within 5.0 seconds, which refuses") == true)
            #expect(navigation.state == before)
            #expect(pay.flow.state == .running)
            let refusal = try #require(try await firstRefusal(in: events, showingAfterOn: lane))
            #expect(refusal.timedOut)
            #expect(refusal.event.description.contains("did not answer in time"))
            try await held.release()
        }
    }

    @Test func aGuardThatAnswersBeforeItsTimeoutIsHeard() async throws {
        try await withPayment(preparing: setClock) { _, lane, pay, navigation in
            let answer = Gate()
            let held = HeldGuard(on: pay.flow, timeout: .seconds(5)) { _ in
                await answer.wait()
                return .allow
            }
            await held.waitUntilUp()
            let move = Task { try await lane.go(.backOne) }
            await held.waitUntilAsked()
            try await clock.waitForSleepers(atLeast: 1)
            clock.advance(by: .seconds(4))
            answer.open()
            try await move.valueCancellingWithTest
            #expect(navigation.state.screenNames == ["root"])
            #expect(pay.flow.state == .ended)
            try await held.release()
        }
    }
}
