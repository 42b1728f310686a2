import Observation

/// What a tab shows in the tab bar: BBCoordinators' `tabBarItem`.
public struct TabItem: Sendable, Hashable {
    /// The tab's title.
    public var title: String
    /// The name of the tab's image in the app's assets, if any.
    public var imageName: String?
    /// The badge on the tab ("3", "new"), if any.
    public var badge: String?

    /// Creates an item.
    public init(title: String, imageName: String? = nil, badge: String? = nil) {
        self.title = title
        self.imageName = imageName
        self.badge = badge
    }
}

/// A tab bar's own state: its items and selection (each tab's content lives in its
/// presenter).
struct TabBarOwnState: HeadlessState {
    var items: [TabItem]
    var selectedIndex = 0
    var revision = 0
}

extension HeadlessStore where State == TabBarOwnState {
    /// Selects tab `index`, or throws `noSuchSlot`.
    func select<Subject: Observable>(
        _ index: Int, on subject: Subject, _ keyPath: KeyPath<Subject, State>, name: String
    ) throws(CoordinatorError) {
        try mutate(subject, keyPath) { state throws(CoordinatorError) in
            try checkTab(index, in: state.items, of: name)
            let changed = state.selectedIndex != index
            state.selectedIndex = index
            return ((), changed: changed)
        }
    }

    /// Replaces tab `index`'s item, or throws `noSuchSlot`.
    func setItem<Subject: Observable>(
        _ item: TabItem, at index: Int, on subject: Subject, _ keyPath: KeyPath<Subject, State>, name: String
    ) throws(CoordinatorError) {
        try mutate(
            subject, keyPath,
            always: { state throws(CoordinatorError) in
                try checkTab(index, in: state.items, of: name)
                state.items[index] = item
            })
    }
}

/// Throws `noSuchSlot` unless `index` is one of the tabs of `items`.
func checkTab(_ index: Int, in items: [TabItem], of name: String) throws(CoordinatorError) {
    guard items.indices.contains(index) else {
        throw CoordinatorError(
            .noSuchSlot,
            "\(name) has no tab \(index); it has \(items.count): \(items.map(\.title)). Use an index in "
                + "0..<\(items.count).")
    }
}

/// A headless tab bar whose tabs each show one screen (JLCoordinator's `TabPresenter`,
/// BBCoordinators' `tabBarScreens`).
///
/// Create it with the tabs' items, in the order the bar shows them; hand each child
/// coordinator the presenter of its tab (`presenter(forTab:)`, a `SlotPresenter`); start
/// the children concurrently (`flow.start`). Each tab's flow lives and ends on its own;
/// when the parent ends, its children — and so every tab's screen — are torn down with it.
/// `select(_:)` is the coordinator's selection, `userSelectTab(_:)` a person's tap. Not
/// bound to the main actor.
///
/// ```text
///   ┌ Feed [FeedScreen] ┬ Search [SearchScreen] ┬ Profile (empty) ┐   selected: 0
///   └──────────────────── userSelectTab(1) ──▶ selected: 1 ───────┘
/// ```
public final class TabPresenter: Observable, Sendable {
    /// One tab, as plain values.
    public struct Tab: Sendable, Hashable {
        /// What the tab bar shows for it.
        public var item: TabItem
        /// The screen the tab shows, if any.
        public var presentation: Presentation?
    }

    /// The tab bar as plain values.
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
    public let name: String
    private let parts: [SlotPresenter]
    private let store: HeadlessStore<TabBarOwnState>

    /// Creates a tab bar with one empty tab per item, in that order; the first is selected.
    public init(name: String = "tabs", items: [TabItem]) {
        self.name = name
        parts = items.map { SlotPresenter(name: "\(name).\($0.title)") }
        store = HeadlessStore(TabBarOwnState(items: items))
        store.follow(parts)
    }

    /// The tab bar now: items and selection, and each tab's content read from its presenter.
    public var state: State {
        let own = store.read(self, \.ownState)
        return State(
            tabs: zip(own.items, parts).map { Tab(item: $0, presentation: $1.state.presentation) },
            selectedIndex: own.selectedIndex, revision: own.revision)
    }

