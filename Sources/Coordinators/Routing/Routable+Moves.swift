// How a coordinator changes its routes — what `go`, links and restoration share: one move
// at a time (the coordinator's turns), planned from the routes it shows, checked before
// anything moves, and carried out with at most one call per presenter.

extension Routable {
    typealias RouteEntry = (tag: RouteTag, presentation: Presentation?, child: Node?)

    /// The routes on this coordinator's stack of routes now, oldest first: its screens and the
    /// children they started, not the tabs it focuses (which stand beside the stack).
    nonisolated func stackedEntries() -> [RouteEntry] {
        flow.node.routeEntries(stackedOnly: true)
    }

    /// Carries out one move on this coordinator's routes, in its turn: removes the routes
    /// `select` picks from those it shows (which it reads, if it needs them, once the turn
    /// begins), shows `screens` for their routes, then goes on as `landing` says. Returns the
    /// coordinator the move lands in: this one, or the child; `nil` if a new child ended
    /// before it accepted routes.
    ///
    /// Before anything moves, the move throws `flowEnded` if this coordinator no longer runs,
    /// `select` may throw, and the move throws `notOwner` if it would take a screen of a
    /// coordinator outside this subtree off a stack. Then: the screens removed are claimed
    /// (nobody else removes them meanwhile), the children of removed routes are ended, each
    /// presenter touched gets one `transition` call, the removals are recorded and the new
    /// screens marked shown, and a new child is started or a tab focused. The turn ends there —
    /// for a new child, once it has set up (its first wait on the runtime: its first screens
    /// have landed), so that the next move lands above them; the move returns once every child
    /// it ended is gone (those of the routes it removed, and
    /// those whose main screen it took along) and a new child accepts routes.
    ///
    /// With `animated`, the presenter call that changes what is on top animates (the others
    /// never do: one move looks like one) — or, for a move into a new child, the child's
    /// first screen; without, none does, and a new child shows its first screens without
    /// animation until it accepts routes.
    ///
    /// Guards: once planned, a move that would end flows below this coordinator (the children
    /// of the routes it removes, the owners of main screens it removes) asks their guards, as
    /// `cause` (`Guards/`), and re-plans after each round of asks; a refusal throws
    /// `flowGuarded` with nothing moved. What it ends stays closed to new guards until it has
    /// ended it.
    ///
    /// Cancellation: a move waiting for its turn, or for guards' answers, throws
    /// `CancellationError` and moves nothing; once begun, it completes. Waiting for a new
    /// child to accept routes, it cancels the child and throws `CancellationError` once the
    /// child is gone.
    nonisolated func move(
        removing select: @Sendable (_ shown: () -> [RouteEntry]) throws(CoordinatorError) -> [RouteEntry],
        showing screens: [RouteScreen],
        landing: RouteLanding,
        animated: Bool,
        asking cause: FlowInterruption.Cause,
        operation: @autoclosure () -> String
    ) async throws -> (any Coordinator)? {
        let node = flow.node
        try await node.takeRouteTurn()
        var planned: RouteMove
        var closed = InterruptionCheck.Closed()
        var covering: TreeContext?  // a move that covers what is shown (`TreeContext.beginCovering`)
        do {
            planned = try plan(removing: select, showing: [], landing: landing, operation: operation)
            closed = try await InterruptionCheck.askGuards(cause, at: node, move: operation()) { again in
                if again { planned = try plan(removing: select, showing: [], landing: landing, operation: operation) }
                return planned.endingRoots(below: node) + replacedRoots(on: screens.map(\.presenter))
            }
            if screens.contains(where: { Self.covers($0.presenter, $0.options) }), let context = node.context {
                covering = context
                if context.beginCovering() {
                    closed += try await InterruptionCheck.askGuards(.hiding, at: node, move: operation()) { _ in
                        coveredRoots()
                    }
                }
            }
            planned.made = try makePresentations(for: screens)
        } catch {
            closed.reopen()
            covering?.endCovering()
            node.endRouteTurn()
            throw error
        }
        let ending = planned.endingRoots(below: node) + replacedRoots(on: screens.map(\.presenter))
        let done = await carryOut(planned, landing: landing, animated: animated)
        closed.reopen()
        covering?.endCovering()
        if let started = done.started { await LinkFlight.holdTurn(of: node, untilSetUp: started) }
        node.endRouteTurn()
        // Every child the move ended is gone before it returns: the children of the routes it
        // removed, and those whose main screen it took along (unless another main one remains).
        for child in ending where child.endIsRecorded { _ = await child.ended() }
        if let failure = done.failure { throw failure }
        switch landing {
        case .here: return self
        case .shownChild(let child): return child
        case .newChild:
            guard let child = done.landedIn else { return self }
            return try await waitUntilSetUp(child, cancellingOnCancellation: done.started)
        case .focus(let route, let child, let tabs):
            guard try await waitUntilSetUp(child, cancellingOnCancellation: nil) != nil else { return nil }
            if let tabs { try await selectTab(of: child, for: route, in: tabs) }
            return child
        }
    }

