// What routing (`Routing/`) needs from a node, under the node's lock: whether links may go on
// into it (and the holds that keep them waiting), the route its parent gave it, and its routes
// in order.

/// A coordinator that ended (or is ending) before it accepted routes.
struct RoutesRefused: Error {}

extension Node {
    // MARK: Accepting routes

    /// The flow's `start()` waits on the runtime (any wait of the library: `flow.finished`, an
    /// answer, a child's `run` or `outcome`, a race, a child group's `next`, a send, a guarded
    /// body, a dismissal; `.ci/check-readiness.py` lists them): what it had to set up before
    /// that is done, so links may go on into it, unless it holds its routes. Nothing from
    /// another task (`State.acceptRoutes(quietChildren:)`).
    ///
    /// Never inlined: keeps the async frames of `flow.finished` and `run` small
    /// (idleCoordinatorMemory, childFlowRoundTrip).
    @inline(never)
    func acceptRoutes() {
        var quietChildren: [Node] = []
        Self.resume(withLock { state in state.acceptRoutes(quietChildren: &quietChildren) })
        Self.presentAnimatedAgain(quietChildren)
    }

    /// The coordinator that set these children up quietly (`State.presentsUnanimated`, which
    /// they took from it when it started them) is set up: they, and theirs, present as they
    /// ask again, whether or not they have awaited the runtime themselves.
    static func presentAnimatedAgain(_ children: [Node]) {
        for child in children {
            let theirs = child.withLock { state -> [Node] in
                guard state.presentsUnanimated else { return [] }
                state.presentsUnanimated = false
                return state.childNodes
            }
            presentAnimatedAgain(theirs)
        }
    }

    /// Wakes the links `State.acceptRoutes()` took: they go on into this coordinator.
    static func resume(_ routeWaiters: Waiters<Void>.Taken) {
        for waiter in routeWaiters { waiter.resume() }
    }
}

extension Node.State {
    /// `Node.acceptRoutes()` inside a critical section the caller takes anyway; nothing unless
    /// the calling task runs `start()` (`adopt`, for
    /// a child's `run`): returns the links to wake once the lock is released, and puts in
    /// `quietChildren` the children to tell that they may animate again
    /// (`Node.presentAnimatedAgain`), if this coordinator was set up quietly.
    mutating func acceptRoutes(quietChildren: inout [Node]) -> Waiters<Void>.Taken {
        var woken = Waiters<Void>.Taken()
        // Only start() sets a coordinator up: a wait of another task (an actor method a screen
        // called, a presenter awaiting a dismissal) says nothing of how far start() has come.
        guard runningStart?.isCurrent ?? false else { return woken }
        markSetUp(waking: &woken)
        guard !acceptsRoutes, storedExtras?.routeHold == nil else { return woken }
        acceptsRoutes = true
        if presentsUnanimated {
            presentsUnanimated = false
            quietChildren = childNodes
        }
        storedExtras?.routeWaiters.takeAll(into: &woken)
        return woken
    }

    /// Marks the coordinator set up (`hasSetUp`), once, putting the moves that wait for that in
    /// `woken`.
    mutating func markSetUp(waking woken: inout Waiters<Void>.Taken) {
        guard !hasSetUp else { return }
        hasSetUp = true
        storedExtras?.setUpWaiters.takeAll(into: &woken)
    }
}

/// The holds on a coordinator's routes under way (`flow.holdingRoutes`): how many (they may
/// nest). While one lasts, links wait and waiting on the runtime does not make the coordinator
/// ready; once the last ends, the coordinator is ready again at its next wait, as at set-up.
struct RouteHold {
    var count = 1
}

extension Node {
    // MARK: Holding routes

    /// Begins a hold: until it ends (`releaseRoutes`), links and restorations that reach this
    /// coordinator wait, and awaiting the runtime does not make it accept routes. Those
    /// already past the wait go on. Throws `notRunning` or `flowEnded` unless the flow runs,
    /// `notInStart` unless the calling task runs its `start()` (which alone sets it up).
    func holdRoutes() throws(CoordinatorError) {
        try withLock { state throws(CoordinatorError) in
            try state.machine.checkRunning(to: "hold its routes", coordinator: state.name)
            guard state.runningStart?.isCurrent ?? false else {
                throw CoordinatorError(
                    .notInStart,
                    "\(state.name) held its routes from a task other than its start()'s own (an actor method a "
                        + "screen called, or a task it made). Hold them from start(), around what it sets up "
                        + "before links may go on into it.")
            }
            if state.storedExtras?.routeHold != nil {
                state.extras.routeHold?.count += 1
            } else {
                state.extras.routeHold = RouteHold()
                state.acceptsRoutes = false
            }
        }
    }

