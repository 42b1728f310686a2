import Coordinators
import Testing

/// What guards cover and what they do not: ending the tree or a child stays immediate;
/// every guard a move would end is asked, nested ones too; a superseded link does not wait.
@Suite(.timeLimit(.minutes(1)))
struct GuardScopeTests {
    // MARK: Not guarded

    @Test func cancellingTheTreeIsNotGuarded() async throws {
        let navigation = NavigationPresenter()
        let lane = LaneFlow(on: navigation)
        let tree = CoordinatorTree()
        let events = tree.events()
        let run = Task { await tree.runForOutcome(lane) }
        for await _ in events where !navigation.state.stack.isEmpty { break }
        try await lane.go(.forward(to: .sub("pay")))
        let pay = try #require(lane.child("pay"))
        let held = HeldGuard(on: pay.flow, answering: .refuse)
        await held.waitUntilUp()

        tree.cancel()
        _ = await run.value
        #expect(pay.flow.state == .ended)
        #expect(lane.flow.state == .ended)
        #expect(held.asked.isEmpty)
        #expect(navigation.state.stack.isEmpty)
        try await held.release()
    }

    @Test func cancellingAChildFlowIsNotGuarded() async throws {
        try await withPayment { _, lane, _, navigation in
            let pusher = Pusher("x", on: navigation)
            let child = try lane.flow.start(pusher)
            try await navigation.waitUntil { $0.stack.last?.screen.screenName == "x" }
            let held = HeldGuard(on: pusher.flow, answering: .refuse)
            await held.waitUntilUp()
            child.cancel()
            _ = await child.outcome
            #expect(pusher.flow.state == .ended)
            #expect(held.asked.isEmpty)
            #expect(navigation.state.screenNames == ["root", "pay 0"])
            try await held.release()
        }
    }

    @Test func aCoordinatorWhoseMainScreenTheMoveTakesAlongIsAsked() async throws {
        try await withPayment { _, lane, pay, navigation in
            try await lane.go(.backOne)  // no guard yet: ends pay
            try await lane.go(.forward(to: .screen("a")))
            // A child of the lane's that is no route: its main screen lies above `a`, and
            // leaves with it.
            let pusher = Pusher("x", on: navigation)
            _ = try lane.flow.start(pusher)
            try await navigation.waitUntil { $0.stack.last?.screen.screenName == "x" }
            let held = HeldGuard(on: pusher.flow, answering: .refuse)
            await held.waitUntilUp()
            let before = navigation.state

            let error = await #expect(throws: CoordinatorError.self) { try await lane.go(.backOne) }
            #expect(error?.code == .flowGuarded)
            #expect(held.asked.map(\.guardedCoordinator) == ["Pusher \(pusher.flow.id)"])
            #expect(navigation.state == before)
            #expect(pusher.flow.state == .running)
            #expect(pay.flow.state == .ended)
            try await held.release()
        }
    }

    // MARK: Several guards

    @Test func everyGuardAMoveWouldEndIsAskedNestedOnesAndDescendantsToo() async throws {
        try await withPayment { _, lane, pay, navigation in
            try await pay.go(.forward(to: .sub("card")))
            let card = try #require(pay.child("card"))
            let inner = HeldGuard(on: card.flow, answering: .allow)
            await inner.waitUntilUp()
            let nested = Mutex<[String]>([])
            let innerUp = Gate()
            let release = Gate()
            let outer = Task {
                try await pay.flow.guarding {
                    try await pay.flow.guarding {
                        innerUp.open()
                        await release.wait()
                    } whenInterrupted: { _ in
                        nested.withLock { $0.append("inner") }
                        return .allow
                    }
                } whenInterrupted: { _ in
                    nested.withLock { $0.append("outer") }
                    return .allow
                }
            }
            await innerUp.wait()

            try await lane.go(.backOne)
            #expect(nested.withLock { $0.sorted() } == ["inner", "outer"])
            #expect(inner.asked.map(\.guardedCoordinator) == ["LaneFlow \(card.flow.id)"])
            #expect(navigation.state.screenNames == ["root"])
            #expect(card.flow.state == .ended)
            release.open()
            try await outer.value
            try await inner.release()
        }
    }

    @Test func oneRefusalAmongSeveralGuardsRefusesTheMove() async throws {
        try await withPayment { _, lane, pay, navigation in
            try await pay.go(.forward(to: .sub("card")))
            let card = try #require(pay.child("card"))
            let allowing = HeldGuard(on: pay.flow, answering: .allow)
            let refusing = HeldGuard(on: card.flow, answering: .refuse)
            await allowing.waitUntilUp()
            await refusing.waitUntilUp()
            let before = navigation.state
            let error = await #expect(throws: CoordinatorError.self) { try await lane.go(.backOne) }
            #expect(error?.code == .flowGuarded)
            #expect(error?.message.contains("would end LaneFlow \(card.flow.id)") == true)
            #expect(navigation.state == before)
            #expect(refusing.asked.count == 1)
            try await allowing.release()
            try await refusing.release()
        }
    }

    // MARK: Cancellation

    @Test func aSupersededLinkDoesNotWaitForTheGuardItAsksAndCancelsItsDecision() async throws {
        try await withPayment { tree, _, pay, navigation in
            let decisionCancelled = Gate()
            let held = HeldGuard(on: pay.flow) { _ in
                await untilCancelled()
                decisionCancelled.open()
                return .allow
            }
            await held.waitUntilUp()
            let before = navigation.state
            let first = Task { try await tree.open(DeepLink(Lane.screen("root"))) }
            await held.waitUntilAsked()

            try await tree.open(DeepLink(Lane.screen("root"), Lane.sub("pay")))  // ends nothing
            let error = await #expect(throws: DeepLinkError.self) { try await first.valueCancellingWithTest }
            #expect(error?.code == .superseded)
            await decisionCancelled.wait()
            #expect(navigation.state == before)
            #expect(pay.flow.state == .running)
            try await held.release()
        }
    }

    @Test func aMoveWhoseTaskIsCancelledWhileItAsksThrowsCancellationErrorAndMovesNothing() async throws {
        try await withPayment { _, lane, pay, navigation in
            let held = HeldGuard(on: pay.flow) { _ in
                await untilCancelled()
                return .allow
            }
            await held.waitUntilUp()
            let before = navigation.state
            let move = Task { try await lane.go(.backOne) }
            await held.waitUntilAsked()
            move.cancel()
            await #expect(throws: CancellationError.self) { try await move.valueCancellingWithTest }
            #expect(navigation.state == before)
            #expect(pay.flow.state == .running)
            try await lane.go(.forward(to: .screen("b")))  // the turn was given back
            try await held.release()
        }
    }
}