    /// A forward to a screen, the most common move: in the coordinator's turn, one
    /// presentation tagged with `route`, as `flow.present` makes it (`openDeepLink4Steps`).
    ///
    /// Cancellation: as `flow.present`: before the presenter is called, throws
    /// `CancellationError` and shows nothing.
    nonisolated func showScreen(
        _ screen: any Screen, on presenter: any Presenter, options: PresentationOptions, for route: Route,
        animated: Bool
    ) async throws {
        let node = flow.node
        try await node.takeRouteTurn()
        // On a presenter that shows one thing at a time, the screen takes the place of what it
        // shows: a main screen of another coordinator, which that ends, asks its guards first.
        var replaced: [Node] = []
        var closed = InterruptionCheck.Closed()
        var covering: TreeContext?
        do {
            defer {
                closed.reopen()
                covering?.endCovering()
            }
            if presenter.presentationReplacedByNextPresent != nil {
                closed = try await InterruptionCheck.askGuards(.goingForward, at: node, move: ".forward(to: \(route))")
                {
                    _ in
                    replaced = replacedRoots(on: [presenter])
                    return replaced
                }
            }
            // A screen that covers what is shown asks the guards against hiding of flows outside.
            if Self.covers(presenter, options), let context = node.context {
                covering = context
                if context.beginCovering() {
                    closed += try await InterruptionCheck.askGuards(.hiding, at: node, move: ".forward(to: \(route))") {
                        _ in coveredRoots()
                    }
                }
            }
            let tag = RouteTag(route: route, kind: .screen, order: node.context?.makeID() ?? 0)
            _ = try await flow.present(
                screen, on: presenter, role: .automatic, options: options, animated: animated, expecting: nil,
                routeTag: tag)
        } catch {
            node.endRouteTurn()
            throw error
        }
        node.endRouteTurn()
        // A coordinator whose main screen this one replaced is gone before the move returns.
        for owner in replaced where owner.endIsRecorded { _ = await owner.ended() }
    }

    /// The coordinators a move's new screens on `presenters` would end by taking the place of
    /// their main screens (on a presenter that shows one thing at a time), for their guards:
    /// any but this one, whose own main screen a route's screen replaces as its main.
    private nonisolated func replacedRoots(on presenters: [any Presenter]) -> [Node] {
        presenters.compactMap { presenter in
            guard let replaced = presenter.presentationReplacedByNextPresent, replaced.isMain,
                let owner = replaced.owner as? Node, owner !== flow.node
            else { return nil }
            return owner
        }
    }

    /// Whether a screen shown on `presenter` with `options` covers what is shown: the
    /// presenter says so (`Presenter.nextPresentCovers`), or its style is modal.
    private static func covers(_ presenter: any Presenter, _ options: PresentationOptions) -> Bool {
        presenter.nextPresentCovers || options.style.isModal
    }

    /// The flows guarded against hiding that a screen covering what is shown would cover: every
    /// such flow in the tree outside this coordinator's own (one it is in moves for it), each
    /// once. Asked only by a move that found such a guard up (`TreeContext.beginCovering`).
    private nonisolated func coveredRoots() -> [Node] {
        guard let root = flow.node.context?.rootNode else { return [] }
        var found: [Node] = []
        for (node, entry) in Node.guards(inSubtreesOf: [root]) {
            guard (entry.value as? ActiveGuard)?.againstHiding == true, !flow.node.isInSubtree(of: node),
                !found.contains(where: { $0 === node })
            else { continue }
            found.append(node)
        }
        return found
    }

