extension Routable {
    /// Moves on this coordinator's routes, BBCoordinators' way, and returns once the move is
    /// done: the screen shown or popped, the child started (and set up) or ended.
    ///
    /// ```swift
    /// try await go(.forward(to: .movie(id: 7)))   // [list] → [list, movie 7]
    /// try await go(.backOne)                      // → [list]
    /// try await go(.back(to: .list))              // pops everything above the list
    /// ```
    ///
    /// Going back pops screens on a `StackPresenter` (with `pop(to:)`), dismisses them on any
    /// other presenter, and cancels (and awaits) the children the removed routes started. It
    /// removes only screens of this coordinator and of its subtree: everything is checked
    /// before anything moves, so an error changes nothing.
    ///
    /// Throws:
    /// - `CoordinatorError` `routeNotShown` for `.back(to:)` a route that is not among its
    ///   shown routes (`routes`);
    /// - `nothingToPop` for `.backOne` with no route shown, or when the last route is its
    ///   main screen (removing it would end the coordinator: call `flow.finish` for that);
    /// - `notOwner` when going back would pop a screen another coordinator (not in this
    ///   subtree) shows above it;
    /// - `noRoute` when `destination(for:)` returns `nil` for `.forward(to:)`;
    /// - what presenting, `destination(for:)` or the presenter throws.
    ///
    /// Cancellation: before anything moves, throws `CancellationError`; a forward to a child
    /// that is cancelled while the child sets up cancels the child too (nothing half-made
    /// stays); a move under way otherwise completes.
    public func go(_ transition: RouteTransition<Route>) async throws {
        try Task.checkCancellation()
        switch transition {
        case .forward(let route):
            guard try await show(route) != nil else {
                throw CoordinatorError(
                    .noRoute,
                    "\(Self.self).destination(for: \(route)) returned nil, so go(.forward(to:)) has nowhere to go. "
                        + "Return a destination for every route you navigate to.")
            }
        case .backOne:
            let entries = flow.node.routeEntries().filter { $0.tag.kind != .standingChild }
            guard let last = entries.last else {
                throw CoordinatorError(
                    .nothingToPop, "\(Self.self) went back one route, but it shows none. Check `routes` first.")
            }
            if let presentation = last.presentation, presentation.isMain {
                throw CoordinatorError(
                    .nothingToPop,
                    "\(Self.self) went back one route from \(last.tag.routeDescription), its main screen: that would "
                        + "end it. Call flow.finish(...) to end the flow, or flow.dismiss on the screen.")
            }
            try await removeRoutes([last], operation: ".backOne")
        case .back(let route):
            let entries = flow.node.routeEntries()
            guard let index = entries.lastIndex(where: { $0.tag.kind != .standingChild && $0.tag.matches(route) })
            else {
                throw CoordinatorError(
                    .routeNotShown,
                    "\(Self.self) went back to \(route), which it does not show; it shows "
                        + "\(entries.map(\.tag.routeDescription)). Go back to one of those, or forward to it.")
            }
            try await removeRoutes(Array(entries[(index + 1)...]), operation: ".back(to: \(route))")
        }
    }
}
