/// How a race ended, from `Flow.raceForOutcome`: which racer ended first, and how.
public struct RaceOutcome<Value: Sendable>: Sendable {
    /// The winner's position among the racers, from 0 in the order they were given.
    public let index: Int
    /// The winner's identifier in the tree.
    public let id: CoordinatorID
    /// How the winner ended, its output turned into the race's `Value`.
    public let outcome: FlowOutcome<Value>

    /// The winner with its value, or the error that stands for its outcome (as
    /// `FlowOutcome.get()` throws).
    public func get() throws -> RaceWinner<Value> {
        RaceWinner(index: index, id: id, value: try outcome.get())
    }
}
