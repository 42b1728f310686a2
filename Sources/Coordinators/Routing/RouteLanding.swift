/// Where a route change goes on once its screens are carried out: the coordinator itself, or
/// a child the last route leads to. Its routes are type-erased: the moves run unspecialised
/// (a coordinator's `Route` is known only at run time), where a type generic over it costs a
/// metadata look-up at each use (`openDeepLink4Steps`).
enum RouteLanding: Sendable {
    /// The move ends at the coordinator that made it.
    case here
    /// Into a child it shows already for a route: kept as it is.
    case shownChild(any Coordinator)
    /// Into a new child, started for `route`, whose outcome goes to its handler if it has one.
    case newChild(any Hashable & Sendable, any Coordinator, onEnd: Node.EndHandler?)
    /// Into a running child it focuses for `route`, selecting its tab in `tabs` if given.
    case focus(any Hashable & Sendable, any Coordinator, tabs: (any TabBarPresenter)?)

    /// What `destination` shows for `route`: its screen, if any, and where it lands.
    static func of(_ destination: Destination, for route: any Hashable & Sendable) -> (
        screen: RouteScreen?, landing: RouteLanding
    ) {
        switch destination.action {
        case .screen(let screen, let presenter, let options):
            (RouteScreen(route: route, screen: screen, presenter: presenter, options: options), .here)
        case .child(let child, let onEnd): (nil, .newChild(route, child, onEnd: onEnd))
        case .focus(let child, let tabs): (nil, .focus(route, child, tabs: tabs))
        }
    }

    /// The child it goes into, if any.
    var child: (any Coordinator)? {
        switch self {
        case .here: nil
        case .shownChild(let child), .newChild(_, let child, _), .focus(_, let child, _): child
        }
    }
}

/// A screen a move shows for a route, on its presenter.
struct RouteScreen: Sendable {
    let route: any Hashable & Sendable
    let screen: any Screen
    let presenter: any Presenter
    let options: PresentationOptions
}
