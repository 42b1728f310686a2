/// Identifies a presentation within its tree.
public struct PresentationID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The raw number, unique within one `CoordinatorTree`.
    public let rawValue: UInt64

    /// `p42`.
    public var description: String { "p\(rawValue)" }

    /// Orders by creation.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
