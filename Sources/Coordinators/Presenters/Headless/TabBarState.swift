/// A tab bar as plain values: the state of `TabPresenter` and `TabNavigationPresenter`, whose
/// `Tab`s differ in what a tab shows (a screen, a navigation stack).
///
/// Each tab's content is read from its presenter in turn, so it is consistent tab by tab
/// (not one atomic snapshot of all tabs).
public struct TabBarState<Tab: Sendable & Hashable>: Sendable, Hashable {
    /// The tabs, in the order the bar shows them.
    public var tabs: [Tab]
    /// The selected tab's index.
    public var selectedIndex: Int
    /// Counts the changes applied; the bar's own (selection, items) and any tab's.
    public var revision: Int

    /// The selected tab, if there are tabs.
    public var selectedTab: Tab? { tabs.indices.contains(selectedIndex) ? tabs[selectedIndex] : nil }
}
