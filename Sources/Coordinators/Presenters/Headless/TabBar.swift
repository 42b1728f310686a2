/// A tab bar's own state: its tabs (items and parts, in bar order) and the selection.
struct TabBarState: HeadlessState {
    var tabs: [TabBarTab] = []
    /// 0 when the bar has no tabs.
    var selectedIndex = 0
    var revision = 0
}

/// One tab: its item, and the presenter of its content (of the kind `item.content` names).
struct TabBarTab: Sendable {
    var item: TabItem
    let part: TabPart
    /// How the part tells the bar of its changes; cut when the tab leaves the bar.
    let link: Locked<TabBarLink>
}

/// A part's way to its bar's store: weak, as the store holds the part (through its state),
/// and `nil` once the tab has left the bar — its presenter keeps working, but its changes are
/// no longer the bar's.
struct TabBarLink {
    weak var store: HeadlessStore<TabBarState>?
}

/// What `TabPresenter` is made of: tabs (an item and a part each) and a selection;
/// `TabPresenter`'s public methods hand their calls here. A part is a `SlotPresenter` for a
/// tab of one screen, a `NavigationPresenter` for a tab of a stack.
///
/// The parts hold each tab's content; the bar holds which parts it has, their items and
/// the selection, under its store's lock, and its `revision` also counts its parts'
/// changes. Its store is what Observation sees for the bar's own changes; reading
/// `TabPresenter.state` also reads (and so observes) each part.
final class TabBar: Sendable {
    typealias State = TabBarState
    typealias Tab = TabBarTab
    let name: String
    private let store: HeadlessStore<State>

    /// A bar with one empty tab per item, in that order; `selectedIndex` is not checked.
    init(name: String, items: [TabItem], selectedIndex: Int = 0) {
        self.name = name
        let store = HeadlessStore(State(selectedIndex: selectedIndex))
        self.store = store
        let tabs = items.map { Self.makeTab($0, in: name, store: store) }
        // Before anyone can see the bar: nothing to publish.
        store.update { state in
            state.tabs = tabs
            return ((), changed: false)
        }
    }

    /// A bar with one empty tab per item, with tab `selectedIndex` selected.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    convenience init(name: String, items: [TabItem], checkedSelectedIndex selectedIndex: Int) throws(CoordinatorError) {
        try Self.check(selectedIndex, count: items.count, titles: items.map(\.title), on: name)
        self.init(name: name, items: items, selectedIndex: selectedIndex)
    }

    private static func makeTab(_ item: TabItem, in name: String, store: HeadlessStore<State>) -> Tab {
        let link = Locked(TabBarLink(store: store))
        let part = TabPart(item.content, name: "\(name).\(item.title)") { change in
            link.withLock { $0.store }?.partDidChange(change)
        }
        return Tab(item: item, part: part, link: link)
    }

    /// The bar now, observed: each tab as `tab(item, part)` makes it from its item and its
    /// part (reading the part observes it too), the selection and the revision.
    func read<Composed>(_ tab: (TabItem, TabPart) -> Composed) -> (tabs: [Composed], selectedIndex: Int, revision: Int)
    {
        let own = store.observed
        return (own.tabs.map { tab($0.item, $0.part) }, own.selectedIndex, own.revision)
    }

    /// The bar's own state, observed (its parts are not read).
    var observed: State { store.observed }

    func part(_ index: Int) throws(CoordinatorError) -> TabPart {
        let tabs = store.state.tabs
        try check(index, in: tabs)
        return tabs[index].part
    }

    /// Selects tab `index`; returns whether it was already selected, and its part.
    @discardableResult
    func select(_ index: Int) throws(CoordinatorError) -> (wasSelected: Bool, part: TabPart) {
        try store.update { state throws(CoordinatorError) in
            try check(index, in: state.tabs)
            let wasSelected = state.selectedIndex == index
            state.selectedIndex = index
            return ((wasSelected, state.tabs[index].part), changed: !wasSelected)
        }
    }

    /// Replaces tab `index`'s item. If its content changes kind, the tab gets a new, empty
    /// part of the new kind, and what the old one showed reports `.replaced`, most recent
    /// first (outside the lock).
    func setItem(_ item: TabItem, at index: Int) throws(CoordinatorError) {
        let replaced = try store.mutate(always: { state throws(CoordinatorError) -> Tab? in
            try check(index, in: state.tabs)
            let old = state.tabs[index]
            guard old.item.content != item.content else {
                state.tabs[index].item = item
                return nil
            }
            old.link.withLock { $0.store = nil }
            state.tabs[index] = Self.makeTab(item, in: name, store: store)
            return old
        })
        replaced?.part.removeAll(reporting: .replaced)
    }

    /// Sets the tabs, matched by title and content: a tab whose title is in `items` with the
    /// same content keeps its part (and takes its new item and place), the other tabs leave
    /// the bar and what they showed reports `.replaced`, most recent first (outside the
    /// lock); any other item gets a new, empty part. The selection stays on its tab if it
    /// remains, else it moves to 0.
    ///
    /// Throws `CoordinatorError` `duplicateSlot`, changing nothing, if two items have the
    /// same title.
    func setTabs(_ items: [TabItem]) throws(CoordinatorError) {
        var titles = Set<String>()
        for item in items where !titles.insert(item.title).inserted {
            throw CoordinatorError(
                .duplicateSlot,
                "setTabs(_:) was given the title \"\(item.title)\" twice for \(name) (\(items.map(\.title))); each "
                    + "tab needs its own title, by which setTabs(_:) tells the tabs it keeps.")
        }
        let removed = store.update { state -> ([Tab], changed: Bool) in
            // A title repeated in the bar (`setItem` allows it) is matched by its first tab.
            var unmatched = state.tabs
            let tabs = items.map { item -> Tab in
                let index = unmatched.firstIndex { $0.item.title == item.title && $0.item.content == item.content }
                guard let index else {
                    return Self.makeTab(item, in: name, store: store)
                }
                var tab = unmatched.remove(at: index)
                tab.item = item
                return tab
            }
            let changed = tabs.map(\.item) != state.tabs.map(\.item)
            let selected = state.tabs.indices.contains(state.selectedIndex) ? state.tabs[state.selectedIndex].part : nil
            state.selectedIndex = tabs.firstIndex { $0.part.presenter === selected?.presenter } ?? 0
            state.tabs = tabs
            for tab in unmatched { tab.link.withLock { $0.store = nil } }
            return (unmatched, changed: changed)
        }
        for tab in removed { tab.part.removeAll(reporting: .replaced) }
    }

    /// Waits until `condition` holds for the composed state `compose()` returns.
    func waitUntil<Composed>(
        _ condition: @escaping @Sendable (Composed) -> Bool, composing compose: @escaping @Sendable () -> Composed
    ) async throws {
        try await store.waitUntil { _ in condition(compose()) }
    }

    private func check(_ index: Int, in tabs: [Tab]) throws(CoordinatorError) {
        try Self.check(index, count: tabs.count, titles: tabs.map(\.item.title), on: name)
    }

    private static func check(
        _ index: Int, count: Int, titles: @autoclosure () -> [String], on name: String
    ) throws(CoordinatorError) {
        guard index >= 0 && index < count else {
            throw CoordinatorError(
                .noSuchSlot,
                "\(name) has no tab \(index); it has \(count): \(titles()). Use an index in 0..<\(count).")
        }
    }
}
