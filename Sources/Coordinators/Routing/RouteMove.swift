/// One move on a coordinator's routes, planned in its turn before anything moves: what it
/// removes, the children it ends, and the presentations it makes (see `Routable+Moves.swift`).
struct RouteMove {
    /// The presentations it takes off the surface, each once, with the reason each leaves for:
    /// the moving coordinator's screens and what lies above them `.byCoordinator`, the screens
    /// of the children it ends `.tornDown`.
    private(set) var leaving: [(presentation: Presentation, reason: DismissalReason)] = []
    private var seen = Set<Presentation>()
    /// The children of the routes it removes.
    var endedChildren: [Node] = []
    /// The presentations it shows, made and recorded, not yet shown.
    var made: [Presentation] = []

    /// Takes `presentation` off the surface (once), for `reason`.
    mutating func remove(_ presentation: Presentation, _ reason: DismissalReason) {
        if seen.insert(presentation).inserted { leaving.append((presentation, reason)) }
    }

    /// Whether it takes `presentation` off the surface.
    func removes(_ presentation: Presentation) -> Bool { seen.contains(presentation) }

    /// The roots of what it ends, for their guards (`Guards/`): the children it ends, and the
    /// owners below `mover` of the main presentations it removes (a main screen that leaves
    /// ends its coordinator).
    func endingRoots(below mover: Node) -> [Node] {
        var roots = endedChildren
        for item in leaving where item.presentation.isMain {
            if let owner = item.presentation.owner as? Node, owner !== mover { roots.append(owner) }
        }
        return roots
    }

    /// What happened once it moved.
    struct Outcome {
        /// The child it went into (new or focused).
        var landedIn: (any Coordinator)?
        /// The node of the child it started, to end it if the caller is cancelled while the
        /// child sets up.
        var started: Node?
        /// What a presenter, a new screen or starting the child threw once things moved.
        var failure: (any Error)?
    }
}
