/// What a link's steps (or a restoration's) do at one coordinator, decided on the route values
/// alone before anything moves: which of the routes it shows they keep, which they remove,
/// and which they show anew. Pure: no locks, no awaits (`RoutePlanTests`).
///
/// The steps build a list that starts as the routes shown, with a cursor on one of them (the
/// most recent, for a link):
///
/// - a step equal to the route just after the cursor keeps it and moves the cursor on;
/// - any other step first drops what lies after the cursor; then, if it equals a route left
///   in the list, the cursor goes back to the most recent one (what lies after it is dropped
///   at the next step, or at the end);
/// - otherwise the step is new: it is added after the cursor, and the cursor moves to it.
///
/// At the end, whatever lies after the cursor is dropped. So a link keeps the longest run of
/// routes that are shown already and adds only what differs: opening the same link twice, or
/// restoring the state on screen, keeps everything.
///
/// Each step costs O(1) amortised in the routes shown: the most recent occurrence of each
/// route is found through a table, whose stale entries are dropped as they are met.
struct RoutePlan<Route: Hashable> {
    /// An element of the list: a route shown when the plan began (its index among them), or
    /// one a step added (its index among `added`).
    enum Element: Hashable {
        case shown(Int)
        case added(Int)
    }

    /// What a step did.
    enum Step: Hashable {
        /// It found `Element` in the list (kept it, or went back to it).
        case found(Element)
        /// It is new: added as `added[index]`. Its destination is the caller's to resolve.
        case new(index: Int)
    }

    private var list: [(element: Element, route: Route, serial: Int)] = []
    private var cursor = -1
    /// Where each route occurs in `list`, oldest first; an occurrence whose serial no longer
    /// matches its position was dropped.
    private var occurrences: [Route: [(position: Int, serial: Int)]] = [:]
    private var serials = 0
    /// The routes the steps added, in order; the ones dropped since stay here.
    private(set) var added: [Route] = []

    /// A plan over `shown` (the routes shown, oldest first), with the cursor on
    /// `shown[cursor]`: by default the most recent; `-1` for before the first.
    init(shown: [Route], cursor: Int? = nil) {
        for route in shown { append(.shown(list.count), route) }
        self.cursor = min(cursor ?? shown.count - 1, shown.count - 1)
    }

    /// Takes one step (see the type's rule).
    mutating func step(_ route: Route) -> Step {
        let next = cursor + 1
        if next < list.count, list[next].route == route {
            cursor = next
            return .found(list[next].element)
        }
        drop(after: cursor)
        if let position = mostRecent(route) {
            cursor = position
            return .found(list[position].element)
        }
        added.append(route)
        append(.added(added.count - 1), route)
        cursor = list.count - 1
        return .new(index: added.count - 1)
    }

    /// Takes back the last step, which was new (a tab a step focuses: it is no route of the
    /// list). The cursor goes back to where it was before.
    mutating func withdrawLast() {
        guard case .added = list.last?.element else { return }
        list.removeLast()
        cursor = list.count - 1
    }

    /// The list once the steps are done: what lies after the cursor is dropped.
    var result: (keptShown: Int, keptAdded: [Int]) {
        var keptShown = 0
        var keptAdded: [Int] = []
        for item in list.prefix(cursor + 1) {
            switch item.element {
            case .shown: keptShown += 1
            case .added(let index): keptAdded.append(index)
            }
        }
        return (keptShown, keptAdded)
    }

    /// The element under the cursor, if any.
    var current: Element? { cursor >= 0 ? list[cursor].element : nil }

    private mutating func append(_ element: Element, _ route: Route) {
        serials += 1
        occurrences[route, default: []].append((list.count, serials))
        list.append((element, route, serials))
    }

    private mutating func drop(after position: Int) {
        if position + 1 < list.count { list.removeSubrange((position + 1)...) }
    }

    /// The position of the most recent occurrence of `route` still in the list.
    private mutating func mostRecent(_ route: Route) -> Int? {
        while let last = occurrences[route]?.last {
            if last.position < list.count, list[last.position].serial == last.serial { return last.position }
            occurrences[route]!.removeLast()
        }
        return nil
    }
}
