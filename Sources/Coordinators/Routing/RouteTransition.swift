/// A move on a coordinator's routes, as BBCoordinators' `go(_:)` takes: forward to a route,
/// back one, back to a route.
public enum RouteTransition<Route: Hashable & Sendable>: Sendable, Hashable {
    /// Shows `route`'s destination: pushes its screen, starts its child, or focuses its tab.
    case forward(to: Route)
    /// Removes the most recent route: pops its screen, or ends the child it started.
    case backOne
    /// Removes every route shown after the most recent `route`, most recent first.
    case back(to: Route)
}
