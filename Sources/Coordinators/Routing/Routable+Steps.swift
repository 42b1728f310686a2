// How a coordinator shows one route and removes routes: what `go` and deep links share.

extension Routable {
    typealias RouteEntry = (tag: RouteTag, presentation: Presentation?, child: Node?)

    /// Shows `route`'s destination, as one of this coordinator's routes, and returns the
    /// coordinator a link goes on with: this one (a screen), or the child. `nil` if
    /// `destination(for:)` has none.
    func show(_ route: Route) async throws -> (any Coordinator)? {
        guard let destination = try await destination(for: route) else { return nil }
        switch destination.action {
        case .screen(let screen, let presenter):
            // Ordered among this coordinator's routes by an id taken now, just before the
            // presentation's own.
            let tag = RouteTag(route: route, kind: .screen, order: flow.node.context?.makeID() ?? 0)
            _ = try await flow.present(screen, on: presenter, role: .automatic, expecting: nil, routeTag: tag)
            return self
        case .child(let child):
            return try await startRoute(child, route)
        case .focus(let child, let tabs):
            return try await focus(child, route, tabs: tabs)
        }
    }

    /// A link's step: goes back to `route` if this coordinator shows it (its routes above are
    /// removed), and shows it otherwise. Returns where the link goes on, as `show` does.
    func openStep(_ route: Route) async throws -> (any Coordinator)? {
        let entries = flow.node.routeEntries()
        guard let index = entries.lastIndex(where: { $0.tag.kind != .standingChild && $0.tag.matches(route) }) else {
            return try await show(route)
        }
        try await removeRoutes(Array(entries[(index + 1)...]), operation: "a link to \(route)")
        let entry = entries[index]
        guard entry.child != nil else { return self }
        return entry.tag.child as? any Coordinator
    }

    /// Starts `child` for `route` and waits until it is set up. If this task is cancelled
    /// meanwhile, the child is cancelled and torn down before this throws.
    private func startRoute<Child: Coordinator>(_ child: Child, _ route: Route) async throws -> Child {
        let handle = try flow.start(child)
        child.flow.node.tag(RouteTag(route: route, kind: .stackedChild, order: handle.id.rawValue, child: child))
        do {
            try await child.flow.node.waitUntilAcceptingRoutes()
        } catch is RoutesRefused {
            throw RoutesRefused()
        } catch {
            handle.cancel()
            _ = await handle.outcome
            throw error
        }
        return child
    }

    /// Goes on into `child`, a running child of this coordinator, for `route`; with `tabs`,
    /// selects the tab that shows it first.
    private func focus<Child: Coordinator>(
        _ child: Child, _ route: Route, tabs: (any TabBarPresenter)?
    ) async throws -> Child {
        let node = child.flow.node
        guard node.withLock({ $0.parent }) === flow.node else {
            throw CoordinatorError(
                .notOwner,
                "\(Self.self)'s route \(route) focuses \(Child.self), which is not a running child of it. Focus a "
                    + "child it started (flow.start, startChild(_:for:)), or return .child to start one.")
        }
        node.tag(RouteTag(route: route, kind: .standingChild, order: flow.node.context?.makeID() ?? 0, child: child))
        try await node.waitUntilAcceptingRoutes()
        if let tabs {
            guard let shown = child.flow.node.withLock({ $0.presentations.first }) else {
                throw CoordinatorError(
                    .noSuchSlot,
                    "\(Self.self)'s route \(route) selects the tab of \(Child.self) in \(type(of: tabs)), but "
                        + "\(Child.self) shows nothing. Present its screen on its tab's presenter first.")
            }
            try await tabs.selectTab(of: shown.presenter)
        }
        return child
    }

    /// Removes `entries` (routes of this coordinator), most recent first: pops or dismisses
    /// their screens and ends their children. Checks first that no screen outside this
    /// subtree would be popped with them; then nothing changes if it throws.
    func removeRoutes(_ entries: [RouteEntry], operation: String) async throws {
        let removed = entries.filter { $0.tag.kind != .standingChild }.reversed()
        for entry in removed {
            if let presentation = entry.presentation { try checkMayPop(above: presentation, operation: operation) }
        }
        for entry in removed {
            if let child = entry.child {
                child.requestEnd(.cancelled)
                _ = await child.ended()
            } else if let presentation = entry.presentation {
                try await remove(presentation)
            }
        }
    }

    /// Throws `notOwner` if popping `presentation` off its stack would pop a screen of a
    /// coordinator outside this one's subtree.
    private func checkMayPop(above presentation: Presentation, operation: String) throws(CoordinatorError) {
        guard let stack = presentation.presenter as? any StackPresenter else { return }
        let shown = stack.stack
        guard let index = shown.firstIndex(of: presentation) else { return }
        for other in shown[index...] {
            guard let owner = other.owner as? Node, !owner.isInSubtree(of: flow.node) else { continue }
            throw CoordinatorError(
                .notOwner,
                "\(Self.self)'s \(operation) would pop \(other), which \(other.owner.coordinatorName) shows and which "
                    + "is not in \(Self.self)'s subtree. A coordinator moves only its own screens and its children's; "
                    + "ask the owner to go back first.")
        }
    }

    /// Takes `presentation` off the screen: on a stack, pops it and everything above it.
    private func remove(_ presentation: Presentation) async throws {
        if let stack = presentation.presenter as? any StackPresenter {
            let shown = stack.stack
            if let index = shown.firstIndex(of: presentation), index > 0 {
                try await stack.pop(to: shown[index - 1])
                return
            }
        }
        do {
            try await flow.dismiss(presentation)
        } catch let error as CoordinatorError where error.code == .alreadyDismissed {
            // It left meanwhile: nothing to remove.
        }
    }
}
