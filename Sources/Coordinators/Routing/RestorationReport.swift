/// What `CoordinatorTree.restore(_:)` re-opened, and what it skipped.
///
/// A saved state that no longer fits the app (a route removed in a later version, a
/// coordinator renamed) is restored up to the first route that does not fit; that route and
/// everything saved after it are skipped and listed here, and nothing of them is shown.
public struct RestorationReport: Sendable, Hashable, CustomStringConvertible {
    /// How many saved routes were re-opened.
    public let restored: Int
    /// The saved routes that were not, in saved order (`MoviesCoordinator → reviews(movieID: 7)`).
    public let skipped: [String]
    /// Why the restoration stopped early, if it did.
    public let reason: String?

    /// Whether every saved route was re-opened.
    public var isComplete: Bool { skipped.isEmpty }

    /// `restored 4 routes` or `restored 2 routes, skipped 3: <reason>`.
    public var description: String {
        guard let reason else { return "restored \(restored) routes" }
        return "restored \(restored) routes, skipped \(skipped.count): \(reason)"
    }
}
