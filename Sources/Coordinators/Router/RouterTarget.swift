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

/// A `Routable` coordinator, held weakly, as its router's target.
struct RoutableTarget<Owner: Routable>: RouterTarget {
    private let coordinator: Weak<Owner>

    init(_ coordinator: Owner) { self.coordinator = Weak(coordinator) }

    var actor: (any Actor)? { coordinator.value }

    nonisolated(nonsending) func go(
        _ transition: RouteTransition<Owner.Route>, animated: Bool, file: String, line: Int
    ) async throws {
        try await coordinator.running().go(transition, animated: animated, file: file, line: line)
    }

    nonisolated(nonsending) func perform(_ action: Owner.ScreenAction) async throws {
        try await coordinator.running().perform(action)
    }

    nonisolated(nonsending) func send(_ event: any FlowEvent, file: String, line: Int) async throws
        -> FlowEventReceipt
    {
        try await coordinator.running().flow.send(event, file: file, line: line)
    }
}

/// A coordinator that has no routes, held weakly, as its router's target: a `go` through it
/// (only `.back…` can be written, for `Never` routes) fails with `noRoute`.
struct ActionsTarget<Owner: Coordinator>: RouterTarget {
    private let coordinator: Weak<Owner>

    init(_ coordinator: Owner) { self.coordinator = Weak(coordinator) }

    var actor: (any Actor)? { coordinator.value }

    nonisolated(nonsending) func go(
        _ transition: RouteTransition<Never>, animated: Bool, file: String, line: Int
    ) async throws {
        throw CoordinatorError(
            .noRoute,
            "A screen asked \(Owner.self) to go(\(transition)) through its router, but \(Owner.self) is not Routable: "
                + "it has no routes. Make it Routable, or give its screens a ScreenAction for that."
        ).located(at: file, line)
    }

    nonisolated(nonsending) func perform(_ action: Owner.ScreenAction) async throws {
        try await coordinator.running().perform(action)
    }

    nonisolated(nonsending) func send(_ event: any FlowEvent, file: String, line: Int) async throws
        -> FlowEventReceipt
    {
        try await coordinator.running().flow.send(event, file: file, line: line)
    }
}

/// A coordinator held weakly: a router that outlives it (a screen a view keeps) does not keep
/// it.
///
/// `@unchecked Sendable`, and why that is safe: its one stored property is written once, in
/// `init`, before the box is shared, and only read afterwards; reading a weak reference while
/// its object is released on another thread is safe (the runtime makes weak references
/// thread-safe to load), so concurrent reads need no lock.
private final class Weak<Owner: Coordinator>: @unchecked Sendable {
    private(set) weak var value: Owner?

    init(_ value: Owner) { self.value = value }

    /// The coordinator; it runs (its node queued the request, and a running coordinator is
    /// held by its task), so it is there.
    func running() throws -> Owner {
        guard let value else {
            throw CoordinatorError(
                .flowEnded, "A screen's router was used after its coordinator, \(Owner.self), was released.")
        }
        return value
    }
}
