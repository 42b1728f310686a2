/// A move on a coordinator's routes, as `Routable.go(_:)` takes: forward to a route, or back —
/// one route, several, or to a route found by value or by a condition.
///
/// ```swift
/// try await go(.forward(to: .movie(id: 7)))
/// try await go(.backOne)                                  // the most recent route
/// try await go(.back(count: 2))
/// try await go(.back(to: .list))                          // the most recent .list
/// try await go(.back(toFirst: .list))                     // the oldest .list
/// try await go(.back(where: { if case .movie = $0 { true } else { false } }))
/// ```
///
/// Going back removes the routes after the one it goes to, most recent first, in one
/// transition (see `Routable.go(_:)`).
public struct RouteTransition<Route: Hashable & Sendable>: Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        case forward(Route)
        case back(count: Int)
        case backTo(@Sendable (Route) -> Bool, first: Bool, description: String)
    }

    let kind: Kind

    /// Shows `route`'s destination: pushes its screen, starts its child, or focuses its tab —
    /// even if it is shown already (a second copy).
    public static func forward(to route: Route) -> RouteTransition {
        RouteTransition(kind: .forward(route))
    }

    /// Removes the most recent route: pops its screen, or ends the child it started. The same
    /// as `back(count: 1)`.
    public static var backOne: RouteTransition { back(count: 1) }

    /// Removes the `count` most recent routes.
    public static func back(count: Int) -> RouteTransition {
        RouteTransition(kind: .back(count: count))
    }

    /// Removes every route shown after the most recent `route`.
    public static func back(to route: Route) -> RouteTransition {
        RouteTransition(kind: .backTo({ $0 == route }, first: false, description: "\(route)"))
    }

    /// Removes every route shown after the oldest `route`.
    public static func back(toFirst route: Route) -> RouteTransition {
        RouteTransition(kind: .backTo({ $0 == route }, first: true, description: "\(route)"))
    }

    /// Removes every route shown after the most recent one for which `condition` holds.
    public static func back(where condition: @escaping @Sendable (Route) -> Bool) -> RouteTransition {
        RouteTransition(kind: .backTo(condition, first: false, description: "a route that matches the condition"))
    }

    /// Removes every route shown after the oldest one for which `condition` holds.
    public static func back(toFirstWhere condition: @escaping @Sendable (Route) -> Bool) -> RouteTransition {
        RouteTransition(kind: .backTo(condition, first: true, description: "a route that matches the condition"))
    }

    /// `.forward(to: movie(id: 7))`, `.back(count: 2)`, `.back(to: list)`.
    public var description: String {
        switch kind {
        case .forward(let route): ".forward(to: \(route))"
        case .back(count: 1): ".backOne"
        case .back(let count): ".back(count: \(count))"
        case .backTo(_, let first, let description): ".back(\(first ? "toFirst" : "to"): \(description))"
        }
    }
}