    /// A move into a new child with nothing removed, as most of a deep link's steps are: the
    /// child is started for `route` in the turn, with no plan to make (`openDeepLink4Steps`).
    /// Returns it once it accepts routes, `nil` if it ended first.
    ///
    /// Cancellation: as `move`'s.
    nonisolated func enterNewChild(
        _ child: any Coordinator, for route: any Hashable & Sendable, animated: Bool, onEnd: Node.EndHandler?
    ) async throws -> (any Coordinator)? {
        let node = flow.node
        try await node.takeRouteTurn()
        let started: Node
        do {
            try checkRunning({ "into \(type(of: child))" })
            started = try startRouteChild(child, for: route, quietly: !animated, onEnd: onEnd)
        } catch {
            node.endRouteTurn()
            throw error
        }
        await LinkFlight.holdTurn(of: node, untilSetUp: started)
        node.endRouteTurn()
        return try await waitUntilSetUp(child, cancellingOnCancellation: started)
    }

    /// The move's plan, from the routes shown now: what leaves (what `select` picks, the
    /// screens of the children it ends, and what lies above on their stacks), checked, and the
    /// new presentations, made. Nothing has moved when it throws.
    private nonisolated func plan(
        removing select: @Sendable (_ shown: () -> [RouteEntry]) throws(CoordinatorError) -> [RouteEntry],
        showing screens: [RouteScreen],
        landing: RouteLanding,
        operation: () -> String
    ) throws(CoordinatorError) -> RouteMove {
        try checkRunning(operation)
        var move = RouteMove()
        for entry in try select(stackedEntries) {
            if let child = entry.child {
                move.endedChildren.append(child)
                for presentation in child.subtreePresentations() { move.remove(presentation, .tornDown) }
            } else if let presentation = entry.presentation {
                move.remove(presentation, .byCoordinator)
            }
        }
        try takeAlongWhatLiesAbove(&move, operation: operation)
        for item in move.leaving where item.presentation.owner === flow.node && item.presentation.isMain {
            throw CoordinatorError(
                .nothingToPop,
                "The move \(operation()) at \(Self.self) would remove \(item.presentation), its main screen: that "
                    + "would end it. End the flow with flow.finish(...), or keep its first route.")
        }
        if case .focus(let route, let child, _) = landing { try checkFocus(child, route) }
        move.made = try makePresentations(for: screens)
        return move
    }

    /// The presentations of a move's new screens, made and recorded, not yet shown.
    private nonisolated func makePresentations(for screens: [RouteScreen]) throws(CoordinatorError) -> [Presentation] {
        guard !screens.isEmpty else { return [] }
        return try flow.node.makePresentations(
            screens.map { item in
                Node.NewPresentation(
                    screen: item.screen, presenter: item.presenter, role: role(on: item.presenter),
                    options: item.options, route: item.route)
            })
    }

