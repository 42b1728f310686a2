import Observation

/// A headless tab bar whose tabs each hold one screen or a navigation stack, as their
/// items say (`TabItem.Content`).
///
/// Not itself a `Presenter`: a container of presenters, one per tab. Create it with the
/// tabs' items, in the order the bar shows them; show it as the parent's main screen; hand
/// each child coordinator the presenter of its tab (`presenter(forTab:)`, or `stack(forTab:)`
/// for a tab of a stack); start the children concurrently (`flow.start`). Each tab's flow
/// lives and ends on its own; when the parent ends (its tab bar screen gone, say), its
/// children — and so every tab's content — are torn down with it.
///
/// A tab of one screen shows what its coordinator presents last: presenting replaces what it
/// showed (`.replaced`). A tab of a stack shows its coordinator's first screen as the root
/// and pushes the later ones; each tab keeps its stack while another tab is used.
///
/// `select(_:)` is the app's selection, `userSelectTab(_:)` a person's tap: a tap on the
/// selected tab of a stack pops it to the root, as UIKit does (`.byUser`, confirmations
/// asked). `init(name:items:selectedIndex:)` starts on another tab than the first;
/// `setTabs(_:)` changes the tabs later (those that remain keep their content). A
/// `TabBarPresenter`, so routes can select a tab by its presenter, its content or its
/// title. Not bound to the main actor.
///
/// ```text
///   ┌ Home [Feed, Post] ┬ Search [Results] ┬ Camera [Viewfinder] ┐   selected: 1
///   └ userSelectTab(0) ──▶ selected: 0 ── userSelectTab(0) ──▶ Home [Feed] (Post: .byUser)
/// ```
public final class TabPresenter: TabBarPresenter, Observable {
    /// One tab, as plain values.
    public struct Tab: Sendable, Hashable {
        /// What the tab bar shows for it, and whether it holds one screen or a stack.
        public var item: TabItem
        /// What the tab shows, bottom first: its stack, root first, for a tab of a stack;
        /// its screen, if any, for a tab of one screen.
        public var presentations: [Presentation] = []

        /// What the tab shows on top: its screen, or the top of its stack.
        public var top: Presentation? { presentations.last }
    }

    /// The tab bar as plain values. Each tab's content is read from its presenter in turn,
    /// so it is consistent tab by tab (not one atomic snapshot of all tabs).
    public struct State: Sendable, Hashable {
        /// The tabs, in the order the bar shows them.
        public var tabs: [Tab]
        /// The selected tab's index.
        public var selectedIndex: Int
        /// Counts the changes applied; any tab's content changing adds one.
        public var revision: Int

        /// The selected tab, if there are tabs.
        public var selectedTab: Tab? { tabs.indices.contains(selectedIndex) ? tabs[selectedIndex] : nil }
    }

    /// A name for logs and snapshots.
    public var name: String { bar.name }
    private let bar: TabBar

    /// Creates a tab bar with one empty tab per item, in that order; the first is selected.
    /// `items` may be empty: set the tabs later with `setTabs(_:)`.
    public init(name: String = "tabs", items: [TabItem]) {
        bar = TabBar(name: name, items: items)
    }

    /// Creates a tab bar with one empty tab per item, in that order, with tab
    /// `selectedIndex` selected.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab (an empty bar has
    /// none: create it with `init(name:items:)`).
    public init(name: String = "tabs", items: [TabItem], selectedIndex: Int) throws(CoordinatorError) {
        bar = try TabBar(name: name, items: items, checkedSelectedIndex: selectedIndex)
    }

    /// The tab bar now (observable: reading it observes the bar and every tab's content).
    public var state: State {
        let bar = bar.read { Tab(item: $0, presentations: $1.presentations) }
        return State(tabs: bar.tabs, selectedIndex: bar.selectedIndex, revision: bar.revision)
    }

    /// The tabs' items, in bar order.
    public var tabItems: [TabItem] { bar.observed.tabs.map(\.item) }

