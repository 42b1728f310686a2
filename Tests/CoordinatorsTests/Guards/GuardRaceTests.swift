import Coordinators
import Testing

/// The windows of a guarded move: a guard that begins while a move asks is asked too; one that
/// begins while a move ends its flow waits, then finds its flow ended — none is torn down
/// unasked.
@Suite(.timeLimit(.minutes(1)))
struct GuardRaceTests {
    @Test func aGuardThatBeginsWhileAMoveAsksAnotherIsAskedToo() async throws {
        try await withPayment { _, lane, pay, navigation in
            let answerFirst = Gate()
            let first = HeldGuard(on: pay.flow) { _ in
                await answerFirst.wait()
                return .allow
            }
            await first.waitUntilUp()
            let before = navigation.state
            let move = Task { try await lane.go(.backOne) }
            await first.waitUntilAsked()

            let second = HeldGuard(on: pay.flow, answering: .refuse)  // begins while the move asks
            await second.waitUntilUp()
            answerFirst.open()

            let error = await #expect(throws: CoordinatorError.self) { try await move.valueCancellingWithTest }
            #expect(error?.code == .flowGuarded)
            #expect(second.asked.count == 1)
            #expect(first.asked.count == 1, "asked once, not again")
            #expect(navigation.state == before)
            #expect(pay.flow.state == .running)
            try await first.release()
            try await second.release()
        }
    }

    @Test func aGuardWhoseBodyReturnsWhileAMoveAsksItLetsTheMoveThrough() async throws {
        try await withPayment { _, lane, pay, navigation in
            let decisionCancelled = Gate()
            let held = HeldGuard(on: pay.flow) { _ in
                await untilCancelled()
                decisionCancelled.open()
                return .refuse
            }
            await held.waitUntilUp()
            let move = Task { try await lane.go(.backOne) }
            await held.waitUntilAsked()

            try await held.release()  // the guarded work is done: nothing left to guard
            try await move.valueCancellingWithTest
            await decisionCancelled.wait()
            #expect(navigation.state.screenNames == ["root"])
            #expect(pay.flow.state == .ended)
        }
    }

    @Test func aGuardWhoseFlowEndsWhileAMoveAsksItLetsTheMoveThrough() async throws {
        try await withPayment { _, lane, pay, navigation in
            let decisionCancelled = Gate()
            let held = HeldGuard(on: pay.flow) { _ in  // its body runs in a task of the test's
                await untilCancelled()
                decisionCancelled.open()
                return .refuse
            }
            await held.waitUntilUp()
            let move = Task { try await lane.go(.back(to: .screen("root"))) }
            await held.waitUntilAsked()

            try pay.flow.finish()  // the flow ends anyway: nothing left to guard
            try await move.valueCancellingWithTest
            await decisionCancelled.wait()
            #expect(navigation.state.screenNames == ["root"])
            #expect(pay.flow.state == .ended)
            try await held.release()
        }
    }

    @Test func aGuardThatBeginsWhileAMoveEndsItsFlowWaitsThenFindsItEnded() async throws {
        let stack = ScriptedStack(lateFirstPop: true)
        let lane = LaneFlow(on: stack)
        try await withRunning(lane, until: !stack.stack.isEmpty) { _ in
            try await lane.go(.forward(to: .screen("a")))
            // A child of the lane's that is no route: its screen above `a` leaves with `a`,
            // which ends it (its main screen) once the pop lands.
            let pusher = Pusher("x", on: stack)
            _ = try lane.flow.start(pusher)
            await stack.waitUntil { $0.last == "x" }
            let move = Task { try await lane.go(.backOne) }
            await stack.waitForLatePop()
            #expect(pusher.flow.state == .running, "not ended until the pop lands")

            let late = HeldGuard(on: pusher.flow, answering: .refuse)  // begins while the move ends it
            stack.landPop()
            try await move.valueCancellingWithTest
            let error = await #expect(throws: CoordinatorError.self) { try await late.release() }
            #expect(error?.code == .flowEnded)
            #expect(!late.didRunBody)
            #expect(late.asked.isEmpty)
            #expect(pusher.flow.state == .ended)
        }
    }
}
