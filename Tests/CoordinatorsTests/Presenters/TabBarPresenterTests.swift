import Coordinators
import Testing

/// `TabBarPresenter`: selecting a tab by its presenter, by what it shows and by its title,
/// through the protocol, on both headless tab bars.
@Suite(.timeLimit(.minutes(1)))
struct TabBarPresenterTests {
    static let items = [TabItem(title: "Home"), TabItem(title: "Search"), TabItem(title: "Profile")]
    /// The same tabs, each holding a navigation stack.
    static let stackItems = items.map {
        TabItem(title: $0.title, imageName: $0.imageName, badge: $0.badge, content: .stack)
    }

    /// Shows a screen in each tab, then selects tabs every way the protocol offers, and
    /// checks that what matches no tab throws `noSuchSlot` and leaves the selection.
    private func exerciseSelection(on tabs: some TabBarPresenter) async throws {
        #expect(tabs.tabItems.map(\.title) == Self.items.map(\.title))
        #expect(tabs.tabPresenters.count == 3)
        #expect(tabs.selectedTabIndex == 0)
        let window = SlotPresenter()
        let parent = Branch("tab bar", on: window)
        async let outcome = CoordinatorTree().runForOutcome(parent)
        try await window.waitUntil { $0.presentation != nil }
        let journal = Journal()
        let search = ShowsOneScreen("Search screen", on: tabs.tabPresenters[1], journal: journal)
        try parent.flow.start(search)
        try await journal.waitUntil { $0 == [.shown("Search screen")] }

        try await tabs.selectTab(titled: "Profile")
        #expect(tabs.selectedTabIndex == 2)
        try await tabs.selectTab(of: tabs.tabPresenters[0])
        #expect(tabs.selectedTabIndex == 0)
        let searchScreen = try #require(search.flow.presentations.first)
        try await tabs.selectTab(showing: searchScreen)
        #expect(tabs.selectedTabIndex == 1)

        let title = await #expect(throws: CoordinatorError.self) { try await tabs.selectTab(titled: "Settings") }
        #expect(title?.code == .noSuchSlot)
        #expect(title?.message.contains("Settings") == true)
        let presenter = await #expect(throws: CoordinatorError.self) {
            try await tabs.selectTab(of: NavigationPresenter())
        }
        #expect(presenter?.code == .noSuchSlot)
        let windowScreen = try #require(window.presentation)
        let showing = await #expect(throws: CoordinatorError.self) { try await tabs.selectTab(showing: windowScreen) }
        #expect(showing?.code == .noSuchSlot)
        let index = await #expect(throws: CoordinatorError.self) { try await tabs.select(3) }
        #expect(index?.code == .noSuchSlot)
        #expect(tabs.selectedTabIndex == 1, "a selection that matches no tab changes nothing")

        try await parent.done("done")
        #expect(await outcome.output == "done")
    }

    @Test func aTabPresenterSelectsTabsByPresenterContentAndTitle() async throws {
        try await exerciseSelection(on: TabPresenter(items: Self.items))
    }

    @Test func aTabPresenterOfStacksSelectsTabsByPresenterContentAndTitle() async throws {
        try await exerciseSelection(on: TabPresenter(items: Self.stackItems))
    }
}