    /// Each tab's presenter (a `SlotPresenter` or a `NavigationPresenter`), in bar order.
    public var tabPresenters: [any Presenter] { bar.observed.tabs.map(\.part.presenter) }

    /// The selected tab's index (0 when there are no tabs).
    public var selectedTabIndex: Int { bar.observed.selectedIndex }

    /// The presenter of tab `index` (a `SlotPresenter` or a `NavigationPresenter`, as its
    /// item's content says): hand it to the child coordinator whose screens go there.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    public func presenter(forTab index: Int) throws(CoordinatorError) -> any Presenter {
        try bar.part(index).presenter
    }

    /// The navigation stack of tab `index`, a tab of a stack: hand it to the child
    /// coordinator of that tab.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab, or if it holds one
    /// screen, not a stack.
    public func stack(forTab index: Int) throws(CoordinatorError) -> NavigationPresenter {
        let part = try bar.part(index)
        guard case .stack(let stack) = part else {
            throw CoordinatorError(
                .noSuchSlot,
                "Tab \(index) of \(name) holds one screen, not a stack. Create it with "
                    + "TabItem(title:content: .stack) to give it a stack, or use presenter(forTab:).")
        }
        return stack
    }

    /// Selects tab `index`, as the app does; what each tab shows stays as it is.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    ///
    /// Cancellation: none; it applies at once.
    public func select(_ index: Int) async throws(CoordinatorError) {
        try bar.select(index)
    }

    /// Does what a person's tap on tab `index` does: selects it; if it was already selected
    /// and holds a stack, pops the stack to the root (each popped presentation reports
    /// `.byUser`, after its confirmation agreed). Returns whether anything changed.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab, `gestureInProgress`
    /// if the tab's stack has an interactive gesture in progress.
    ///
    /// Cancellation: confirmations run in the calling task; one that throws refuses the pop.
    @discardableResult
    public func userSelectTab(_ index: Int) async throws(CoordinatorError) -> Bool {
        let (wasSelected, part) = try bar.select(index)
        guard wasSelected else { return true }
        return try await part.userReselect()
    }

    /// Sets the tabs after creation, matched by title and content: a tab whose title is in
    /// `items` with the same content keeps its presenter and what it shows (it may move; its
    /// item becomes the new one, with a new badge, say); any other tab leaves the bar, and
    /// what it showed reports `.replaced`, most recent first — which ends the coordinator
    /// whose main screen it was; any other item gets a new, empty tab. The selection stays on
    /// its tab if that remains, else it moves to tab 0.
    ///
    /// The presenter of a removed tab keeps working, but it is no longer part of the bar:
    /// the bar's state, `presenter(forTab:)` and the bar's revision no longer see it. If
    /// the bar holds two tabs with the same title (after `setItem(_:forTab:)`), the first is
    /// the one kept.
    ///
    /// Throws `CoordinatorError` `duplicateSlot`, changing nothing, if two items have the
    /// same title.
    ///
    /// Cancellation: none; it applies at once.
    public func setTabs(_ items: [TabItem]) async throws(CoordinatorError) {
        try bar.setTabs(items)
    }

    /// Replaces tab `index`'s item: a new title, image or badge. An item with another
    /// content gives the tab a new, empty presenter of that kind, and what the tab showed
    /// reports `.replaced`, most recent first.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    ///
    /// Cancellation: none; it applies at once.
    public func setItem(_ item: TabItem, forTab index: Int) async throws(CoordinatorError) {
        try bar.setItem(item, at: index)
    }

    /// Returns once `condition` holds for the tab bar (at once if it holds now); see
    /// "Waiting for a state" in `Guides/Presenters.md`. `condition` is re-checked after each
    /// change of the tab bar, and of its tabs' presentations (`isPresented`, `isAnswered`,
    /// `dismissalReason`), so it may read their state.
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError`.
    public func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await bar.waitUntil(condition) { [self] in state }
    }
}
