/// What a router reaches of its coordinator, typed by its routes and actions only, so that
/// `Router` names no coordinator type. The coordinator is held weakly: a router that outlives
/// its coordinator (a screen kept by a view) does not keep it.
protocol RouterTarget<Route, Action>: Sendable {
    associatedtype Route: Hashable & Sendable
    associatedtype Action: Sendable

    /// The coordinator, as the actor its requests run on; `nil` once it is released.
    var actor: (any Actor)? { get }

    // Called from the drainer, on the coordinator's actor: they stay there (`nonsending`).
    nonisolated(nonsending) func go(
        _ transition: RouteTransition<Route>, animated: Bool, file: String, line: Int
    ) async throws
    nonisolated(nonsending) func perform(_ action: Action) async throws
    nonisolated(nonsending) func send(_ event: any FlowEvent, file: String, line: Int) async throws
        -> FlowEventReceipt
}

/// A coordinator, held weakly, as its router's target.
struct WeakRoutable<Owner: Routable>: RouterTarget {
    weak let coordinator: Owner?

    var actor: (any Actor)? { coordinator }

    nonisolated(nonsending) func go(
        _ transition: RouteTransition<Owner.Route>, animated: Bool, file: String, line: Int
    ) async throws {
        try await running().go(transition, animated: animated, file: file, line: line)
    }

    nonisolated(nonsending) func perform(_ action: Owner.ScreenAction) async throws {
        try await running().perform(action)
    }

    nonisolated(nonsending) func send(_ event: any FlowEvent, file: String, line: Int) async throws
        -> FlowEventReceipt
    {
        try await running().flow.send(event, file: file, line: line)
    }

    /// The coordinator; it runs (its node queued the request, and a running coordinator is
    /// held by its task), so it is there.
    private func running() throws -> Owner {
        guard let coordinator else {
            throw CoordinatorError(
                .flowEnded, "A screen's router was used after its coordinator, \(Owner.self), was released.")
        }
        return coordinator
    }
}
