import Testing

@testable import Coordinators

/// When a coordinator accepts routes through `flow.finished` (`Node+Routing.swift`,
/// `Node+Ending.swift`): only once it runs, and, in `start()`, in the critical section in
/// which `start()` begins to wait — which the hosting tests rely on.
@Suite(.timeLimit(.minutes(1)))
struct AcceptingRoutesTests {
    @Test func awaitingFinishedBeforeTheFlowRunsAcceptsNoRoutes() async {
        let flow = Flow<Int>()
        let error = await #expect(throws: CoordinatorError.self) { _ = try await flow.finished }
        #expect(error?.code == .notRunning)
        #expect(flow.node.withLock { $0.acceptsRoutes } == false)
    }

    @Test func startAcceptsRoutesAsItBeginsToWaitInFinished() async throws {
        let waiter = WaitsInFinished()
        let tree = CoordinatorTree()
        let running = Task { try await tree.run(waiter) }
        try await waiter.flow.node.waitUntilAcceptingRoutes()
        #expect(waiter.flow.node.withLock { $0.startWaiter != nil })
        try waiter.flow.finish()
        try await running.value
    }
}

private actor WaitsInFinished: Coordinator {
    let flow = Flow<Void>()
    func start() async throws { try await flow.finished }
}
