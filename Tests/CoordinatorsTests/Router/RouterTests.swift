import Coordinators
import Testing

/// A screen's router: its requests are queued synchronously and carried out one at a time in
/// the order sent; each outcome can be awaited, and a failure — after the coordinator ended,
/// or thrown by what the request ran — reaches the request and a lifecycle event.
@Suite(.timeLimit(.minutes(1)))
struct RouterTests {
    // MARK: Order

    @Test func aThousandSynchronousSendsFromOneTaskAreCarriedOutInTheOrderSent() async throws {
        let running = try await RunningDesk()
        let router = running.desk.router
        var last: RouterRequest<Void>?
        for number in 0..<1_000 { last = router.perform(.step(number)) }
        try await #require(last).value

        // Each one began after the one before had ended, though each suspends in the middle.
        let expected = (0..<1_000).flatMap { [DeskEntry.began($0), .noted($0)] }
        let journal = running.journal.all
        let firstOutOfOrder = Array(zip(journal, expected)).firstIndex { $0 != $1 }
        #expect(firstOutOfOrder == nil, "\(journal[(firstOutOfOrder ?? 0)...].prefix(4))")
        #expect(journal.count == expected.count)
        _ = await running.end()
    }

    @Test func routesActionsAndEventsOfOneRouterKeepTheirOrder() async throws {
        let running = try await RunningDesk()
        let router = running.desk.router
        router.perform(.note(1))
        router.go(.forward(to: .page(1)))
        router.send(Shelved(number: 2))
        try await router.perform(.note(3)).value

        #expect(running.journal.all == [.noted(1), .handled(2), .noted(3)])
        #expect(running.navigation.state.screenNames == ["Home", "page 0", "page 1"])
        _ = await running.end()
    }

    // MARK: What a request does

    @Test func goThroughTheRouterMovesTheCoordinatorsRoutes() async throws {
        let running = try await RunningDesk()
        let router = running.desk.router

        try await router.go(.forward(to: .page(1))).value
        #expect(running.desk.routes == [.page(0), .page(1)])
        try await router.go(.backOne, animated: false).value
        #expect(running.desk.routes == [.page(0)])
        #expect(running.navigation.state.screenNames == ["Home", "page 0"])
        _ = await running.end()
    }

    @Test func aFlowEventSentThroughTheRouterReachesTheAncestorsHandler() async throws {
        let running = try await RunningDesk()

        let receipt = try await running.desk.router.send(Shelved(number: 7)).value

        #expect(receipt.isHandled)
        #expect(receipt.stoppedBy?.coordinatorType == "Front")
        #expect(running.journal.all == [.handled(7)])
        _ = await running.end()
    }

    @Test func anActionIsCarriedOutByTheCoordinatorsPerform() async throws {
        let running = try await RunningDesk()

        let result = await running.desk.router.perform(.note(4)).result

        #expect(throws: Never.self) { try result.get() }
        #expect(running.journal.all == [.noted(4)])
        _ = await running.end()
    }

    // MARK: Errors

    @Test func whatDestinationThrowsReachesTheRequestAndALifecycleEvent() async throws {
        let running = try await RunningDesk()

        await #expect(throws: DeskFailure.broken) { try await running.desk.router.go(.forward(to: .broken)).value }

        let failed = screenRequestFailures(in: await running.end())
        #expect(failed.map(\.request) == ["go(.forward(to: broken))"])
        #expect(failed.map(\.error) == ["broken"])
    }

    @Test func whatPerformThrowsReachesTheRequestAndALifecycleEvent() async throws {
        let running = try await RunningDesk()
        let request = running.desk.router.perform(.fail)

        await #expect(throws: DeskFailure.refused) { try await request.value }
        await #expect(throws: DeskFailure.refused) { try await request.value }  // again: the same

        let failed = screenRequestFailures(in: await running.end())
        #expect(failed.map(\.request) == ["perform(fail)"])
    }

    @Test func goErrorsReachTheRequestLocatedAtTheScreensCall() async throws {
        let running = try await RunningDesk()
        let line = #line + 1
        let request = running.desk.router.go(.forward(to: .nowhere))

        let error = await #expect(throws: CoordinatorError.self) { try await request.value }
        #expect(error?.code == .noRoute)
        #expect(error?.file == #fileID)
        #expect(error?.line == line)
        _ = await running.end()
    }

    @Test func aRequestSentAfterTheCoordinatorEndedFailsWithFlowEndedInItsRequestAfterTheLastEvent() async throws {
        let running = try await RunningDesk()
        let router = running.desk.router
        try running.desk.flow.finish()
        try await running.journal.waitUntil { $0.contains(.deskEnded) }

        let line = #line + 1
        let late = router.perform(.note(1))

        let error = await #expect(throws: CoordinatorError.self) { try await late.value }
        #expect(error?.code == .flowEnded)
        #expect(error?.line == line)
        #expect(running.journal.all == [.deskEnded])
        let events = await running.end()
        #expect(screenRequestFailures(in: events).isEmpty, "the coordinator's end event is its last")
        #expect(events.last { $0.coordinator == running.desk.flow.id }?.kind.isEnd == true)
    }

    @Test func aRequestThatAwaitsALaterRequestOfItsCoordinatorThrowsAwaitsOwnRequestInsteadOfHanging() async throws {
        let running = try await RunningDesk()
        let router = running.desk.router

        let error = await #expect(throws: CoordinatorError.self) { try await router.perform(.awaitNote(5)).value }

        #expect(error?.code == .awaitsOwnRequest)
        try await router.perform(.note(6)).value
        #expect(running.journal.all == [.noted(5), .noted(6)])  // the awaited request still ran, in turn
        _ = await running.end()
    }

