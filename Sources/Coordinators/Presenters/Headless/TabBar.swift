/// A tab bar's own state: items and selection.
struct TabBarOwnState: HeadlessState {
    var items: [TabItem]
    var selectedIndex = 0
    var revision = 0
}

/// The tab bar both tab presenters are made of, written once: items, a selection, and one
/// part per tab (a `SlotPresenter` for `TabPresenter`, a `NavigationPresenter` for
/// `TabNavigationPresenter`); the presenters' public methods hand their calls here.
///
/// The parts hold each tab's content; the bar holds only items and selection, and its
/// `revision` also counts its parts' changes. Its store is what Observation sees for the
/// bar's own changes; reading a tab presenter's `state` also reads (and so observes) each
/// part.
final class TabBar<Part: ContainerPart>: Sendable {
    typealias OwnState = TabBarOwnState
    let name: String
    let parts: [Part]
    private let store: HeadlessStore<OwnState>

    init(name: String, items: [TabItem]) {
        self.name = name
        let store = HeadlessStore(OwnState(items: items))
        self.store = store
        // A tab's change is a change of the bar. (The tab holds the bar's store, never the
        // other way round: no cycle.)
        parts = items.map { Part(name: "\(name).\($0.title)", containerDidChange: { store.partDidChange() }) }
    }

    /// The bar now, observed: each tab as `tab(item, part)` makes it from its item and its
    /// part (reading the part observes it too), the selection and the revision.
    func read<Tab>(_ tab: (TabItem, Part) -> Tab) -> (tabs: [Tab], selectedIndex: Int, revision: Int) {
        let own = store.observed
        return (zip(own.items, parts).map(tab), own.selectedIndex, own.revision)
    }

    func part(_ index: Int) throws(CoordinatorError) -> Part {
        try check(index, in: store.state.items)
        return parts[index]
    }

    /// Selects tab `index`; returns whether it was already selected.
    @discardableResult
    func select(_ index: Int) throws(CoordinatorError) -> Bool {
        try store.update { state throws(CoordinatorError) in
            try check(index, in: state.items)
            let wasSelected = state.selectedIndex == index
            state.selectedIndex = index
            return (wasSelected, changed: !wasSelected)
        }
    }

    func setItem(_ item: TabItem, at index: Int) throws(CoordinatorError) {
        try store.mutate(always: { state throws(CoordinatorError) in
            try check(index, in: state.items)
            state.items[index] = item
        })
    }

    /// Waits until `condition` holds for the composed state `compose()` returns.
    func waitUntil<Composed>(
        _ condition: @escaping @Sendable (Composed) -> Bool, composing compose: @escaping @Sendable () -> Composed
    ) async throws {
        try await store.waitUntil { _ in condition(compose()) }
    }

    private func check(_ index: Int, in items: [TabItem]) throws(CoordinatorError) {
        guard items.indices.contains(index) else {
            throw CoordinatorError(
                .noSuchSlot,
                "\(name) has no tab \(index); it has \(items.count): \(items.map(\.title)). Use an index in "
                    + "0..<\(items.count).")
        }
    }
}
