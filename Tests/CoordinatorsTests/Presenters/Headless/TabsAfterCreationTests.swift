import Coordinators
import Testing

/// `TabPresenter` after creation: `setTabs(_:)` keeps, moves,
/// removes and adds tabs by title; and a bar can start on any tab.
@Suite(.timeLimit(.minutes(1)))
struct TabsAfterCreationTests {
    static let items = [
        TabItem(title: "Home", imageName: "house"),
        TabItem(title: "Search", imageName: "magnifyingglass"),
        TabItem(title: "Profile", imageName: "person", badge: "1"),
    ]
    /// The same tabs, each holding a navigation stack.
    static let stackItems = items.map {
        TabItem(title: $0.title, imageName: $0.imageName, badge: $0.badge, content: .stack)
    }

    @Test func setTabsKeepsMovesRemovesAndAddsTabsByTitle() async throws {
        let tabs = TabPresenter(items: Self.stackItems)
        let window = SlotPresenter()
        let parent = Branch("tab bar", on: window)
        let tree = CoordinatorTree()
        let events = tree.events()
        async let log = collect(events)
        async let outcome = tree.runForOutcome(parent)
        try await window.waitUntil { $0.presentation != nil }
        var children: [ChildFlow<String>] = []
        for (index, item) in Self.items.enumerated() {
            children.append(try parent.flow.start(Branch(item.title, on: try tabs.presenter(forTab: index))))
        }
        try await tabs.waitUntil { $0.tabs.allSatisfy { $0.presentations.count == 1 } }
        let search = try tabs.stack(forTab: 1)
        let detail = try parent.flow.start(Branch("Search detail", on: search))
        try await search.waitUntil { $0.stack.count == 2 }
        let (home, profile) = (try tabs.stack(forTab: 0), try tabs.stack(forTab: 2))
        let profileStack = profile.stack
        let searchStack = search.stack

        let newBadge = TabItem(title: "Profile", imageName: "person", badge: "5", content: .stack)
        try await tabs.setTabs([newBadge, Self.stackItems[0], TabItem(title: "Feed")])

        // Kept (and moved), with their presenters and stacks; the item is the new one.
        #expect(tabs.state.tabs.map(\.item) == [newBadge, Self.stackItems[0], TabItem(title: "Feed")])
        #expect(try tabs.presenter(forTab: 0) === profile)
        #expect(tabs.state.tabs[0].presentations == profileStack)
        #expect(try tabs.presenter(forTab: 1) === home)
        #expect(tabs.selectedTabIndex == 1, "the selection stays on Home, which moved")
        // Added: an empty new tab.
        #expect(tabs.state.tabs[2].presentations.isEmpty)
        #expect(try tabs.presenter(forTab: 2) !== search)
        // Removed: what Search showed is replaced, most recent first, ending its flows.
        #expect(!tabs.tabPresenters.contains { $0 === search })
        #expect(search.stack.isEmpty)
        #expect(searchStack.map(\.dismissalReason) == [.replaced, .replaced])
        #expect(await children[1].outcome.ending == .dismissed(.replaced))
        #expect(await detail.outcome.ending == .dismissed(.replaced))
        #expect(children[0].state == .running)
        #expect(children[2].state == .running)

        try await parent.done("done")
        #expect(await outcome.output == "done")
        #expect(Array(dismissedScreens(in: await log).prefix(2)) == ["Search detail", "Search"])
    }

    @Test func aRemovedTabsPresenterKeepsWorkingOutsideTheBar() async throws {
        let tabs = TabPresenter(items: Self.stackItems)
        let removed = try tabs.stack(forTab: 1)
        try await tabs.setTabs([Self.stackItems[0], Self.stackItems[2]])
        let revision = tabs.state.revision

        let owner = Branch("late", on: removed)
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await removed.waitUntil { $0.stack.count == 1 }

        #expect(removed.state.screenNames == ["late"])
        #expect(tabs.state.revision == revision, "its changes are no longer the bar's")
        #expect(tabs.state.tabs.map(\.item.title) == ["Home", "Profile"])
        try await owner.done("done")
        #expect(await outcome.output == "done")
    }

