/// One race in progress: its standings under a lock, and the racers' nodes (to cancel the
/// losers).
final class RaceTrack<Value: Sendable>: Sendable {
    private let racers: [Node]
    private let standings: Locked<RaceStandings<Value>>

    init(_ racers: [Node]) {
        self.racers = racers
        standings = Locked(RaceStandings(racers: racers.count))
    }

    /// Racer `index` has ended (its teardown complete). The first to end wins, and the others
    /// are cancelled at once.
    func racerEnded(_ index: Int, _ outcome: FlowOutcome<Value>) {
        guard standings.withLock({ $0.racerEnded(index, outcome) }) else { return }
        for (other, node) in racers.enumerated() where other != index {
            node.requestEnd(.cancelled)
        }
    }

    /// Cancels every racer that has not ended (the racing task was cancelled).
    func cancelAll() {
        for node in racers { node.requestEnd(.cancelled) }
    }

    /// The winner and how it ended, once the race is over.
    var result: RaceOutcome<Value> {
        // Read only once every racer has reported its end, and a race has at least two
        // racers.
        guard let winner = standings.withLock({ $0.winner }) else {
            preconditionFailure("a race's result was read before any racer ended")
        }
        return RaceOutcome(index: winner.index, id: racers[winner.index].id, outcome: winner.outcome)
    }
}
