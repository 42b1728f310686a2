/// One coordinator in a `TreeSnapshot`.
public struct CoordinatorSnapshot: Sendable, Hashable {
    /// Its identifier within the tree.
    public let id: CoordinatorID
    /// Its type's name.
    public let coordinatorType: String
    /// Where it is in its lifecycle.
    public let state: FlowState
    /// The presentations it owns that are on screen, in the order they were made.
    public let presentations: [PresentationInfo]
    /// Its live children, in the order they started.
    public let children: [CoordinatorSnapshot]
    /// The routes it shows (as text), oldest first, if it is `Routable`: the screens it
    /// showed for a route and the children it started or focused for one.
    public let routes: [String]

    /// The route showing now: the most recent of `routes`.
    public var route: String? { routes.last }

    init(of node: Node) {
        let (id, type, phase, presentations, children) = node.withLock { state in
            (state.id, state.name, state.machine.phase, state.presentations, state.childNodes)
        }
        self.id = id
        self.coordinatorType = type
        self.state = phase
        self.presentations = presentations.map(\.info)
        self.children = children.map(CoordinatorSnapshot.init(of:))
        self.routes = node.routeEntries().map(\.tag.routeDescription)
    }
}
