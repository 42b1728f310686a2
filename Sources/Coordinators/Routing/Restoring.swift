// Re-opening a saved `NavigationState`, route by route, through the deep-link steps.

enum Restoring {
    /// What a restoration has done so far.
    struct Progress {
        /// The root it began at: a restoration whose tree is torn down stops with
        /// `targetEnded` instead of reporting the rest skipped.
        let root: Node
        /// How many routes the saved state holds, its children's included: the move that
        /// restores the last of them is the only one that animates.
        let total: Int
        var restored = 0
        var skipped: [String] = []
        var reason: String?

        /// Stops here: `entries` of `state` (and everything saved under them) are skipped.
        mutating func skip(_ entries: ArraySlice<NavigationState.Entry>, of state: NavigationState, because: String?) {
            if reason == nil { reason = because }
            for entry in entries {
                skipped.append("\(TypeNames.name(qualified: state.coordinatorType)) → \(entry.route)")
                if let child = entry.child { skip(child.entries[...], of: child, because: nil) }
            }
        }

        /// Records a failure that skips no saved route.
        mutating func note(failure: String) {
            if reason == nil { reason = failure }
        }

        var report: RestorationReport { RestorationReport(restored: restored, skipped: skipped, reason: reason) }

        /// Whether the root still runs.
        var treeRuns: Bool { root.withLock { $0.machine.isRunning } }
    }

    /// Re-opens `saved` at `coordinator`. Returns `false` if it stopped early (recorded in
    /// `progress`); throws only `CancellationError`.
    static func restore(
        _ saved: NavigationState, at coordinator: any Coordinator, into progress: inout Progress
    ) async throws -> Bool {
        // Nothing saved here (a coordinator that shows no routes): nothing to re-open.
        if saved.entries.isEmpty { return true }
        let type = Swift.type(of: coordinator)
        guard TypeNames.qualifiedName(of: type) == saved.coordinatorType else {
            progress.skip(
                saved.entries[...], of: saved,
                because: "the saved routes are \(TypeNames.name(qualified: saved.coordinatorType))'s, but the "
                    + "coordinator there is \(TypeNames.name(of: type))")
            return false
        }
        guard let routable = coordinator as? any Routable else {
            progress.skip(
                saved.entries[...], of: saved,
                because: "the saved routes are \(TypeNames.name(qualified: saved.coordinatorType))'s, which no "
                    + "longer takes routes")
            return false
        }
        return try await restoreRoutes(saved, at: routable, into: &progress)
    }

    /// Re-opens `saved`'s routes at `coordinator`: the routes up to each one with a child's
    /// saved state are one move (as a link's steps at one coordinator are), then that child's
    /// state is restored, and so on.
    private static func restoreRoutes<R: Routable>(
        _ saved: NavigationState, at coordinator: R, into progress: inout Progress
    ) async throws -> Bool {
        var routes: [R.Route] = []
        var undecodable: (index: Int, reason: String)?
        for (index, entry) in saved.entries.enumerated() {
            do {
                routes.append(try decode(R.Route.self, from: entry.value))
            } catch {
                undecodable = (
                    index,
                    "\(entry.route) is no longer a \(TypeNames.name(of: R.Route.self)) of "
                        + "\(TypeNames.name(of: R.self)): \(DeepLinkError.excerpt(describing: error))"
                )
                break
            }
        }
        var index = 0
        var complete = true
        // The tab of the last route that focuses one is selected once, when this coordinator's
        // routes are re-opened: one selection, not one per tab.
        var selectTab: (@Sendable () async throws -> Void)?
        // The child the previous move here went into: the next one goes on after it.
        var resumingAfter: EntryIdentity?
        restoring: while index < routes.count {
            // One move: up to the next route whose child has a saved state.
            let end = saved.entries[index..<routes.count].firstIndex { $0.child != nil }.map { $0 + 1 } ?? routes.count
            let taken: Int
            let next: any Coordinator
            do {
                let opened = try await LinkOpening.openOwn(
                    end - index, { [index] in routes[index + $0] }, from: progress.restored, at: coordinator,
                    as: .restoration(after: resumingAfter, moreFollow: end < routes.count),
                    endsTheSteps: progress.restored + (end - index) == progress.total)
                (taken, next) = (opened.taken, opened.next)
                resumingAfter = next === coordinator ? nil : EntryIdentity(child: LinkOpening.node(of: next))
                if let select = opened.selectTab { selectTab = select }
            } catch let error as DeepLinkError where error.code != .superseded {
                if error.code == .targetEnded, !progress.treeRuns { throw error }
                progress.skip(saved.entries[index...], of: saved, because: error.message)
                complete = false
                break restoring
            }
            progress.restored += taken
            index += taken
            if let child = saved.entries[index - 1].child, !(try await restore(child, at: next, into: &progress)) {
                progress.skip(saved.entries[index...], of: saved, because: nil)
                complete = false
                break restoring
            }
        }
        if complete, let undecodable {
            progress.skip(saved.entries[undecodable.index...], of: saved, because: undecodable.reason)
            complete = false
        }
        if let selectTab {
            do {
                try await selectTab()
            } catch {
                if Task.isCancelled { throw CancellationError() }
                progress.note(
                    failure: "\(TypeNames.name(of: R.self)) could not select the tab of its last route: "
                        + DeepLinkError.excerpt(describing: error))
                complete = false
            }
        }
        return complete
    }

