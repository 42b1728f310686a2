import Testing

@testable import Coordinators

/// One ask of a guard is answered once, by whichever comes first; a guard that has ended
/// answers at once.
@Suite(.timeLimit(.minutes(1)))
struct GuardAskTests {
    private let interruption = FlowInterruption(
        cause: .goingBack, movingCoordinator: "Lane #1", movingCoordinatorID: CoordinatorID(rawValue: 1),
        move: ".backOne",
        guardedCoordinator: "Pay #2", guardedCoordinatorID: CoordinatorID(rawValue: 2))

    @Test func theFirstAnswerWinsAndLaterOnesAreIgnored() async {
        let ask = GuardAsk()
        ask.resolve(.refused)
        ask.resolve(.allowed)
        ask.resolve(.withdrawn)
        #expect(await ask.verdict() == .refused)
    }

    @Test func aWaitingVerdictIsResumedByTheAnswer() async {
        let ask = GuardAsk()
        async let verdict = ask.verdict()
        ask.resolve(.timedOut)
        #expect(await verdict == .timedOut)
    }

    @Test func onlyARefusalOrATimeoutRefuses() {
        #expect(GuardAsk.Verdict.refused.refuses)
        #expect(GuardAsk.Verdict.timedOut.refuses)
        #expect(!GuardAsk.Verdict.allowed.refuses)
        #expect(!GuardAsk.Verdict.withdrawn.refuses)
    }

    @Test func aGuardAnswersWithItsDecision() async {
        let active = ActiveGuard(guarding: Node.make(), timeout: nil) { _ in .refuse }
        #expect(await active.ask(interruption).verdict() == .refused)
    }

    @Test func aGuardThatEndedAllowsWithoutDeciding() async {
        let decided = Mutex(false)
        let active = ActiveGuard(guarding: Node.make(), timeout: nil) { _ in
            decided.withLock { $0 = true }
            return .refuse
        }
        active.end()
        #expect(await active.ask(interruption).verdict() == .allowed)
        #expect(!decided.withLock { $0 })
    }

    @Test func aGuardThatEndsWhileAskedAllowsAndItsDecisionIsCancelled() async {
        let cancelled = Gate()
        let asked = Gate()
        let active = ActiveGuard(guarding: Node.make(), timeout: nil) { _ in
            asked.open()
            await untilCancelled()
            cancelled.open()
            return .refuse
        }
        let ask = active.ask(interruption)
        await asked.wait()
        active.end()
        #expect(await ask.verdict() == .allowed)
        await cancelled.wait()
    }
}
