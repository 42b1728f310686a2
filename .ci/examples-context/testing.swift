// What Guides/Testing.md's examples use without showing it; its flows are the kit's own
// (Tests/CoordinatorsTestingTests/KitTestFlows.swift, which the guide names).

protocol Cinema: Sendable {}
struct FakeCinema: Cinema {}

private struct CinemaKey: FlowEnvironmentKey {
    static let defaultValue: any Cinema = FakeCinema()
}

extension FlowEnvironment {
    var cinema: any Cinema {
        get { self[CinemaKey.self] }
        set { self[CinemaKey.self] = newValue }
    }
}

actor AppCoordinator: Coordinator {
    let flow = Flow<Void>()
    init(window: SlotPresenter) {}
    func start() async throws { try await flow.finished }
}