    /// Ends a hold `holdRoutes` began. When the last ends, the coordinator is not ready yet:
    /// it is at its next wait on the runtime (`acceptRoutes`), which comes after what `start()`
    /// does once the hold ends (showing its home screen, starting its tabs).
    func releaseRoutes() {
        withLock { state in
            guard var hold = state.storedExtras?.routeHold else { return }
            hold.count -= 1
            state.extras.routeHold = hold.count == 0 ? nil : hold
        }
    }
}

extension Node {

    /// Returns once the flow accepts routes. Throws `RoutesRefused` if it ends (or is ending)
    /// first, `CancellationError` if the waiting task is cancelled.
    /// A link that has to wait records at once why, as a lifecycle event of this coordinator
    /// (`recordWait`): `linkHeld` while routes are held (`flow.holdingRoutes`),
    /// `linkAwaitingSetUp` while it has not yet waited on the runtime.
    func waitUntilAcceptingRoutes() async throws {
        if withLock({ $0.acceptsRoutes && $0.machine.isRunning }) { return }
        try await awaitValue { continuation in
            var waiting: (id: UInt64, held: Bool)?
            defer { if let waiting { recordWait(waiter: waiting.id, held: waiting.held) } }
            return withLock { state in
                switch state.machine.phase {
                case .ending, .ended: return .failed(RoutesRefused())
                case .idle, .running:
                    if state.acceptsRoutes { return .ready(()) }
                    let id = state.extras.routeWaiters.add(continuation)
                    waiting = (id, state.storedExtras?.routeHold != nil)
                    return .waiting(id)
                }
            }
        } cancel: { id in
            self.withLock { $0.storedExtras?.routeWaiters.remove(id) }
        }
    }

    /// Sends the event that says why the link whose waiter is `id` waits, if it still waits:
    /// inside the critical section that would wake it, so the event comes before anything the
    /// link does once woken, and before this coordinator's end event.
    private func recordWait(waiter id: UInt64, held: Bool) {
        guard let event = context?.prepare(self, held ? .linkHeld : .linkAwaitingSetUp) else { return }
        withLock { state in
            if state.storedExtras?.routeWaiters.contains(id) == true { event.send() }
        }
    }

    /// Whether a hold on its routes is under way (`flow.holdingRoutes`).
    var holdsRoutes: Bool { withLock { $0.storedExtras?.routeHold != nil } }

    static func refuseRoutes(_ waiters: Waiters<Void>.Taken) {
        for waiter in waiters { waiter.resume(throwing: RoutesRefused()) }
    }

    // MARK: Routes

    /// Records the route its parent started or focused it for. Returns `false`, recording
    /// nothing, if it has ended: its teardown would no longer clear the tag.
    @discardableResult
    func tag(_ tag: RouteTag) -> Bool {
        withLock { state in
            guard state.machine.phase != .ended else { return false }
            state.routeTag = tag
            return true
        }
    }

    /// This coordinator's routes now, oldest first: the screens it shows for a route and the
    /// children it started or focused for one that still run, each with its node if it is a
    /// child.
    /// With `stackedOnly`, the tabs it focuses (which stand beside its stack of routes) are
    /// left out.
    func routeEntries(stackedOnly: Bool = false) -> [(tag: RouteTag, presentation: Presentation?, child: Node?)] {
        let (presentations, children) = withLock { ($0.presentations, $0.childNodes) }
        var entries: [(tag: RouteTag, presentation: Presentation?, child: Node?)] = []
        for presentation in presentations {
            if let tag = presentation.routeTag { entries.append((tag, presentation, nil)) }
        }
        for child in children {
            // A child whose end is recorded is no route any more, though its teardown (which
            // clears its tag) may not be done.
            if let tag = child.withLock({ $0.machine.isRunning ? $0.routeTag : nil }),
                !(stackedOnly && tag.kind == .standingChild)
            {
                entries.append((tag, nil, child))
            }
        }
        entries.sort { $0.tag.order < $1.tag.order }  // in place: `sorted` would allocate a second array
        return entries
    }

    /// The presentations of this coordinator and of every coordinator below it, each node's
    /// oldest first, this node's before its children's.
    func subtreePresentations() -> [Presentation] {
        var result: [Presentation] = []
        var pending = [self]
        while let node = pending.popLast() {
            let (presentations, children) = node.withLock { (Array($0.presentations), $0.childNodes) }
            result += presentations
            pending += children.reversed()
        }
        return result
    }

    // MARK: Turns