    /// Decodes a route of type `Route`, which must be `Decodable`.
    private static func decode<Route>(_ type: Route.Type, from value: RouteValue) throws -> Route {
        guard let decodable = type as? any Decodable.Type else {
            throw RouteNotDecodable(type: "\(type)")
        }
        guard let route = try decodeRoute(decodable, from: value) as? Route else {
            throw RouteNotDecodable(type: "\(type)")
        }
        return route
    }

    private struct RouteNotDecodable: Error, CustomStringConvertible {
        let type: String
        var description: String { "\(type) is not Decodable" }
    }
}

extension CoordinatorTree {
    /// The navigation state of the running tree now (see `NavigationState`), or `nil` if no
    /// root runs.
    public func navigationState() -> NavigationState? {
        context.state.withLock { $0.root }.map(NavigationState.init(of:))
    }

    /// Re-opens `saved` in this tree, through the moves a link makes: each coordinator, from
    /// the root down, re-opens its saved routes (a route it shows already is kept, so restoring
    /// the state on screen changes nothing), up to each one with a child's saved state, which
    /// that child then re-opens; a coordinator that re-opens several tabs selects the last
    /// one, once. Returns once done, with what was re-opened and what was skipped. If no root
    /// runs yet, waits for one.
    ///
    /// A saved state that no longer fits (a route that no longer decodes, a coordinator of
    /// another type, a step that fails) is restored up to that point: the rest is skipped and
    /// reported, nothing of it is shown.
    ///
    /// Like a link, it is the tree's link in flight: it supersedes the one before, and a
    /// newer link supersedes it (`DeepLinkError` `superseded`). Throws `DeepLinkError`
    /// `targetEnded` if the tree's root ends before it is done.
    ///
    /// Cancellation: as `open(_:)`: the move under way completes, then it throws
    /// `CancellationError`.
    @discardableResult
    public func restore(
        _ saved: NavigationState, file: String = #fileID, line: Int = #line
    ) async throws -> RestorationReport {
        do {
            return try await LinkFlight.fly("a restoration", in: context) { [context] in
                guard let root = try await context.runningRoot() as? any Coordinator else {
                    return RestorationReport(restored: 0, skipped: [], reason: nil)
                }
                var progress = Restoring.Progress(root: LinkOpening.node(of: root), total: saved.routeCount)
                _ = try await Restoring.restore(saved, at: root, into: &progress)
                return progress.report
            }
        } catch {
            throw CoordinatorError.located(error, at: file, line)
        }
    }
}
