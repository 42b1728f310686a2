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

    init(of node: Node) {
        let (id, type, phase, presentations, children) = node.state.withLock { state in
            (state.id, Node.name(state), state.machine.phase, state.presentations, state.children)
        }
        self.id = id
        self.coordinatorType = type
        self.state = phase
        self.presentations = presentations.map(\.info)
        self.children = children.sorted { $0.key < $1.key }.map { CoordinatorSnapshot(of: $0.value) }
    }
}
