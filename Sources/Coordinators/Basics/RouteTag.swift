/// The route a presentation was shown for, or a child coordinator was started or focused
/// for: what makes it one of its coordinator's routes (see `Routing/`).
///
/// Immutable, shared by reference so that a presentation or a node holds one word for it.
final class RouteTag: Sendable {
    /// What the route is to its coordinator.
    enum Kind: Sendable {
        /// A screen the coordinator shows for the route.
        case screen
        /// A child the route started, on the coordinator's stack of routes: going back
        /// past it ends it.
        case stackedChild
        /// A child the route focuses (a tab): it stands beside the stack, going back never
        /// ends it.
        case standingChild
    }

    /// The route, a value of its coordinator's `Route` type.
    let route: any Hashable & Sendable
    let kind: Kind
    /// Orders the routes of one coordinator: a tree-wide counter taken when the route was
    /// shown.
    let order: UInt64
    /// For a child: the child coordinator, so that a later link can go on into it. The
    /// child's node holds this tag until its teardown completes, which clears it (the
    /// coordinator holds its node: the cycle is broken there).
    let child: (any Sendable & AnyObject)?

    init(route: any Hashable & Sendable, kind: Kind, order: UInt64, child: (any Sendable & AnyObject)? = nil) {
        self.route = route
        self.kind = kind
        self.order = order
        self.child = child
    }

    /// The route as text, for snapshots and messages.
    var routeDescription: String { String(describing: route) }
}