    /// The presenter of tab `index`: hand it to the child coordinator whose screen goes there.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    public func presenter(forTab index: Int) throws(CoordinatorError) -> SlotPresenter {
        try checkTab(index, in: store.state.items, of: name)
        return parts[index]
    }

    /// Only for Observation: the tab bar's own part of `state`.
    var ownState: TabBarOwnState { store.state }

    /// Selects tab `index`, as the app does.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    /// Cancellation: applied at once; not affected.
    public func select(_ index: Int) async throws {
        try store.select(index, on: self, \.ownState, name: name)
    }

    /// Does what a person's tap on tab `index` does: selects it.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    /// Cancellation: applied at once; not affected.
    public func userSelectTab(_ index: Int) async throws {
        try store.select(index, on: self, \.ownState, name: name)
    }

    /// Replaces tab `index`'s item: a new title, image or badge.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    /// Cancellation: applied at once; not affected.
    public func setItem(_ item: TabItem, forTab index: Int) async throws {
        try store.setItem(item, at: index, on: self, \.ownState, name: name)
    }

    /// Returns once `condition` holds for the tab bar (at once if it holds now).
    ///
    /// `condition` is evaluated after each change, outside the presenter's lock, possibly
    /// on another thread; keep it quick and free of side effects.
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError`.
    public func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await store.waitUntil { [self] _ in condition(state) }
    }
}

/// A headless tab bar whose tabs each hold a navigation stack (JLCoordinator's
/// `TabNavigationPresenter`, Director's `startEmbedded(children:)` with a tab bar).
///
/// As `TabPresenter`, but each tab's presenter is a `NavigationPresenter`: the first screen
/// a tab's coordinator presents is the tab's root, later ones are pushed, and each tab
/// keeps its own stack while another tab is used. A person's tap on the selected tab pops
/// its stack to the root, as UIKit does (`.byUser`, confirmations asked). Not bound to the
/// main actor.
///
/// ```text
///   ┌ Home [Feed, Post] ┬ Search [Results] ┬ Profile [Me] ┐   selected: 1
///   └ userSelectTab(0) ──▶ selected: 0 ── userSelectTab(0) ──▶ Home [Feed] (Post: .byUser)
/// ```
public final class TabNavigationPresenter: Observable, Sendable {
    /// One tab, as plain values.
    public struct Tab: Sendable, Hashable {
        /// What the tab bar shows for it.
        public var item: TabItem
        /// The tab's navigation stack, root first.
        public var stack: [Presentation] = []
    }

    /// The tab bar as plain values.
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
    public let name: String
    private let parts: [NavigationPresenter]
    private let store: HeadlessStore<TabBarOwnState>

    /// Creates a tab bar with one empty stack per item, in that order; the first is selected.
    public init(name: String = "tabs", items: [TabItem]) {
        self.name = name
        parts = items.map { NavigationPresenter(name: "\(name).\($0.title)") }
        store = HeadlessStore(TabBarOwnState(items: items))
        store.follow(parts)
    }

    /// The tab bar now: items and selection, and each tab's stack read from its presenter.
    public var state: State {
        let own = store.read(self, \.ownState)
        return State(
            tabs: zip(own.items, parts).map { Tab(item: $0, stack: $1.state.stack) },
            selectedIndex: own.selectedIndex, revision: own.revision)
    }

    /// Only for Observation: the tab bar's own part of `state`.
    var ownState: TabBarOwnState { store.state }

    /// The navigation stack of tab `index`: hand it to the child coordinator of that tab.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    public func presenter(forTab index: Int) throws(CoordinatorError) -> NavigationPresenter {
        try checkTab(index, in: store.state.items, of: name)
        return parts[index]
    }

    /// Selects tab `index`, as the app does. Its stack stays as it is.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    /// Cancellation: applied at once; not affected.
    public func select(_ index: Int) async throws {
        try store.select(index, on: self, \.ownState, name: name)
    }

    /// Does what a person's tap on tab `index` does: selects it; if it was already
    /// selected, pops its stack to the root (each popped presentation reports `.byUser`,
    /// after its confirmation agreed). Returns whether anything changed.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    /// Cancellation: confirmations run in the calling task; one that throws refuses the pop.
    @discardableResult
    public func userSelectTab(_ index: Int) async throws -> Bool {
        let navigation = try presenter(forTab: index)
        guard store.state.selectedIndex == index else {
            try store.select(index, on: self, \.ownState, name: name)
            return true
        }
        guard let root = navigation.stack.first else { return false }
        return try await navigation.userPop(to: root)
    }

    /// Replaces tab `index`'s item: a new title, image or badge.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    /// Cancellation: applied at once; not affected.
    public func setItem(_ item: TabItem, forTab index: Int) async throws {
        try store.setItem(item, at: index, on: self, \.ownState, name: name)
    }

    /// Returns once `condition` holds for the tab bar (at once if it holds now).
    ///
    /// `condition` is evaluated after each change, outside the presenter's lock, possibly
    /// on another thread; keep it quick and free of side effects.
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError`.
    public func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await store.waitUntil { [self] _ in condition(state) }
    }
}
