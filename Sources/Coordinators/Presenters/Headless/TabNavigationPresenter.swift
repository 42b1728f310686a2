import Observation

/// A headless tab bar whose tabs each hold a navigation stack.
///
/// As `TabPresenter`, but each tab's presenter is a `NavigationPresenter`: the first screen
/// a tab's coordinator presents is the tab's root, later ones are pushed, and each tab
/// keeps its own stack while another tab is used. A person's tap on the selected tab pops
/// its stack to the root, as UIKit does (`.byUser`, confirmations asked). Not bound to the
/// main actor. As `TabPresenter`, it can start on another tab than the first
/// (`init(name:items:selectedIndex:)`), change its tabs later (`setTabs(_:)`), and is a
/// `TabBarPresenter`.
///
/// ```text
///   ┌ Home [Feed, Post] ┬ Search [Results] ┬ Profile [Me] ┐   selected: 1
///   └ userSelectTab(0) ──▶ selected: 0 ── userSelectTab(0) ──▶ Home [Feed] (Post: .byUser)
/// ```
public final class TabNavigationPresenter: TabBarPresenter, Observable {
    /// One tab, as plain values.
    public struct Tab: Sendable, Hashable {
        /// What the tab bar shows for it.
        public var item: TabItem
        /// The tab's navigation stack, root first.
        public var stack: [Presentation] = []
    }

    /// The tab bar as plain values. Each tab's stack is read from its presenter in turn, so
    /// it is consistent tab by tab (not one atomic snapshot of all tabs).
    public struct State: Sendable, Hashable {
        /// The tabs, in the order the bar shows them.
        public var tabs: [Tab]
        /// The selected tab's index.
        public var selectedIndex: Int
        /// Counts the changes applied; any tab's stack changing adds one.
        public var revision: Int

        /// The selected tab, if there are tabs.
        public var selectedTab: Tab? { tabs.indices.contains(selectedIndex) ? tabs[selectedIndex] : nil }
    }

    /// A name for logs and snapshots.
    public var name: String { bar.name }
    private let bar: TabBar<NavigationPresenter>

    /// As `TabPresenter.init(name:items:)`, with one empty stack per tab.
    public init(name: String = "tabs", items: [TabItem]) {
        bar = TabBar(name: name, items: items)
    }

    /// As `TabPresenter.init(name:items:selectedIndex:)`, with one empty stack per tab.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    public init(name: String = "tabs", items: [TabItem], selectedIndex: Int) throws(CoordinatorError) {
        bar = try TabBar(name: name, items: items, checkedSelectedIndex: selectedIndex)
    }

    /// The tab bar now (observable: reading it observes the bar and every tab's stack).
    public var state: State {
        let bar = bar.read { Tab(item: $0, stack: $1.state.stack) }
        return State(tabs: bar.tabs, selectedIndex: bar.selectedIndex, revision: bar.revision)
    }

    /// The tabs' items, in bar order.
    public var tabItems: [TabItem] { bar.observed.tabs.map(\.item) }

    /// Each tab's presenter (a `NavigationPresenter`), in bar order.
    public var tabPresenters: [any Presenter] { bar.observed.tabs.map(\.part) }

    /// The selected tab's index (0 when there are no tabs).
    public var selectedTabIndex: Int { bar.observed.selectedIndex }

    /// The navigation stack of tab `index`: hand it to the child coordinator of that tab.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    public func presenter(forTab index: Int) throws(CoordinatorError) -> NavigationPresenter {
        try bar.part(index)
    }

    /// As `TabPresenter.select(_:)`; the tab's stack stays as it is.
    ///
    /// Cancellation: none; it applies at once.
    public func select(_ index: Int) async throws(CoordinatorError) {
        try bar.select(index)
    }

    /// Does what a person's tap on tab `index` does: selects it; if it was already
    /// selected, pops its stack to the root (each popped presentation reports `.byUser`,
    /// after its confirmation agreed). Returns whether anything changed.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab, `gestureInProgress`
    /// if the tab's stack has an interactive gesture in progress.
    /// Cancellation: confirmations run in the calling task; one that throws refuses the pop.
    @discardableResult
    public func userSelectTab(_ index: Int) async throws(CoordinatorError) -> Bool {
        let (wasSelected, navigation) = try bar.select(index)
        guard wasSelected else { return true }
        return try await navigation.userPopToRoot()
    }

    /// As `TabPresenter.setTabs(_:)`: a tab that remains keeps its stack; every presentation
    /// on the stack of a removed tab reports `.replaced`, most recent first.
    ///
    /// Throws `CoordinatorError` `duplicateSlot`, changing nothing, if two items have the
    /// same title.
    ///
    /// Cancellation: none; it applies at once.
    public func setTabs(_ items: [TabItem]) async throws(CoordinatorError) {
        try bar.setTabs(items)
    }

    /// As `TabPresenter.setItem(_:forTab:)`.
    ///
    /// Cancellation: none; it applies at once.
    public func setItem(_ item: TabItem, forTab index: Int) async throws(CoordinatorError) {
        try bar.setItem(item, at: index)
    }

    /// As `TabPresenter.waitUntil(_:)`: `condition` is re-checked after each change of the
    /// tab bar, and of its tabs' presentations, so it may read their state.
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError`.
    public func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await bar.waitUntil(condition) { [self] in state }
    }
}
