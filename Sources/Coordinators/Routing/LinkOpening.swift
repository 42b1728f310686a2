// Opening a link's routes from a coordinator down, one step at a time.

enum LinkOpening {
    /// Opens `routes` (steps `firstStep...` of a link) from `coordinator` down: each step goes
    /// to the coordinator the step before led to. Returns the coordinator the last step led to.
    /// Throws `DeepLinkError` for a step that is unhandled, fails or finds its coordinator ended;
    /// `CancellationError` if the task is cancelled.
    @discardableResult
    static func open(
        _ routes: ArraySlice<any Hashable & Sendable>, from coordinator: any Coordinator
    ) async throws -> any Coordinator {
        var current = coordinator
        for (step, route) in zip(routes.indices, routes) {
            current = try await openAny(route, step: step, at: current)
        }
        return current
    }

    /// One step: `route` at `coordinator`.
    static func openAny(
        _ route: any Hashable & Sendable, step: Int, at coordinator: any Coordinator
    ) async throws -> any Coordinator {
        guard let routable = coordinator as? any Routable else {
            throw unhandled(route, step: step, at: coordinator, because: "it is not Routable (it takes no routes)")
        }
        return try await openTyped(route, step: step, at: routable)
    }

    private static func openTyped<R: Routable>(
        _ route: any Hashable & Sendable, step: Int, at coordinator: R
    ) async throws -> any Coordinator {
        guard let typed = route as? R.Route else {
            throw unhandled(route, step: step, at: coordinator, because: "its routes are \(R.Route.self)")
        }
        return try await openOwn(typed, step: step, at: coordinator)
    }

    /// One step whose route is of `coordinator`'s own type (a restoration decodes it first).
    static func openOwn<R: Routable>(_ route: R.Route, step: Int, at coordinator: R) async throws -> any Coordinator {
        let node = coordinator.flow.node
        do {
            try await node.waitUntilAcceptingRoutes()
            guard let next = try await coordinator.openStep(route) else {
                throw unhandled(route, step: step, at: coordinator, because: "its destination(for:) returned nil")
            }
            return next
        } catch let error as DeepLinkError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch is RoutesRefused {
            throw DeepLinkError(
                .targetEnded,
                "Step \(step) (\(route)) reached \(name(of: coordinator)), which ended before it could take it.",
                step: step, route: "\(route)", coordinator: name(of: coordinator))
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw DeepLinkError(
                .stepFailed, "Step \(step) (\(route)) failed at \(name(of: coordinator)): \(error)", step: step,
                route: "\(route)", coordinator: name(of: coordinator), underlying: error)
        }
    }

    /// The error for a step no coordinator handles, after recording its lifecycle event.
    private static func unhandled(
        _ route: any Hashable & Sendable, step: Int, at coordinator: any Coordinator, because reason: String
    ) -> DeepLinkError {
        let node = node(of: coordinator)
        let description = String(describing: route)
        node.context?.emit(node, LifecycleEvent.Kind.linkUnhandled(step: step, route: description))
        return DeepLinkError(
            .unhandled,
            "Step \(step) (\(description), a \(type(of: route))) stopped at \(name(of: coordinator)): \(reason). "
                + "Give that coordinator a route for it, or fix the link.",
            step: step, route: description, coordinator: name(of: coordinator))
    }

    /// `MoviesCoordinator #4`.
    static func name(of coordinator: any Coordinator) -> String {
        "\(type(of: coordinator)) \(node(of: coordinator).id)"
    }

    /// The node of a coordinator of any type.
    static func node(of coordinator: some Coordinator) -> Node { coordinator.flow.node }
}