    /// Carries `move` out: claims what leaves (nobody else removes it meanwhile), records the
    /// ends of the children it removes, makes one `transition` call per presenter, records the
    /// dismissals and marks the new screens shown, then starts the new child or focuses one.
    /// Throws nothing: once things move, the move completes, and what failed is its outcome's.
    /// Only the call that changes what is on top animates, and only if `animated`.
    private nonisolated func carryOut(
        _ move: RouteMove, landing: RouteLanding, animated: Bool
    ) async -> RouteMove.Outcome {
        let node = flow.node
        var done = RouteMove.Outcome()
        let claimed = move.leaving.filter { $0.presentation.claimDismissal($0.reason) }
        for child in move.endedChildren { child.requestEnd(.cancelled) }
        // What another dismissal claimed first (a person's gesture, a child's own move) leaves
        // the surface with this move all the same, so that the surface shows what the move
        // planned; whoever claimed it records its dismissal.
        let removing = move.leaving.map(\.presentation).filter { $0.dismissalReason == nil }
        var notShown = Set<Presentation>()
        let calls = PresenterCall.group(removing: removing, adding: move.made)
        // The call that changes what is on top: the last, which adds the newest screens, or,
        // for a move that only removes, the first, which removes the most recent; none for a
        // move into a new child, whose first screen, shown over them, is that change.
        let visible: Int? =
            if case .newChild = landing { nil } else { move.made.isEmpty ? 0 : calls.count - 1 }
        for (index, call) in calls.enumerated() {
            let animates = animated && index == visible
            do {
                if call.removed.isEmpty, call.added.count == 1 {
                    try await call.presenter.present(call.added[0], animated: animates)  // a push is a push
                } else {
                    try await call.presenter.transition(removing: call.removed, adding: call.added, animated: animates)
                }
            } catch {
                // The surface changed under the move (a stack popped meanwhile): the removals
                // complete one by one. Screens that were not shown are the move's failure.
                if !call.added.isEmpty { done.failure = done.failure ?? error }
                for presentation in call.added {
                    node.presentationFailed(presentation)
                    notShown.insert(presentation)
                }
                // On a stack, only what is still on it: what left with the change is done.
                let shown = (call.presenter as? any StackPresenter).map { Set($0.stack) }
                for presentation in call.removed.reversed() where shown?.contains(presentation) ?? true {
                    try? await call.presenter.dismiss(presentation, reason: .byCoordinator, animated: false)
                }
            }
        }
        for item in claimed.sorted(by: { $0.presentation.id.rawValue > $1.presentation.id.rawValue }) {
            item.presentation.finishDismissal(item.reason)
        }
        for presentation in move.made where !notShown.contains(presentation) {
            do {
                if try node.didPresent(presentation) { try await node.dismissClaimedByTeardown(presentation) }
            } catch {
                done.failure = done.failure ?? error
            }
        }
        guard done.failure == nil else { return done }
        switch landing {
        case .here, .shownChild:
            break
        case .newChild(let route, let child, let onEnd):
            do {
                done.started = try startRouteChild(child, for: route, quietly: !animated, onEnd: onEnd)
                done.landedIn = child
            } catch {
                done.failure = error
            }
        case .focus(let route, let child, _):
            LinkOpening.node(of: child).tag(
                RouteTag(route: route, kind: .standingChild, order: node.context?.makeID() ?? 0, child: child))
            done.landedIn = child
        }
        return done
    }

    /// Throws `flowEnded` unless the flow runs: a move that begins after the flow ended (an
    /// ancestor's move ended it meanwhile) has nothing to move.
    private nonisolated func checkRunning(_ operation: () -> String) throws(CoordinatorError) {
        do throws(LifecycleStateMachine.NotRunning) {
            try flow.node.withLock { state throws(LifecycleStateMachine.NotRunning) in
                try state.machine.checkRunning(coordinator: state.name)
            }
        } catch {
            throw error.error(to: "make the move \(operation())")  // user code (a route's text): no lock held
        }
    }

    /// On each stack a removed screen is on, what lies above it leaves too: it must be this
    /// subtree's (`notOwner` otherwise), and is taken along.
    private nonisolated func takeAlongWhatLiesAbove(_ move: inout RouteMove, operation: () -> String)
        throws(CoordinatorError)
    {
        var visited = Set<ObjectIdentifier>()
        for item in move.leaving {
            guard let stack = item.presentation.presenter as? any StackPresenter,
                visited.insert(ObjectIdentifier(stack)).inserted
            else { continue }
            let shown = stack.stack
            guard let lowest = shown.firstIndex(where: move.removes) else { continue }
            for other in shown[lowest...] where !move.removes(other) {
                guard let owner = other.owner as? Node, owner.isInSubtree(of: flow.node) else {
                    throw CoordinatorError(
                        .notOwner,
                        "The move \(operation()) at \(Self.self) would take \(other) off \(type(of: stack)), which "
                            + "\(other.owner.coordinatorName) shows above \(Self.self)'s screens and which is not in its "
                            + "subtree. A coordinator moves only its own screens and its children's; ask the owner to go "
                            + "back first.")
                }
                move.remove(other, .byCoordinator)
            }
        }
    }

