/// A guard up on a flow while the body of its `flow.guarding` runs: how it answers, and the
/// asks under way, which its end answers — a guard whose body has returned guards nothing
/// any more, so its answer no longer matters and the move may go on. (So does the end of its
/// flow, which a body run outside the flow's task may outlive: `GuardAsk`.)
final class ActiveGuard: Sendable {
    /// The flow it guards.
    let node: Node
    /// The guard's answer to an interruption.
    let decide: @Sendable (FlowInterruption) async -> GuardDecision
    /// How long it has to answer, on which clock; `nil`: as long as it takes.
    let timeout: (duration: Duration, clock: any Clock<Duration>)?
    /// Whether moves that would hide its flow ask it too (`GuardedAgainst.endingOrHiding`).
    let againstHiding: Bool

    private struct State {
        var ended = false
        var asks: [ObjectIdentifier: GuardAsk] = [:]
    }
    private let state = Locked(State())

    init(
        guarding node: Node, timeout: (duration: Duration, clock: any Clock<Duration>)?,
        against: GuardedAgainst = .ending,
        decide: @escaping @Sendable (FlowInterruption) async -> GuardDecision
    ) {
        self.node = node
        self.timeout = timeout
        againstHiding = against == .endingOrHiding
        self.decide = decide
    }

    /// Asks it about `interruption`: the ask, begun (see `GuardAsk`). A guard that has ended
    /// answers at once that the move may go on.
    func ask(_ interruption: FlowInterruption) -> GuardAsk {
        let ask = GuardAsk()
        let ended = state.withLock { state in
            if !state.ended { state.asks[ObjectIdentifier(ask)] = ask }
            return state.ended
        }
        if ended {
            ask.resolve(.allowed)
        } else {
            ask.begin(self, interruption) { [weak self] in
                self?.state.withLock { $0.asks[ObjectIdentifier(ask)] = nil }
            }
        }
        return ask
    }

    /// The body returned (or threw): asks under way are answered `allowed`, later ones too.
    func end() {
        let asks = state.withLock { state in
            state.ended = true
            defer { state.asks = [:] }
            return Array(state.asks.values)
        }
        for ask in asks { ask.resolve(.allowed) }
    }
}
