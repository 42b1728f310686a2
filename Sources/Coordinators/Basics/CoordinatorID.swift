/// Identifies a coordinator within its tree.
public struct CoordinatorID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The raw number, unique within one `CoordinatorTree`.
    public let rawValue: UInt64

    /// `#3`.
    public var description: String { "#\(rawValue)" }

    /// Orders by start.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