    /// `.main` for a screen that replaces this coordinator's own main one on a presenter that
    /// shows one thing at a time (a window's root), so that the coordinator goes on.
    private nonisolated func role(on presenter: any Presenter) -> PresentationRole {
        guard let replaced = presenter.presentationReplacedByNextPresent, replaced.owner === flow.node,
            replaced.isMain
        else { return .automatic }
        return .main
    }

    /// Starts `child` for `route` and tags it, in the move's turn, so that its route is
    /// ordered among this coordinator's as the move is; `quietly`, it presents without
    /// animation until it accepts routes. Its outcome goes to `onEnd`, if given. The move then
    /// keeps its turn until the child has set up (`Node.holdTurnUntilSetUp`).
    private nonisolated func startRouteChild<Child: Coordinator>(
        _ child: Child, for route: any Hashable & Sendable, quietly: Bool, onEnd: Node.EndHandler?
    ) throws -> Node {
        let handle = try flow.start(child, quietly: quietly, onEnd: onEnd)
        child.flow.node.tag(RouteTag(route: route, kind: .stackedChild, order: handle.id.rawValue, child: child))
        return child.flow.node
    }

    /// Throws `notOwner` unless `child` is a running child of this coordinator.
    private nonisolated func checkFocus(
        _ child: any Coordinator, _ route: any Hashable & Sendable
    ) throws(CoordinatorError) {
        guard LinkOpening.node(of: child).withLock({ $0.parent }) === flow.node else {
            throw CoordinatorError(
                .notOwner,
                "\(Self.self)'s route \(route) focuses \(type(of: child)), which is not a running child of it. Focus "
                    + "a child it started (flow.start, startChild(_:for:)), or return .child to start one.")
        }
    }

    /// Selects the tab of `tabs` that shows `child`'s first screen, unless it is selected.
    nonisolated func selectTab(
        of child: any Coordinator, for route: any Hashable & Sendable, in tabs: any TabBarPresenter
    ) async throws {
        guard let shown = LinkOpening.node(of: child).withLock({ $0.presentations.first }) else {
            throw CoordinatorError(
                .noSuchSlot,
                "\(Self.self)'s route \(route) selects the tab of \(type(of: child)) in \(type(of: tabs)), but "
                    + "\(type(of: child)) shows nothing. Present its screen on its tab's presenter first.")
        }
        guard let index = tabs.tabPresenters.firstIndex(where: { $0 === shown.presenter }) else {
            return try await tabs.selectTab(of: shown.presenter)  // throws `noSuchSlot`, naming the bar
        }
        let selected = tabs.selectedTabIndex
        guard selected != index else { return }
        // The guards against hiding in the flows the selected tab shows (this coordinator's
        // children that show a screen on it, and everything below them) are asked first.
        let presenters = tabs.tabPresenters
        let left = presenters.indices.contains(selected) ? presenters[selected] : nil
        let closed = try await InterruptionCheck.askGuards(.hiding, at: flow.node, move: "select the tab of \(route)") {
            _ in
            guard let left else { return [] }
            return flow.node.liveChildren.filter { child in
                child.withLock { $0.presentations.contains { $0.presenter === left } }
            }
        }
        defer { closed.reopen() }
        try await tabs.select(index)
    }

    /// Returns `child` once it accepts routes; `nil` if it ended first. If the calling task is
    /// cancelled meanwhile (a superseded link), ends the child it started (`started`) unless a
    /// guard is up in it (`InterruptionCheck.endUnlessGuarded`: a guarded child stays, and the
    /// next move that would end it asks), waits until it is gone, and throws
    /// `CancellationError`.
    private nonisolated func waitUntilSetUp(
        _ child: any Coordinator, cancellingOnCancellation started: Node?
    ) async throws -> (any Coordinator)? {
        do {
            try await LinkFlight.waitUntilReady(LinkOpening.node(of: child))
            return child
        } catch is RoutesRefused {
            return nil
        } catch {
            if let started, InterruptionCheck.endUnlessGuarded(started) {
                _ = await started.ended()
            }
            throw error
        }
    }
}
