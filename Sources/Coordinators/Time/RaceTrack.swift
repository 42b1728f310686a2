/// One race in progress: its standings under a lock, the racers' nodes (to cancel the losers),
/// and the task waiting for the race to be over (when the racers are handed over to the
/// racing coordinator's host).
final class RaceTrack<Value: Sendable>: Sendable {
    private struct State {
        var standings: RaceStandings<Value>
        var waiter: UnsafeContinuation<Void, Never>?
    }

    private let racers: [Node]
    private let state: Locked<State>

    init(_ racers: [Node]) {
        self.racers = racers
        state = Locked(State(standings: RaceStandings(racers: racers.count)))
    }

    /// Racer `index` has ended (its teardown complete). The first to end wins, and the others
    /// are cancelled at once; the last to end wakes the waiting task.
    func racerEnded(_ index: Int, _ outcome: FlowOutcome<Value>) {
        let (won, waiter) = state.withLock { state -> (Bool, UnsafeContinuation<Void, Never>?) in
            let won = state.standings.racerEnded(index, outcome)
            guard state.standings.isOver else { return (won, nil) }
            defer { state.waiter = nil }
            return (won, state.waiter)
        }
        if won {
            for (other, node) in racers.enumerated() where other != index {
                node.requestEnd(.cancelled)
            }
        }
        waiter?.resume()
    }

    /// Cancels every racer that has not ended (the racing task was cancelled).
    func cancelAll() {
        for node in racers { node.requestEnd(.cancelled) }
    }

    /// Waits until every racer has ended; `start` starts them (after the wait is registered,
    /// so that none can end unseen). Not cancellable: cancel the racers instead.
    func waitUntilOver(starting start: () -> Void) async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            state.withLock { $0.waiter = continuation }
            start()
        }
    }

    /// The winner and how it ended, once the race is over.
    var result: RaceOutcome<Value> {
        // Read only after every racer's task returned (each reports its end first), and a
        // race has at least two racers.
        guard let winner = state.withLock({ $0.standings.winner }) else {
            preconditionFailure("a race's result was read before any racer ended")
        }
        return RaceOutcome(index: winner.index, id: racers[winner.index].id, outcome: winner.outcome)
    }
}
