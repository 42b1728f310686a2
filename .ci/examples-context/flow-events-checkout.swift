// Wraps a statement of Guides/FlowEvents.md in a checkout coordinator's `start()` (or its
// `init`, where a handler may be registered too).
private struct CartChanged: FlowEvent {}

private actor RecalculateShippingCoordinator: Coordinator {
    let flow = Flow<Void>()
    func start() async throws {}
}

private actor Checkout: Coordinator {
    let flow = Flow<Void>()

    func start() async throws {
        // EXAMPLE
        try await flow.finished
    }
}
