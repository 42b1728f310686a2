// The move's side of guards: before a move ends a flow, it asks the flow's guards, and keeps
// what it would end closed to new guards until it has ended it (`Internal/Node+Guards.swift`).

/// What a move that would end guarded flows asks them, and the error a refusal makes.
enum InterruptionCheck {
    /// Flows a move keeps closed to new guards while it ends them (`Node.closeToGuards`):
    /// reopen them once it has (or once it gave up).
    struct Closed {
        fileprivate var roots: [Node] = []

        /// Lets guards begin on them again (a guard that waited finds its flow ending).
        func reopen() {
            for root in roots { root.reopenToGuards() }
        }

        /// Both lists of flows, to reopen together.
        static func += (lhs: inout Closed, rhs: Closed) { lhs.roots += rhs.roots }
    }

    /// Asks the guards up in the flows `ending` names (the roots of what the move `move` of
    /// `mover` would end, planned again, with `again`, after each round of asks) until it
    /// finds none it has not asked; returns those flows closed to new guards. Every guard is
    /// asked once, all of a round at once.
    ///
    /// Throws `CoordinatorError` `flowGuarded` (after the lifecycle event
    /// `interruptionRefused`) if one refuses or does not answer within its timeout; what
    /// `ending` throws; `CancellationError` if the calling task is cancelled while it asks (the
    /// asks are withdrawn at once, whatever the guards' closures do). Nothing is closed when it
    /// throws.
    ///
    /// With the cause `hiding`, `ending` names the flows the move would hide, and only their
    /// guards against hiding (`ActiveGuard.againstHiding`) are asked.
    static func askGuards(
        _ cause: FlowInterruption.Cause, at mover: Node, move: @autoclosure () -> String,
        ending: (_ again: Bool) throws -> [Node]
    ) async throws -> Closed {
        let hiding = cause == .hiding
        var asked = Set<UInt64>()
        var again = false
        while true {
            let roots = try ending(again)
            if roots.isEmpty { return Closed(roots: []) }
            for root in roots { root.closeToGuards() }
            let closed = Closed(roots: roots)
            let found = Node.guards(inSubtreesOf: roots).filter { item in
                !asked.contains(item.entry.id) && (!hiding || (item.entry.value as? ActiveGuard)?.againstHiding == true)
            }
            if found.isEmpty { return closed }
            closed.reopen()
            for item in found { asked.insert(item.entry.id) }
            let moving = name(of: mover)
            let move = move()
            let asks = found.compactMap { item -> (node: Node, interruption: FlowInterruption, guard: ActiveGuard)? in
                guard let active = item.entry.value as? ActiveGuard else { return nil }
                let interruption = FlowInterruption(
                    cause: cause, movingCoordinator: moving, movingCoordinatorID: mover.id, move: move,
                    guardedCoordinator: name(of: item.node), guardedCoordinatorID: item.node.id)
                return (item.node, interruption, active)
            }
            try await ask(asks)
            again = true
        }
    }

    /// Ends `node` (cancelled) unless a guard is up in its subtree, and returns whether it did:
    /// what a stopped link does with a child it started and that is not set up yet. It cannot
    /// ask (a stopped link is cancelled, and a move never waits for a guard past its own
    /// cancellation), so a guarded child stays, for the move that would end it next (a newer
    /// link's, say) to ask. The subtree is closed to new guards while it looks and ends it, so a
    /// guard that begins meanwhile finds its flow ending.
    static func endUnlessGuarded(_ node: Node) -> Bool {
        node.closeToGuards()
        defer { node.reopenToGuards() }
        guard Node.guards(inSubtreesOf: [node]).isEmpty else { return false }
        node.requestEnd(.cancelled)
        return true
    }

    /// Asks `guards` at once; throws `flowGuarded` for the first that refuses.
    private static func ask(_ guards: [(node: Node, interruption: FlowInterruption, guard: ActiveGuard)]) async throws {
        let asks = guards.map { $0.guard.ask($0.interruption) }
        let refusal = await withTaskCancellationHandler {
            await withTaskGroup(
                of: (index: Int, verdict: GuardAsk.Verdict).self,
                returning: (index: Int, verdict: GuardAsk.Verdict)?.self
            ) { group in
                for (index, ask) in asks.enumerated() { group.addTask { (index, await ask.verdict()) } }
                for await answer in group where answer.verdict.refuses {
                    for ask in asks { ask.resolve(.withdrawn) }
                    return answer
                }
                return nil
            }
        } onCancel: {
            for ask in asks { ask.resolve(.withdrawn) }
        }
        try Task.checkCancellation()
        guard let (index, verdict) = refusal else { return }
        let (node, interruption, active) = guards[index]
        let timedOut = verdict == .timedOut
        node.emitUnlessEnded(.interruptionRefused(move: interruption.description, timedOut: timedOut))
        let answer =
            if let timeout = active.timeout, timedOut {
                "whose guard (flow.guarding) did not answer within \(timeout.duration), which refuses"
            } else {
                "whose guard (flow.guarding) refused"
            }
        throw CoordinatorError(
            .flowGuarded,
            "\(interruption.movingCoordinator)'s move \(interruption.move) (\(interruption.cause)) would "
                + "\(interruption.verb) \(interruption.guardedCoordinator), \(answer); nothing moved. Make the move once the guarded work "
                + "is done, or let the guard answer .allow.")
    }

    /// `PaymentFlow #5`.
    private static func name(of node: Node) -> String {
        "\(node.coordinatorName) \(node.id)"
    }
}
