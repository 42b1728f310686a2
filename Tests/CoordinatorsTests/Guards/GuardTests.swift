import Coordinators
import Testing

/// A flow guarded while it does something that must not be interrupted: a deep link, a
/// restoration or an ancestor's `go(.back…)` that would end it asks its guard first, and a
/// refusal fails the move before anything moves.
@Suite(.timeLimit(.minutes(1)))
struct GuardTests {
    // MARK: Refusing

    @Test func aRefusingGuardFailsGoingBackOneWithFlowGuardedAndChangesNothing() async throws {
        try await withPayment { tree, lane, pay, navigation in
            let held = HeldGuard(on: pay.flow, answering: .refuse)
            await held.waitUntilUp()
            let events = tree.events()
            let before = (navigation.state, lane.modal.state, lane.routes)

            let error = await #expect(throws: CoordinatorError.self) { try await lane.go(.backOne) }
            #expect(error?.code == .flowGuarded)
            #expect(error?.message.contains("would end LaneFlow \(pay.flow.id)") == true)
            #expect(error?.message.contains(".backOne") == true)
            #expect(navigation.state == before.0)
            #expect(lane.modal.state == before.1)
            #expect(lane.routes == before.2)
            #expect(pay.flow.state == .running)

            let interruption = try #require(held.asked.first)
            #expect(held.asked.count == 1)
            #expect(interruption.cause == .goingBack)
            #expect(interruption.movingCoordinator == "LaneFlow \(lane.flow.id)")
            #expect(interruption.guardedCoordinator == "LaneFlow \(pay.flow.id)")
            #expect(interruption.movingCoordinatorID == lane.flow.id)
            #expect(interruption.guardedCoordinatorID == pay.flow.id)
            #expect(interruption.move == ".backOne")
            #expect(
                interruption.description
                    == "LaneFlow \(lane.flow.id)'s move .backOne (going back) would end LaneFlow \(pay.flow.id)")

            let refusal = try #require(try await firstRefusal(in: events, showingAfterOn: lane))
            #expect(refusal.event.coordinator == pay.flow.id)
            #expect(refusal.text == interruption.description)
            #expect(!refusal.timedOut)
            #expect(refusal.event.description.contains("its guard refused"))
            try await held.release()
        }
    }

    @Test func aRefusingGuardFailsGoingBackToARouteWithFlowGuardedAndChangesNothing() async throws {
        try await withPayment { tree, lane, pay, navigation in
            try await pay.go(.forward(to: .screen("card")))
            let held = HeldGuard(on: pay.flow, answering: .refuse)
            await held.waitUntilUp()
            let events = tree.events()
            let before = navigation.state

            let error = await #expect(throws: CoordinatorError.self) { try await lane.go(.back(to: .screen("root"))) }
            #expect(error?.code == .flowGuarded)
            #expect(navigation.state == before)
            #expect(navigation.state.screenNames == ["root", "pay 0", "card"])
            #expect(pay.routes == [.screen("pay 0"), .screen("card")])
            #expect(held.asked.map(\.move) == [".back(to: screen(\"root\"))"])
            #expect(try await firstRefusal(in: events, showingAfterOn: lane)?.event.coordinator == pay.flow.id)
            try await held.release()
        }
    }

    @Test func aRefusingGuardFailsADeepLinkWithFlowGuardedAndChangesNothing() async throws {
        try await withPayment { tree, lane, pay, navigation in
            let held = HeldGuard(on: pay.flow, answering: .refuse)
            await held.waitUntilUp()
            let events = tree.events()
            let before = navigation.state

            let error = await #expect(throws: DeepLinkError.self) {
                try await tree.open(DeepLink(Lane.screen("root"), Lane.screen("b")))
            }
            #expect(error?.code == .flowGuarded)
            #expect(error?.step == 1, "the last step of the move at the lane")
            #expect(error?.coordinator == "LaneFlow \(lane.flow.id)")
            #expect((error?.underlying as? CoordinatorError)?.code == .flowGuarded)
            #expect(error?.message.contains("would end LaneFlow \(pay.flow.id)") == true)
            #expect(navigation.state == before)
            #expect(held.asked.map(\.cause) == [.deepLink])
            #expect(try await firstRefusal(in: events, showingAfterOn: lane)?.event.coordinator == pay.flow.id)
            try await held.release()
        }
    }

    @Test func aRefusingGuardStopsARestorationBeforeAnythingMovesThere() async throws {
        try await withPayment { tree, lane, pay, navigation in
            try await lane.go(.backOne)  // no guard yet: ends pay
            try await lane.go(.forward(to: .screen("a")))
            let saved = try #require(tree.navigationState())
            try await lane.go(.back(to: .screen("root")))
            try await lane.go(.forward(to: .sub("pay")))
            let newPay = try #require(lane.child("pay"))
            let held = HeldGuard(on: newPay.flow, answering: .refuse)
            await held.waitUntilUp()
            let events = tree.events()
            let before = navigation.state

            let report = try await tree.restore(saved)
            #expect(!report.isComplete)
            #expect(
                report.skipped == ["LaneFlow → screen(\"root\")", "LaneFlow → screen(\"a\")"], "one move at the lane")
            #expect(report.reason?.contains("whose guard (flow.guarding) refused") == true)
            #expect(navigation.state == before)
            #expect(held.asked.map(\.cause) == [.restoration])
            #expect(try await firstRefusal(in: events, showingAfterOn: lane)?.event.coordinator == newPay.flow.id)
            #expect(pay.flow.state == .ended)
            try await held.release()
        }
    }

    // MARK: Allowing

    @Test func anAllowingGuardLetsTheMoveEndItsFlow() async throws {
        try await withPayment { _, lane, pay, navigation in
            let held = HeldGuard(on: pay.flow, answering: .allow)
            await held.waitUntilUp()
            try await lane.go(.backOne)
            #expect(held.asked.count == 1)
            #expect(navigation.state.screenNames == ["root"])
            #expect(pay.flow.state == .ended)
            try await held.release()
        }
    }

    @Test func aGuardWhoseBodyReturnedIsNotAsked() async throws {
        try await withPayment { _, lane, pay, navigation in
            let held = HeldGuard(on: pay.flow, answering: .refuse)
            await held.waitUntilUp()
            try await held.release()
            try await lane.go(.backOne)
            #expect(held.asked.isEmpty)
            #expect(navigation.state.screenNames == ["root"])
        }
    }

    @Test func aMoveThatEndsNothingAsksNoGuard() async throws {
        try await withPayment { tree, lane, pay, navigation in
            let held = HeldGuard(on: pay.flow, answering: .refuse)
            await held.waitUntilUp()
            try await lane.go(.forward(to: .screen("b")))
            try await lane.go(.backOne)  // removes b only
            try await tree.open(DeepLink(Lane.screen("root"), Lane.sub("pay"), Lane.screen("card")))
            #expect(held.asked.isEmpty)
            #expect(navigation.state.screenNames == ["root", "pay 0", "card"])
            try await held.release()
        }
    }

    @Test func aGuardOfTheMovingCoordinatorItselfIsNotAsked() async throws {
        try await withPayment { _, lane, pay, navigation in
            try await pay.go(.forward(to: .screen("card")))
            let held = HeldGuard(on: pay.flow, answering: .refuse)
            await held.waitUntilUp()
            try await pay.go(.backOne)
            #expect(held.asked.isEmpty)
            #expect(navigation.state.screenNames == ["root", "pay 0"])
            try await held.release()
        }
    }

    // MARK: Misuse

    @Test func guardingAFlowThatNeverRanThrowsNotRunning() async throws {
        let flow = Flow<Void>()
        let error = await #expect(throws: CoordinatorError.self) {
            try await flow.guarding {
            } whenInterrupted: { _ in
                .refuse
            }
        }
        #expect(error?.code == .notRunning)
    }

    @Test func guardingAFlowThatEndedThrowsFlowEndedWithoutRunningTheBody() async throws {
        try await withPayment { _, lane, pay, _ in
            try await lane.go(.backOne)
            let held = HeldGuard(on: pay.flow, answering: .refuse)
            let error = await #expect(throws: CoordinatorError.self) { try await held.release() }
            #expect(error?.code == .flowEnded)
            #expect(!held.didRunBody)
        }
    }
}
