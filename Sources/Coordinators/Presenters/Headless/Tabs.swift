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

/// A tab bar's own state: items and selection.
struct TabBarOwnState: HeadlessState {
    var items: [TabItem]
    var selectedIndex = 0
    var revision = 0
}

/// The tab bar both tab presenters are made of: items, a selection, and one part per tab.
///
/// The parts hold each tab's content; the bar holds only items and selection, and its
/// `revision` also counts its parts' changes. It is the object Observation sees for the
/// bar's own changes; reading a tab presenter's `state` also reads (and so observes) each
/// part.
final class TabBar<Part: ContainerPart>: Observable, Sendable {
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

    /// The bar's own state, observed.
    var own: OwnState { store.read(self, \.ownState) }
    var ownState: OwnState { store.state }

    func part(_ index: Int) throws(CoordinatorError) -> Part {
        try check(index, in: store.state.items)
        return parts[index]
    }

    /// Selects tab `index`; returns whether it was already selected.
    @discardableResult
    func select(_ index: Int) throws(CoordinatorError) -> Bool {
        try store.mutate(self, \.ownState) { state throws(CoordinatorError) in
            try check(index, in: state.items)
            let wasSelected = state.selectedIndex == index
            state.selectedIndex = index
            return (wasSelected, changed: !wasSelected)
        }
    }

    func setItem(_ item: TabItem, at index: Int) throws(CoordinatorError) {
        try store.mutate(
            self, \.ownState,
            always: { state throws(CoordinatorError) in
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

/// A headless tab bar whose tabs each show one screen (JLCoordinator's `TabPresenter`,
/// BBCoordinators' `tabBarScreens`).
///
/// Not itself a `Presenter`: a container of presenters, one per tab. Create it with the
/// tabs' items, in the order the bar shows them; show it as the parent's main screen; hand
/// each child coordinator the presenter of its tab (`presenter(forTab:)`, a
/// `SlotPresenter`); start the children concurrently (`flow.start`). Each tab's flow lives
/// and ends on its own; when the parent ends (its tab bar screen gone, say), its children
/// — and so every tab's screen — are torn down with it. `select(_:)` is the app's
/// selection, `userSelectTab(_:)` a person's tap. Not bound to the main actor.
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
    public init(name: String = "tabs", items: [TabItem]) {
        bar = TabBar(name: name, items: items)
    }

    /// The tab bar now (observable: reading it observes the bar and every tab).
    public var state: State {
        let own = bar.own
        return State(
            tabs: zip(own.items, bar.parts).map { Tab(item: $0, presentation: $1.state.presentation) },
            selectedIndex: own.selectedIndex, revision: own.revision)
    }

    /// The presenter of tab `index`: hand it to the child coordinator whose screen goes there.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    public func presenter(forTab index: Int) throws(CoordinatorError) -> SlotPresenter {
        try bar.part(index)
    }

    /// Selects tab `index`, as the app does.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    /// Cancellation: applied at once; not affected.
    public func select(_ index: Int) async throws(CoordinatorError) {
        try bar.select(index)
    }

    /// Does what a person's tap on tab `index` does: selects it. Returns whether the
    /// selection changed.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    /// Cancellation: applied at once; not affected.
    @discardableResult
    public func userSelectTab(_ index: Int) async throws(CoordinatorError) -> Bool {
        try !bar.select(index)
    }

    /// Replaces tab `index`'s item: a new title, image or badge.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    /// Cancellation: applied at once; not affected.
    public func setItem(_ item: TabItem, forTab index: Int) async throws(CoordinatorError) {
        try bar.setItem(item, at: index)
    }

    /// Returns once `condition` holds for the tab bar (at once if it holds now).
    ///
    /// `condition` is evaluated after each change, outside the presenters' locks, possibly
    /// on another thread; keep it quick and free of side effects.
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError`.
    public func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await bar.waitUntil(condition) { [self] in state }
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

    /// Creates a tab bar with one empty stack per item, in that order; the first is selected.
    public init(name: String = "tabs", items: [TabItem]) {
        bar = TabBar(name: name, items: items)
    }

    /// The tab bar now (observable: reading it observes the bar and every tab's stack).
    public var state: State {
        let own = bar.own
        return State(
            tabs: zip(own.items, bar.parts).map { Tab(item: $0, stack: $1.state.stack) },
            selectedIndex: own.selectedIndex, revision: own.revision)
    }

    /// The navigation stack of tab `index`: hand it to the child coordinator of that tab.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    public func presenter(forTab index: Int) throws(CoordinatorError) -> NavigationPresenter {
        try bar.part(index)
    }

    /// Selects tab `index`, as the app does. Its stack stays as it is.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    /// Cancellation: applied at once; not affected.
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
        guard try bar.select(index) else { return true }
        return try await bar.parts[index].userPopToRoot()
    }

    /// Replaces tab `index`'s item: a new title, image or badge.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such tab.
    /// Cancellation: applied at once; not affected.
    public func setItem(_ item: TabItem, forTab index: Int) async throws(CoordinatorError) {
        try bar.setItem(item, at: index)
    }

    /// Returns once `condition` holds for the tab bar (at once if it holds now).
    ///
    /// `condition` is evaluated after each change, outside the presenters' locks, possibly
    /// on another thread; keep it quick and free of side effects.
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError`.
    public func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await bar.waitUntil(condition) { [self] in state }
    }
}