    @Test func aRequestSentBeforeTheCoordinatorRunsFailsWithNotRunning() async throws {
        let desk = Desk(on: NavigationPresenter(), journal: Journal())

        let error = await #expect(throws: CoordinatorError.self) { try await desk.router.perform(.note(1)).value }

        #expect(error?.code == .notRunning)
    }

    @Test func requestsPendingWhenTheCoordinatorEndsFailAndNoneHangs() async throws {
        let running = try await RunningDesk()
        let router = running.desk.router
        let holding = router.perform(.hold)
        let pending = (1...20).map { router.perform(.note($0)) }
        try await running.journal.waitUntil { $0.contains(.holding) }

        try running.desk.flow.finish()

        await #expect(throws: CancellationError.self) { try await holding.value }
        for request in pending {
            let error = await #expect(throws: CoordinatorError.self) { try await request.value }
            #expect(error?.code == .flowEnded)
        }
        #expect(running.journal.all.filter { if case .noted = $0 { true } else { false } }.isEmpty)
        let failed = screenRequestFailures(in: await running.end())
        #expect(failed.count == 21)
    }

    @Test func sendsRacingTheCoordinatorsEndEachRunOrFailWithFlowEndedAndNoneHangs() async throws {
        let running = try await RunningDesk()
        let router = running.desk.router
        let desk = running.desk
        let requests = await withTaskGroup(of: [(Int, RouterRequest<Void>)].self) { group in
            for sender in 0..<4 {
                group.addTask {
                    (0..<250).map { index in
                        let number = sender * 1_000 + index
                        return (number, router.perform(.note(number)))
                    }
                }
            }
            group.addTask {
                try? desk.flow.finish()
                return []
            }
            return await group.reduce(into: []) { $0 += $1 }
        }

        var carriedOut: Set<Int> = []
        for (number, request) in requests {
            switch await request.result {
            case .success: carriedOut.insert(number)
            case .failure(let error): #expect((error as? CoordinatorError)?.code == .flowEnded)
            }
        }
        let noted = running.journal.all.compactMap { if case .noted(let number) = $0 { number } else { nil } }
        #expect(Set(noted) == carriedOut)
        // Those queued when the flow ended are reported as events, before its end event; those
        // sent once it no longer ran fail in their requests only.
        let events = await running.end()
        #expect(screenRequestFailures(in: events).count <= requests.count - carriedOut.count)
        #expect(events.last { $0.coordinator == desk.flow.id }?.kind.isEnd == true)
    }

    // MARK: Waiting

    @Test func cancellingTheWaitStopsTheWaitButNotTheRequest() async throws {
        let running = try await RunningDesk()
        let router = running.desk.router
        let gate = Gate()
        let holding = router.perform(.holdUntil(gate, then: 1))
        let waiter = Task { try await holding.value }
        try await running.journal.waitUntil { $0.contains(.holding) }

        waiter.cancel()

        await #expect(throws: CancellationError.self) { try await waiter.value }
        gate.open()
        try await holding.value  // the request was not cancelled: it ran to its end
        #expect(running.journal.all == [.holding, .noted(1)])
        _ = await running.end()
    }

    // MARK: What a screen holds

    @Test func everyMemberOfTheRouterReturnsARequestNeverTheCoordinator() async throws {
        let running = try await RunningDesk()
        let router: Router<Desk.Route, Desk.ScreenAction> = running.desk.router

        // The router's whole public surface: each call returns a request, whose value is the
        // call's outcome (nothing, or a receipt), never the coordinator.
        let go: RouterRequest<Void> = router.go(.forward(to: .page(1)), animated: false)
        let send: RouterRequest<FlowEventReceipt> = router.send(Shelved(number: 1))
        let perform: RouterRequest<Void> = router.perform(.note(2))
        try await go.value
        #expect(try await send.value.isHandled)
        let _: Result<Void, any Error> = await perform.result
        #expect(running.journal.all == [.handled(1), .noted(2)])
        _ = await running.end()
    }

    @Test func aRouterThatOutlivesItsCoordinatorDoesNotKeepIt() async throws {
        var router: Router<Desk.Route, Desk.ScreenAction>?
        var weakDesk: Weak<Desk>?
        do {
            let running = try await RunningDesk()
            router = running.desk.router
            weakDesk = Weak(running.desk)
            _ = await running.end()
        }
        #expect(weakDesk?.object == nil)
        let error = await #expect(throws: CoordinatorError.self) { try await router?.perform(.note(1)).value }
        #expect(error?.code == .flowEnded)
    }

    @Test func aScreenTakesTheRouterOfAnotherCoordinatorWithTheSameRoutes() async throws {
        // A preview or a test gives a desk's page a router of its own: the page names
        // routes and actions, not the coordinator.
        let journal = Journal<DeskEntry>()
        let stand = Desk(on: NavigationPresenter(), journal: journal)
        let page = Desk.Page(number: 1, router: stand.router)
        let error = await #expect(throws: CoordinatorError.self) { try await page.router.go(.backOne).value }
        #expect(error?.code == .notRunning, "the stand's router, which has not run")
    }
}

/// The `screenRequestFailed` events among `events`.
private func screenRequestFailures(
    in events: [LifecycleEvent]
) -> [(coordinator: CoordinatorID, request: String, error: String)] {
    events.compactMap { event in
        guard case .screenRequestFailed(let request, let error) = event.kind else { return nil }
        return (event.coordinator, request, error)
    }
}