    @Test func removingATabOfATabPresenterEndsItsCoordinatorAsReplaced() async throws {
        let tabs = TabPresenter(items: Self.items)
        let window = SlotPresenter()
        let parent = Branch("tab bar", on: window)
        async let outcome = CoordinatorTree().runForOutcome(parent)
        try await window.waitUntil { $0.presentation != nil }
        let profile = try parent.flow.start(Branch("Profile screen", on: try tabs.presenter(forTab: 2)))
        try await tabs.waitUntil { $0.tabs[2].top != nil }
        let shown = try #require(tabs.state.tabs[2].top)

        try await tabs.setTabs(Array(Self.items.prefix(2)))

        #expect(
            await profile.outcome.ending == .dismissed(.replaced), "expected the Profile tab's flow to end as replaced")
        #expect(shown.dismissalReason == .replaced)
        #expect(tabs.state.tabs.map(\.item.title) == ["Home", "Search"])
        try await parent.done("done")
        #expect(await outcome.output == "done")
    }

    @Test func setTabsWithARepeatedTitleThrowsDuplicateSlotAndChangesNothing() async throws {
        let tabs = TabPresenter(items: Self.stackItems)
        try await tabs.select(2)
        let before = tabs.state
        let presenters = tabs.tabPresenters
        let error = await #expect(throws: CoordinatorError.self) {
            try await tabs.setTabs([TabItem(title: "Feed"), TabItem(title: "Home"), TabItem(title: "Feed")])
        }
        #expect(error?.code == .duplicateSlot)
        #expect(error?.message.contains("\"Feed\"") == true)
        #expect(tabs.state == before)
        #expect(zip(tabs.tabPresenters, presenters).allSatisfy { $0 === $1 })
        let plain = await #expect(throws: CoordinatorError.self) {
            try await TabPresenter(items: Self.items).setTabs([Self.items[0], Self.items[0]])
        }
        #expect(plain?.code == .duplicateSlot)
    }

    @Test func removingTheSelectedTabSelectsTheFirst() async throws {
        let tabs = TabPresenter(items: Self.items)
        try await tabs.select(1)
        try await tabs.setTabs([Self.items[2], Self.items[0]])
        #expect(tabs.state.selectedIndex == 0)
        #expect(tabs.state.selectedTab?.item.title == "Profile")
        try await tabs.setTabs([])
        #expect(tabs.state.selectedIndex == 0)
        #expect(tabs.state.selectedTab == nil)
    }

    @Test func setTabsWithTheSameItemsChangesNothing() async throws {
        let tabs = TabPresenter(items: Self.stackItems)
        let revision = tabs.state.revision
        try await tabs.setTabs(Self.stackItems)
        #expect(tabs.state.revision == revision)
        try await tabs.setTabs(Self.stackItems.reversed())
        #expect(tabs.state.revision == revision + 1)
        #expect(tabs.selectedTabIndex == 2, "Home moved to the end")
    }

    @Test func aTabBarCreatedWithoutTabsGetsThemLater() async throws {
        let tabs = TabPresenter(items: [])
        #expect(tabs.state.tabs.isEmpty)
        #expect(tabs.state.selectedTab == nil)
        let none = #expect(throws: CoordinatorError.self) { try tabs.presenter(forTab: 0) }
        #expect(none?.code == .noSuchSlot)

        try await tabs.setTabs(Self.items)

        #expect(tabs.tabItems == Self.items)
        #expect(tabs.state.selectedTab?.item.title == "Home")
        let owner = Branch("Search screen", on: try tabs.presenter(forTab: 1))
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await tabs.waitUntil { $0.tabs[1].top != nil }
        try await owner.done("done")
        #expect(await outcome.output == "done")
    }

    /// The bar holds its tabs' presenters and each presenter tells the bar of its changes:
    /// the second link is weak, so a dropped bar is released.
    @Test func aTabBarIsReleasedWhileItsTabsPresenterLivesOn() async throws {
        var tabs: TabPresenter? = TabPresenter(items: Self.stackItems)
        let bar = Weak(tabs!)
        let home = try tabs!.stack(forTab: 0)
        try await tabs!.setTabs([Self.stackItems[0], TabItem(title: "Feed")])
        tabs = nil
        #expect(bar.object == nil)
        let owner = Branch("Home", on: home)
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await home.waitUntil { $0.stack.count == 1 }
        try await owner.done("done")
        #expect(await outcome.output == "done")
    }

    @Test func aTabBarCanStartOnAnyTab() throws {
        let tabs = try TabPresenter(items: Self.items, selectedIndex: 2)
        #expect(tabs.state.selectedTab?.item.title == "Profile")
        let navigation = try TabPresenter(name: "main", items: Self.stackItems, selectedIndex: 1)
        #expect(navigation.selectedTabIndex == 1)
        #expect(navigation.name == "main")
    }

    @Test func anInitialSelectionOutOfRangeThrowsNoSuchSlot() {
        for index in [-1, 3] {
            let plain = #expect(throws: CoordinatorError.self) {
                try TabPresenter(items: Self.items, selectedIndex: index)
            }
            #expect(plain?.code == .noSuchSlot)
            let navigation = #expect(throws: CoordinatorError.self) {
                try TabPresenter(items: Self.stackItems, selectedIndex: index)
            }
            #expect(navigation?.code == .noSuchSlot)
        }
        let empty = #expect(throws: CoordinatorError.self) { try TabPresenter(items: [], selectedIndex: 0) }
        #expect(empty?.code == .noSuchSlot)
    }
}
