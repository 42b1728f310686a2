/// Where a route change goes on once its screens are carried out: the coordinator itself, or
/// a child the last route leads to.
enum RouteLanding<Route: Hashable & Sendable>: Sendable {
    /// The move ends at the coordinator that made it.
    case here
    /// Into a child it shows already for a route: kept as it is.
    case shownChild(any Coordinator)
    /// Into a new child, started for `route`.
    case newChild(Route, any Coordinator)
    /// Into a running child it focuses for `route`, selecting its tab in `tabs` if given.
    case focus(Route, any Coordinator, tabs: (any TabBarPresenter)?)

    /// What `destination` shows for `route`: its screen, if any, and where it lands.
    static func of(_ destination: Destination, for route: Route) -> (
        screen: (any Screen, any Presenter)?, landing: RouteLanding
    ) {
        switch destination.action {
        case .screen(let screen, let presenter): ((screen, presenter), .here)
        case .child(let child): (nil, .newChild(route, child))
        case .focus(let child, let tabs): (nil, .focus(route, child, tabs: tabs))
        }
    }
}
