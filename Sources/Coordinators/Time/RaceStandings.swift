/// Who has ended in a race, and who won: the first racer to end. Pure and synchronous; a
/// `RaceTrack` keeps it under its lock and carries out what it decides.
struct RaceStandings<Value: Sendable> {
    /// How many racers there are.
    let racers: Int
    /// The first racer to end, and how it ended.
    private(set) var winner: (index: Int, outcome: FlowOutcome<Value>)?
    /// How many racers have ended (their teardown complete).
    private(set) var ended = 0

    init(racers: Int) { self.racers = racers }

    /// Every racer has ended.
    var isOver: Bool { ended == racers }

    /// Racer `index` has ended with `outcome`. Returns `true` if it is the winner: the first
    /// to end. Later racers only count.
    mutating func racerEnded(_ index: Int, _ outcome: FlowOutcome<Value>) -> Bool {
        precondition(ended < racers, "a racer ended after every racer had ended")
        ended += 1
        guard winner == nil else { return false }
        winner = (index, outcome)
        return true
    }
}
