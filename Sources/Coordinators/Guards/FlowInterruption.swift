/// A move that would end a guarded flow (or hide one guarded against hiding), as its guard is
/// asked about it (`flow.guarding`): what asks, which coordinator moves, and which guarded
/// coordinator it would end or hide.
///
/// `description` reads as a sentence for a log or an alert: `CheckoutFlow #2's move
/// .back(count: 1) (going back) would end PaymentFlow #5`.
public struct FlowInterruption: Sendable, Hashable, CustomStringConvertible {
    /// What asks: a deep link, a restoration, going back (`go(.back…)`), going forward onto a
    /// presenter that shows one thing at a time, or hiding the flow (for a guard against
    /// hiding). New causes may be added in later versions.
    public struct Cause: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case deepLink = "a deep link"
            case restoration = "a restoration"
            case goingBack = "going back"
            case goingForward = "going forward"
            case hiding = "hiding"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A deep link's step (`tree.open`, `openDeepLink`) would remove routes that end it.
        public static let deepLink = Cause(.deepLink)
        /// A restoration (`tree.restore`) would remove routes that end it.
        public static let restoration = Cause(.restoration)
        /// `go(.back…)` of an ancestor would remove routes that end it.
        public static let goingBack = Cause(.goingBack)
        /// `go(.forward(to:))` of an ancestor would show a screen in place of its main one, on a
        /// presenter that shows one thing at a time (a window's root, a slot).
        public static let goingForward = Cause(.goingForward)

        /// A move would hide it, which only a guard against hiding is asked about
        /// (`GuardedAgainst.endingOrHiding`): another tab selected over it, or a modal shown
        /// over it by a coordinator outside it.
        public static let hiding = Cause(.hiding)

        /// `a deep link`, `a restoration`, `going back`, `going forward`, `hiding`.
        public var description: String { base.rawValue }
    }

    /// What asks.
    public let cause: Cause
    /// The coordinator whose routes move (`CheckoutFlow #2`): an ancestor of the guarded one.
    public let movingCoordinator: String
    /// That coordinator's identifier in the tree.
    public let movingCoordinatorID: CoordinatorID
    /// The move, as its coordinator names it: `.back(count: 1)`, `for a link's step 2`.
    public let move: String
    /// The guarded coordinator the move would end, or hide (`PaymentFlow #5`).
    public let guardedCoordinator: String
    /// That coordinator's identifier in the tree.
    public let guardedCoordinatorID: CoordinatorID

    init(
        cause: Cause, movingCoordinator: String, movingCoordinatorID: CoordinatorID, move: String,
        guardedCoordinator: String, guardedCoordinatorID: CoordinatorID
    ) {
        self.cause = cause
        self.movingCoordinator = movingCoordinator
        self.movingCoordinatorID = movingCoordinatorID
        self.move = move
        self.guardedCoordinator = guardedCoordinator
        self.guardedCoordinatorID = guardedCoordinatorID
    }

    /// `CheckoutFlow #2's move .back(count: 1) (going back) would end PaymentFlow #5`; with the
    /// cause `hiding`, `… would hide PaymentFlow #5`.
    public var description: String {
        "\(movingCoordinator)'s move \(move) (\(cause)) would \(verb) \(guardedCoordinator)"
    }

    /// `end`, or `hide` for the cause `hiding`.
    var verb: String { cause == .hiding ? "hide" : "end" }
}
