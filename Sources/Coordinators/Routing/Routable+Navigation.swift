extension Routable {
    /// Moves on this coordinator's routes and returns once the move is done: the screen shown
    /// or the screens removed, the child started (and set up, or ended already) or ended.
    ///
    /// ```swift
    /// try await go(.forward(to: .movie(id: 7)))   // [list] → [list, movie 7]
    /// try await go(.backOne)                      // → [list]
    /// try await go(.back(to: .list))              // removes everything above the list
    /// ```
    ///
    /// A move is one transition: going back over several routes is one `pop(to:)` on a
    /// stack, a modal layer leaves whole, and each presenter touched gets one call (see
    /// `Presenter.transition`), animated unless `animated` is `false` (then a child it
    /// starts also shows its first screens without animation, until it awaits the runtime). Going back removes the routes' screens and ends (and awaits)
    /// the children they started, with their screens. It removes only screens of this
    /// coordinator and of its subtree: everything is checked before anything moves, so an
    /// error changes nothing.
    ///
    /// Moves of one coordinator are carried out one at a time, in the order they were made,
    /// so `routes` stays in the order their screens landed in. A forward's `destination(for:)`
    /// is asked before its turn (it may await a sign-in meanwhile). A move whose screens left
    /// meanwhile (a person's gesture, an ancestor's move that ended this coordinator)
    /// completes against what is left: what left is not removed again.
    ///
    /// Throws `CoordinatorError`:
    /// - `routeNotShown` for `.back(to:)` and its kin when no shown route matches (`routes`);
    /// - `nothingToPop` for `.back(count:)` (`.backOne`) with fewer routes shown than `count`,
    ///   with a `count` below 1, or when it would remove its main screen (that would end the
    ///   coordinator: call `flow.finish` for that);
    /// - `notOwner` when going back would take off a stack a screen another coordinator (not
    ///   in this subtree) shows above this one's, or a focused child is not a running child;
    /// - `noRoute` when `destination(for:)` returns `nil` for `.forward(to:)`;
    /// - `flowEnded` when this coordinator ended before the move began (an ancestor's move
    ///   ended it meanwhile) or before a forward could show its screen;
    /// - `alreadyRun` when a `.child` destination returns a coordinator instance that has run;
    /// - `noSuchSlot` when a focused tab shows nothing;
    /// - `invalidOptions`, `unsupportedOptions` when a destination's screen has options that
    ///   contradict themselves or that its presenter cannot honour;
    /// - `flowGuarded` when going back would end a flow whose guard (`flow.guarding`) refused,
    ///   or did not answer within its timeout (nothing moved; see `Guides/Guards.md`);
    /// - and what `destination(for:)` or a presenter throws.
    ///
    /// Cancellation: a move that has not begun (its destination, its turn, the answers of the
    /// guards it asks) throws `CancellationError` and moves nothing; a forward to a child that
    /// is cancelled while the child sets up cancels the child too (nothing half-made stays); a
    /// move under way otherwise completes.
    public func go(
        _ transition: RouteTransition<Route>, animated: Bool = true, file: String = #fileID, line: Int = #line
    ) async throws {
        do {
            try await carryOut(transition, animated: animated)
        } catch {
            throw CoordinatorError.located(error, at: file, line)
        }
    }

    private func carryOut(_ transition: RouteTransition<Route>, animated: Bool) async throws {
        try Task.checkCancellation()
        switch transition.kind {
        case .forward(let route):
            guard let destination = try await destination(for: route) else {
                throw CoordinatorError(
                    .noRoute,
                    "\(Self.self).destination(for: \(route)) returned nil, so go(.forward(to:)) has nowhere to go. "
                        + "Return a destination for every route you navigate to.")
            }
            try Task.checkCancellation()
            if case .screen(let screen, let presenter, let options) = destination.action {
                try await showScreen(screen, on: presenter, options: options, for: route, animated: animated)
            } else {
                let (_, landing) = RouteLanding.of(destination, for: route)
                _ = try await move(
                    removing: { _ in [] }, showing: [], landing: landing, animated: animated, asking: .goingForward,
                    operation: "\(transition)")  // removes nothing: ends nothing, asks no guard
            }
        case .back(let count):
            _ = try await move(
                removing: { shown throws(CoordinatorError) in try self.backCount(count, in: shown()) }, showing: [],
                landing: .here, animated: animated, asking: .goingBack, operation: "\(transition)")
        case .backTo(let matches, let first, let description):
            _ = try await move(
                removing: { shown throws(CoordinatorError) in
                    let entries = shown()
                    let matching = { (entry: RouteEntry) in self.route(of: entry).map(matches) ?? false }
                    let found = first ? entries.firstIndex(where: matching) : entries.lastIndex(where: matching)
                    guard let found else {
                        throw CoordinatorError(
                            .routeNotShown,
                            "\(Self.self) went back to \(description), which it does not show; it shows "
                                + "\(entries.map(\.tag.routeDescription)). Go back to one of those, or forward to it.")
                    }
                    return Array(entries[(found + 1)...])
                }, showing: [], landing: .here, animated: animated, asking: .goingBack,
                operation: "\(transition)")
        }
    }

    /// The route of one of this coordinator's entries (its tags hold its own `Route`).
    private nonisolated func route(of entry: RouteEntry) -> Route? {
        entry.tag.route as? Route
    }

    /// The `count` most recent of `entries`, which `.back(count:)` removes.
    private nonisolated func backCount(_ count: Int, in entries: [RouteEntry]) throws(CoordinatorError) -> [RouteEntry]
    {
        guard count >= 1 else {
            throw CoordinatorError(
                .nothingToPop, "\(Self.self) went back \(count) routes. Go back by one route or more.")
        }
        guard count <= entries.count else {
            throw CoordinatorError(
                .nothingToPop,
                "\(Self.self) went back \(count) route(s), but it shows \(entries.count) "
                    + "(\(entries.map(\.tag.routeDescription))). Check `routes` first.")
        }
        let removed = Array(entries.suffix(count))
        if let main = removed.first(where: { $0.presentation?.isMain == true }) {
            throw CoordinatorError(
                .nothingToPop,
                "\(Self.self) went back \(count) route(s), past \(main.tag.routeDescription), its main screen: that "
                    + "would end it. Call flow.finish(...) to end the flow, or flow.dismiss on the screen.")
        }
        return removed
    }
}
