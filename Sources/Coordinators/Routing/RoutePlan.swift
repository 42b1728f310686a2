/// What a link's steps (or a restoration's) do at one coordinator, decided on the route values
/// alone before anything moves: which of the routes it shows they keep, which they remove,
/// and which they show anew. Pure: no locks, no awaits (`RoutePlanTests`).
///
/// The steps build a list that starts as the routes shown, with a cursor on one of them (for
/// a link, the most recent):
///
/// - a step equal to the element just after the cursor keeps it and moves the cursor on;
/// - any other step first drops what lies after the cursor; then, for a link, if it equals a
///   route that was shown before the steps began and is still in the list, the cursor goes
///   back to the most recent one (what lies after it is dropped at the next step, or at the
///   end) — a route the steps added is never gone back to (though a later step may go back
///   over it, to a route shown before), so a link is a path;
/// - otherwise the step is new: it is added after the cursor, and the cursor moves to it.
///
/// At the end, whatever lies after the cursor is dropped. So a link keeps the longest run of
/// routes that are shown already and adds only what differs: opening the same link twice
/// keeps everything. A restoration never goes back (`goesBack: false`) and starts before the
/// first route: it ends with exactly the routes it was given, keeping the longest run of them
/// that is shown already — restoring the state on screen keeps everything.
///
/// Each step costs O(1) amortised in the routes shown: the most recent occurrence of a shown
/// route is found through a table, whose entries for dropped routes are dropped as they are
/// met — made the first time a long list needs it (a short one is searched, and most plans
/// never search).
struct RoutePlan<Route: Hashable> {
    typealias Element = RoutePlanElement
    typealias Step = RoutePlanStep

    /// The list: the first `shownLeft` of `shown`, then `tail`, indexes into `added` — so a
    /// plan that adds nothing allocates nothing of its own.
    private let shown: [Route]
    private var shownLeft: Int
    private var tail: [Int] = []
    private var cursor: Int
    private let goesBack: Bool
    /// Where each shown route stood, oldest first; a position at or past `shownLeft` was
    /// dropped. `nil` until a search of a long list needs it.
    private var positions: [Route: [Int]]?
    /// Up to this many shown routes, a search reads the list rather than make the table.
    private static var searchedLength: Int { 16 }
    /// The routes the steps added, in order; the ones dropped since stay here.
    private(set) var added: [Route] = []

    /// A plan over `shown` (the routes shown, oldest first), with the cursor on
    /// `shown[cursor]`: by default the most recent; `-1` for before the first. With
    /// `goesBack: false`, a step never goes back to a route further down.
    init(shown: [Route], cursor: Int? = nil, goesBack: Bool = true) {
        self.shown = shown
        shownLeft = shown.count
        self.cursor = max(-1, min(cursor ?? shown.count - 1, shown.count - 1))
        self.goesBack = goesBack
    }

    private var count: Int { shownLeft + tail.count }

    private func element(at position: Int) -> Element {
        position < shownLeft ? .shown(position) : .added(tail[position - shownLeft])
    }

    private func route(at position: Int) -> Route {
        position < shownLeft ? shown[position] : added[tail[position - shownLeft]]
    }

    /// Takes one step (see the type's rule).
    mutating func step(_ route: Route) -> Step {
        let next = cursor + 1
        if next < count, self.route(at: next) == route {
            cursor = next
            return .found(element(at: next))
        }
        drop(after: cursor)
        if goesBack, let position = mostRecentShown(route) {
            cursor = position
            return .found(.shown(position))
        }
        added.append(route)
        tail.append(added.count - 1)
        cursor = count - 1
        return .new(index: added.count - 1)
    }

    /// Takes back the last step, which was new (a tab a step focuses: it is no route of the
    /// list). The cursor goes back to where it was before.
    mutating func withdrawLast() {
        guard !tail.isEmpty else { return }
        tail.removeLast()
        cursor = count - 1
    }

    /// The list once the steps are done: what lies after the cursor is dropped.
    var result: (keptShown: Int, keptAdded: [Int]) {
        let kept = cursor + 1
        guard kept > shownLeft else { return (kept, []) }
        return (shownLeft, Array(tail[..<(kept - shownLeft)]))
    }

    /// The whole list, what lies after the cursor included: for a restoration whose steps
    /// stop at a child while more of its routes follow, which may keep what lies after it.
    var resultKeepingWhatFollows: (keptShown: Int, keptAdded: [Int]) { (shownLeft, tail) }

    /// The element under the cursor, if any.
    var current: Element? { cursor >= 0 ? element(at: cursor) : nil }

    private mutating func drop(after position: Int) {
        let kept = position + 1
        guard kept < count else { return }
        if kept <= shownLeft {
            shownLeft = kept
            tail.removeAll()
        } else {
            tail.removeSubrange((kept - shownLeft)...)
        }
    }

    /// The position of the most recent shown route equal to `route` still in the list.
    private mutating func mostRecentShown(_ route: Route) -> Int? {
        if positions == nil {
            if shownLeft <= Self.searchedLength {
                // A plain loop: the plan runs unspecialised (its routes' type is a coordinator's,
                // known only at run time), where a generic collection algorithm costs metadata
                // look-ups of its own (`openDeepLink4Steps`).
                var position = shownLeft - 1
                while position >= 0, shown[position] != route { position -= 1 }
                return position >= 0 ? position : nil
            }
            var table: [Route: [Int]] = [:]
            for position in 0..<shownLeft { table[shown[position], default: []].append(position) }
            positions = table
        }
        while let last = positions?[route]?.last {
            if last < shownLeft { return last }
            positions?[route]?.removeLast()
        }
        return nil
    }
}

/// An element of a `RoutePlan`'s list: a route shown when the plan began (its index among
/// them), or one a step added (its index among `added`). Declared outside the plan, which is
/// generic: a type nested in it would be generic too, with metadata to look up at each use.
enum RoutePlanElement: Hashable {
    case shown(Int)
    case added(Int)
}

/// What a step of a `RoutePlan` did.
enum RoutePlanStep: Hashable {
    /// It found the element in the list (kept it, or went back to it).
    case found(RoutePlanElement)
    /// It is new: added as `added[index]`. Its destination is the caller's to resolve.
    case new(index: Int)
}