    /// Returns once it is the turn of the caller's route change: the changes of one coordinator
    /// are carried out one at a time, in the order they asked. A turn that is free is taken in
    /// one critical section, with nothing allocated.
    ///
    /// Cancellation: a caller still waiting throws `CancellationError` and gives up its place;
    /// one whose turn has begun has it, and must end it (`endRouteTurn`).
    func takeRouteTurn() async throws {
        let taken = withLock { state in
            guard !state.routeTurnTaken else { return false }
            state.routeTurnTaken = true
            return true
        }
        if taken { return }
        // A child not set up yet whose start() — or that of a coordinator below it, in the
        // same task — asks for this move: the move that started the child may hold the turn
        // until it has set up (`holdTurnUntilSetUp`), so it counts as set up.
        for child in withLock({ $0.childNodes }) where !child.withLock({ $0.hasSetUp }) {
            if child.subtreeRunsStartHere() { child.markSetUp(early: true) }
        }
        try await awaitValue { continuation in
            withLock { state in
                guard state.routeTurnTaken else {
                    state.routeTurnTaken = true
                    return .ready(())
                }
                return .waiting(state.extras.routeTurnWaiters.add(continuation))
            }
        } cancel: { id in
            self.withLock { $0.storedExtras?.routeTurnWaiters.remove(id) }
        }
    }

    /// Returns once `child`, which a move of this coordinator started in its turn, has set up —
    /// its `start()` has waited on the runtime once, held or not, or asked for a move of this
    /// coordinator (`takeRouteTurn`: the two must not wait for each other) — or has ended. The
    /// caller holds its turn meanwhile, so that a move made after its own lands above the
    /// child's first screens. Cancellation ends the wait: the caller goes on as its own
    /// cancellation says.
    ///
    /// With `forALink`, a wait is recorded at once as the child's `linkAwaitingSetUp` event: a
    /// link's step never waits in silence.
    func holdTurnUntilSetUp(_ child: Node, forALink: Bool = false) async {
        if child.withLock({ $0.hasSetUp || $0.machine.endCause != nil }) { return }
        _ = try? await awaitValue { continuation in
            var waiter: UInt64?
            defer { if forALink, let waiter { child.recordSetUpWait(waiter: waiter) } }
            return child.withLock { state -> WaitRegistration<Void> in
                if state.hasSetUp || state.machine.endCause != nil { return .ready(()) }
                waiter = state.extras.setUpWaiters.add(continuation)
                return .waiting(waiter!)
            }
        } cancel: { id in
            child.withLock { $0.storedExtras?.setUpWaiters.remove(id) }
        }
    }

    /// Sends `linkAwaitingSetUp` for the move whose set-up waiter is `id`, if it still waits
    /// (as `recordWait` does for a link's readiness wait).
    private func recordSetUpWait(waiter id: UInt64) {
        guard let event = context?.prepare(self, .linkAwaitingSetUp) else { return }
        withLock { state in
            if state.storedExtras?.setUpWaiters.contains(id) == true { event.send() }
        }
    }

    /// Whether the calling task runs the `start()` of this coordinator or of one below it.
    private func subtreeRunsStartHere() -> Bool {
        var pending = [self]
        while let node = pending.popLast() {
            let (isStart, children) = node.withLock { ($0.runningStart?.isCurrent ?? false, $0.childNodes) }
            if isStart { return true }
            pending += children
        }
        return false
    }

    /// Marks this coordinator set up (`State.hasSetUp`) and wakes the move that waits for it;
    /// `early`, before it has shown anything, its route is ordered from its first screen on.
    private func markSetUp(early: Bool) {
        let woken = withLock { state -> Waiters<Void>.Taken in
            var woken = Waiters<Void>.Taken()
            guard !state.hasSetUp else { return woken }
            if early, state.presentations.isEmpty { state.ordersAtFirstScreen = true }
            state.markSetUp(waking: &woken)
            return woken
        }
        Self.resume(woken)
    }

    /// Ends the caller's turn: the next route change's begins.
    func endRouteTurn() {
        let next = withLock { state -> UnsafeContinuation<Void, any Error>? in
            if let next = state.storedExtras?.routeTurnWaiters.removeFirst() { return next }
            state.routeTurnTaken = false
            return nil
        }
        next?.resume()
    }

    /// The route its parent gave it, if any.
    var routeTag: RouteTag? { withLock { $0.routeTag } }

    /// Whether this node is `ancestor` or one of its descendants.
    func isInSubtree(of ancestor: Node) -> Bool {
        var node: Node? = self
        while let current = node {
            if current === ancestor { return true }
            node = current.withLock { $0.parent }
        }
        return false
    }

    /// The live children, in the order they started.
    var liveChildren: [Node] {
        withLock { $0.childNodes }
    }
}
