import Observation

/// A headless tab bar whose tabs each show one screen.
///
/// Not itself a `Presenter`: a container of presenters, one per tab. Create it with the
/// tabs' items, in the order the bar shows them; show it as the parent's main screen; hand
/// each child coordinator the presenter of its tab (`presenter(forTab:)`, a
/// `SlotPresenter`); start the children concurrently (`flow.start`). Each tab's flow lives
/// and ends on its own; when the parent ends (its tab bar screen gone, say), its children
/// — and so every tab's screen — are torn down with it. `select(_:)` is the app's
/// selection, `userSelectTab(_:)` a person's tap. `init(name:items:selectedIndex:)` starts
/// on another tab than the first; `setTabs(_:)` changes the tabs later (those that remain
/// keep their content). A `TabBarPresenter`, so routes can select a tab by its presenter,
/// its content or its title. Not bound to the main actor.
///
/// ```text
///   ┌ Feed [FeedScreen] ┬ Search [SearchScreen] ┬ Profile (empty) ┐   selected: 0
///   └──────────────────── userSelectTab(1) ──▶ selected: 1 ───────┘
/// ```
public final class TabPresenter: TabBarPresenter, Observable {
    /// One tab, as plain values.
    public struct Tab: Sendable, Hashable {
        /// What the tab bar shows for it.
        public var item: TabItem
        /// The screen the tab shows, if any.
        public var presentation: Presentation?
    }

    /// The tab bar as plain values. Each tab's content is read from its presenter in turn,
    /// so it is consistent tab by tab (not one atomic snapshot of all tabs).
    public struct State: Sendable, Hashable {
        /// The tabs, in the order the bar shows them.
        public var tabs: [Tab]
        /// The selected tab's index.
        public var selectedIndex: Int
        /// Counts the changes applied; any tab changing adds one.
        public var revision: Int

        /// The selected tab, if there are tabs.
        public var selectedTab: Tab? { tabs.indices.contains(selectedIndex) ? tabs[selectedIndex] : nil }
    }

    /// A name for logs and snapshots.
    public var name: String { bar.name }
    private let bar: TabBar<SlotPresenter>

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

    /// The tab bar now (observable: reading it observes the bar and every tab).
    public var state: State {
        let bar = bar.read { Tab(item: $0, presentation: $1.state.presentation) }
        return State(tabs: bar.tabs, selectedIndex: bar.selectedIndex, revision: bar.revision)
    }

    /// The tabs' items, in bar order.
    public var tabItems: [TabItem] { bar.observed.tabs.map(\.item) }

    /// Each tab's presenter (a `SlotPresenter`), in bar order.
    public var tabPresenters: [any Presenter] { bar.observed.tabs.map(\.part) }

    /// The selected tab's index (0 when there are no tabs).
    public var selectedTabIndex: Int { bar.observed.selectedIndex }

    /// The presenter of tab `index`: hand it to the child coordinator whose screen goes there.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    public func presenter(forTab index: Int) throws(CoordinatorError) -> SlotPresenter {
        try bar.part(index)
    }

    /// Selects tab `index`, as the app does.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    ///
    /// Cancellation: none; it applies at once.
    public func select(_ index: Int) async throws(CoordinatorError) {
        try bar.select(index)
    }

    /// Does what a person's tap on tab `index` does: selects it. Returns whether the
    /// selection changed.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    ///
    /// Cancellation: none; it applies at once.
    @discardableResult
    public func userSelectTab(_ index: Int) async throws(CoordinatorError) -> Bool {
        try !bar.select(index).wasSelected
    }

    /// Sets the tabs after creation, matched by title: a tab whose title is in `items` keeps
    /// its presenter and what it shows (it may move; its item becomes the new one, with a new
    /// badge, say); a tab whose title is gone leaves the bar, and what it showed reports
    /// `.replaced` — which ends the coordinator whose main screen it was; a new title gets a
    /// new, empty tab. The selection stays on its tab if that remains, else it moves to tab 0.
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

    /// Replaces tab `index`'s item: a new title, image or badge.
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
