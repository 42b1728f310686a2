/// The racer that won a race (`Flow.race`) by finishing first, with its value.
public struct RaceWinner<Value: Sendable>: Sendable {
    /// The winner's position among the racers, from 0 in the order they were given.
    public let index: Int
    /// The winner's identifier in the tree.
    public let id: CoordinatorID
    /// The winner's output, turned into the race's `Value`.
    public let value: Value
}
