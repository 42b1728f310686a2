extension Routable {
    /// Opens `link` from this coordinator, for its own subtree: it takes the first route
    /// itself, as `CoordinatorTree.open(_:)` describes. Returns once every step is done.
    ///
    /// It is the tree's link in flight: it supersedes any link opened before in the tree,
    /// and is superseded by the next.
    ///
    /// Throws `DeepLinkError` as `CoordinatorTree.open(_:)` does; `targetEnded` at step 0 if
    /// this coordinator has ended; `CoordinatorError` `notRunning` if it has not run.
    ///
    /// Cancellation: as `CoordinatorTree.open(_:)`.
    public nonisolated func open(_ link: DeepLink, file: String = #fileID, line: Int = #line) async throws {
        guard let context = flow.node.context else {
            throw CoordinatorError(
                .notRunning,
                "\(TypeNames.name(of: Self.self)) opened the link \(DeepLinkError.excerpt(describing: link)) before it "
                    + "was run. Open links once it runs."
            ).located(at: file, line)
        }
        let routes = link.routes
        do {
            try await LinkFlight.fly("the link \(link) from \(TypeNames.name(of: Self.self))", in: context) {
                try await LinkOpening.open(routes[...], from: self)
            }
        } catch {
            throw CoordinatorError.located(error, at: file, line)
        }
    }

    /// Opens the link `parser` makes of `url` from this coordinator, as `open(_:)` does.
    ///
    /// Throws `DeepLinkError` `malformedURL` if the parser throws, before anything changes.
    ///
    /// Cancellation: as `open(_:)`.
    public nonisolated func open(
        url: String, using parser: some DeepLinkParser, file: String = #fileID, line: Int = #line
    ) async throws {
        try await open(DeepLink.parsing(url, with: parser), file: file, line: line)
    }

    /// The routes this coordinator shows, oldest first: the screens it showed for a route
    /// and the children it started or focused for one (the most recently focused last).
    public nonisolated var routes: [Route] {
        flow.node.routeEntries().compactMap { $0.tag.route as? Route }
    }

    /// The route showing now: the most recent of `routes`.
    public nonisolated var currentRoute: Route? { routes.last }

    /// Starts `child` as `flow.start(_:)` does, and makes it the child `route` leads to: a
    /// link (or a restoration) that reaches `route` here goes on into it, as with
    /// `Destination.focus(_:)`. For children that run from the start, such as tabs.
    ///
    /// Throws what `flow.start(_:)` throws.
    @discardableResult
    public nonisolated func startChild<Child: Coordinator>(
        _ child: Child, for route: Route, file: String = #fileID, line: Int = #line
    ) throws -> ChildFlow<Child.Output> {
        let handle = try flow.start(child, file: file, line: line)
        child.flow.node.tag(RouteTag(route: route, kind: .standingChild, order: handle.id.rawValue, child: child))
        return handle
    }
}
