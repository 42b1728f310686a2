/// The navigation state of a whole tree, as a `Codable` value: every coordinator's routes
/// (its stack of screens, the children its routes started, the tabs they focused, the modal
/// flows) from the root down. Save it with any encoder; re-open it with
/// `CoordinatorTree.restore(_:)`.
///
/// ```swift
/// let saved = try JSONEncoder().encode(tree.navigationState())
/// // ... next launch:
/// let report = try await tree.restore(JSONDecoder().decode(NavigationState.self, from: saved))
/// ```
///
/// Routes are saved with their own `Codable` conformance. What cannot be saved is listed in
/// `unsaved`, never silently dropped: a coordinator whose routes are not `Codable`, a child
/// that shows routes but that no route of its parent leads to (start it with
/// `startChild(_:for:)`, or reach it through a route).
public struct NavigationState: Sendable, Hashable, Codable, CustomStringConvertible {
    /// One route of a coordinator, and the saved state of the child it leads to, if any.
    public struct Entry: Sendable, Hashable, Codable {
        /// The route, encoded.
        let value: RouteValue
        /// The route as text, for logs and reports.
        public let route: String
        /// The saved state of the child coordinator this route started or focused.
        public var child: NavigationState? { childState.first }
        private let childState: [NavigationState]

        init(value: RouteValue, route: String, child: NavigationState?) {
            self.value = value
            self.route = route
            self.childState = child.map { [$0] } ?? []
        }

        private enum CodingKeys: String, CodingKey {
            case value = "route"
            case route = "description"
            case child
        }

        /// Decodes an entry saved by `encode(to:)`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            value = try container.decode(RouteValue.self, forKey: .value)
            route = try container.decode(String.self, forKey: .route)
            childState = try container.decodeIfPresent(NavigationState.self, forKey: .child).map { [$0] } ?? []
        }

        /// Encodes the route, its description, and the child's state if any.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(value, forKey: .value)
            try container.encode(route, forKey: .route)
            try container.encodeIfPresent(child, forKey: .child)
        }
    }

    /// The name of the coordinator type these routes belong to, qualified by its module and
    /// the types it is nested in (`App.Movies.Coordinator`), so that a state restores only
    /// into a coordinator of the same type. (A private or local type is named as if declared
    /// in its file's scope.)
    public let coordinatorType: String
    /// Its routes, oldest first (re-opened in this order).
    public let entries: [Entry]
    /// What could not be saved, one line each (`MoviesCoordinator #4: …`); empty for the
    /// coordinators below the root.
    public let unsaved: [String]

    /// The state as indented text: each coordinator with its routes.
    public var description: String {
        var lines: [String] = []
        func visit(_ state: NavigationState, depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            lines.append("\(indent)\(TypeNames.name(qualified: state.coordinatorType))")
            for entry in state.entries {
                lines.append("\(indent)  → \(entry.route)")
                if let child = entry.child { visit(child, depth: depth + 2) }
            }
        }
        visit(self, depth: 0)
        lines += unsaved.map { "not saved: \($0)" }
        return lines.joined(separator: "\n")
    }
}

extension NavigationState {
    /// The state of the tree under `root` now.
    init(of root: Node) {
        var unsaved: [String] = []
        let state = Self.save(root, unsaved: &unsaved)
        self.init(coordinatorType: state.coordinatorType, entries: state.entries, unsaved: unsaved)
    }

    private static func save(_ node: Node, unsaved: inout [String]) -> NavigationState {
        let name = "\(node.coordinatorName) \(node.id)"
        var entries: [Entry] = []
        for entry in node.routeEntries() {
            guard let value = try? encodeRoute(entry.tag.route) else {
                unsaved.append(
                    "\(name): its route \(entry.tag.routeDescription) (a \(type(of: entry.tag.route))) is not "
                        + "Codable, so neither it nor its later routes are saved")
                break
            }
            let child = entry.child.map { save($0, unsaved: &unsaved) }
            entries.append(Entry(value: value, route: entry.tag.routeDescription, child: child))
        }
        for child in node.liveChildren where child.routeTag == nil && showsRoutes(child) {
            unsaved.append(
                "\(child.coordinatorName) \(child.id): no route of \(name) leads to it, so its routes are not saved "
                    + "(start it with startChild(_:for:), or through a route)")
        }
        let type = node.withLock { $0.coordinatorType }.map(TypeNames.qualifiedName(of:)) ?? node.coordinatorName
        return NavigationState(coordinatorType: type, entries: entries, unsaved: [])
    }

    private static func showsRoutes(_ node: Node) -> Bool {
        !node.routeEntries().isEmpty || node.liveChildren.contains(where: showsRoutes)
    }

    /// Encodes a route of any type, if it is `Encodable`.
    private static func encodeRoute(_ route: any Hashable & Sendable) throws -> RouteValue? {
        guard let encodable = route as? any Encodable else { return nil }
        return try Coordinators.encodeRoute(encodable)
    }
}

extension NavigationState {
    /// How many routes it holds, its children's included.
    var routeCount: Int {
        entries.reduce(0) { count, entry in count + 1 + (entry.child?.routeCount ?? 0) }
    }
}
