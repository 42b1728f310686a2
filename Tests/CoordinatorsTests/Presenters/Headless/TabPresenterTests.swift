import Coordinators
import CoordinatorsTesting
import Observation
import Testing

/// `TabPresenter`, with tabs of one screen and tabs of a stack: items, selection, one flow
/// per tab.
@Suite(.timeLimit(.minutes(1)))
struct TabPresenterTests {
    static let items = [
        TabItem(title: "Home", imageName: "house"),
        TabItem(title: "Search", imageName: "magnifyingglass"),
        TabItem(title: "Profile", imageName: "person", badge: "1"),
    ]
    /// The same tabs, each holding a navigation stack.
    static let stackItems = items.map {
        TabItem(title: $0.title, imageName: $0.imageName, badge: $0.badge, content: .stack)
    }

    /// Director's tab coordinator: shows the tab bar as its main screen, then starts one
    /// embedded child per tab (`startEmbedded(children:)`), and waits.
    actor TabBarCoordinator: Coordinator {
        let flow = Flow<String>()
        let window: SlotPresenter
        let tabs: TabPresenter
        let journal: Journal<JournalEntry>
        private(set) var children: [ChildFlow<String>] = []
        init(window: SlotPresenter, tabs: TabPresenter, journal: Journal<JournalEntry>) {
            self.window = window
            self.tabs = tabs
            self.journal = journal
        }

        func start() async throws -> String {
            try await flow.present(TestScreen("tab bar"), on: window)
            for (index, item) in TabPresenterTests.items.enumerated() {
                let tab = try tabs.presenter(forTab: index)
                children.append(try flow.start(Branch(item.title, on: tab, journal: journal)))
            }
            return try await flow.finished
        }

        func showDetail(inTab index: Int) async throws -> ChildFlow<String> {
            try flow.start(Branch("detail \(index)", on: tabs.presenter(forTab: index), journal: journal))
        }

        func done() throws { try flow.finish(with: "done") }
    }

    private func waitForTabs(_ tabs: TabPresenter) async throws {
        try await tabs.waitUntil { $0.tabs.allSatisfy { $0.presentations.count == 1 } }
    }

    @Test func tabsKeepTheirItemsInTheOrderGivenAndTheFirstIsSelected() {
        let tabs = TabPresenter(items: Self.stackItems)
        #expect(tabs.state.tabs.map(\.item) == Self.stackItems)
        #expect(tabs.state.selectedIndex == 0)
        #expect(tabs.state.selectedTab?.item.title == "Home")
        let plain = TabPresenter(items: Self.items)
        #expect(plain.state.tabs.map(\.item.title) == ["Home", "Search", "Profile"])
        #expect(plain.state.tabs.allSatisfy { $0.top == nil })
    }

    /// JLCoordinator's TabPresenter flow: a child pushed in tab 2 while tab 1
    /// keeps its own stack.
    @Test func aChildPushedInOneTabLeavesTheOtherTabsStacksAlone() async throws {
        let tabs = TabPresenter(items: Self.stackItems)
        try await withFlowTest(of: TabBarCoordinator(window: SlotPresenter(), tabs: tabs, journal: Journal())) { test in
            try await waitForTabs(tabs)
            let homeBefore = tabs.state.tabs[0].presentations

            try await test.selectTab(titled: "Search", on: tabs)
            let detail = try await test.root.showDetail(inTab: 1)
            _ = try await test.screen(TestScreen.self, on: tabs, where: { $0.name == "detail 1" })

            #expect(tabs.state.selectedIndex == 1)
            #expect(
                tabs.state.tabs.map { $0.presentations.map(\.screen.screenName) } == [
                    ["Home"], ["Search", "detail 1"], ["Profile"],
                ])
            #expect(tabs.state.tabs[0].presentations == homeBefore)

            // The person goes back in tab 2: only its detail flow ends.
            try await test.swipeBack(on: tabs.stack(forTab: 1))
            #expect(await detail.outcome.isDismissedByUser)
            #expect(tabs.state.tabs.map(\.presentations.count) == [1, 1, 1])
            try await test.root.done()
        }  // and the kit checked that every tab is left empty
    }

    /// Director: a tab bar of three embedded coordinators, each with its own stack, torn
    /// down together when the parent ends.
    @Test func embeddedTabCoordinatorsAreTornDownTogetherWithTheirParent() async throws {
        let journal = Journal()
        let tabs = TabPresenter(items: Self.stackItems)
        let window = SlotPresenter()
        let output = try await withFlowTest(
            of: TabBarCoordinator(window: window, tabs: tabs, journal: journal), presenters: [window, tabs]
        ) { test in
            try await waitForTabs(tabs)
            _ = try await test.root.showDetail(inTab: 2)
            _ = try await test.screen(TestScreen.self, on: tabs, where: { $0.name == "detail 2" })
            let shown = tabs.state.tabs.flatMap(\.presentations)

            try await test.root.done()

            let output = try await test.output
            #expect(shown.allSatisfy { $0.dismissalReason == .tornDown })
            for child in try await test.root.children {
                #expect(await child.outcome.ending == .cancelled, "every tab's flow ends with its parent")
            }
            return output
        }  // and the kit checked that the tabs and the window are empty
        #expect(output == "done")
        try await journal.waitUntil { $0.deinitialized.count == 4 }
    }

    @Test func eachTabsFlowEndsOnItsOwn() async throws {
        let tabs = TabPresenter(items: Self.stackItems)
        try await withFlowTest(of: TabBarCoordinator(window: SlotPresenter(), tabs: tabs, journal: Journal())) { test in
            try await waitForTabs(tabs)
            let search = try await test.root.children[1]
            search.cancel()
            #expect(await search.outcome.ending == .cancelled, "expected the Search tab's flow to end")
            #expect(tabs.state.tabs.map(\.presentations.count) == [1, 0, 1])
            #expect(try await test.root.children[0].state == .running)
            #expect(try test.root.flow.state == .running)
            try await test.root.done()
        }
    }

    @Test func tappingTheSelectedTabPopsItsStackToTheRoot() async throws {
        let tabs = TabPresenter(items: Self.stackItems)
        try await withFlowTest(of: TabBarCoordinator(window: SlotPresenter(), tabs: tabs, journal: Journal())) { test in
            try await waitForTabs(tabs)
            let detail = try await test.root.showDetail(inTab: 0)
            _ = try await test.screen(TestScreen.self, on: tabs, where: { $0.name == "detail 0" })

            let changed = try await tabs.userSelectTab(0)  // not selectTab: the test checks what it changed

            #expect(changed)
            #expect(await detail.outcome.isDismissedByUser)
            #expect(tabs.state.tabs[0].presentations.map(\.screen.screenName) == ["Home"])
            let again = try await tabs.userSelectTab(0)
            #expect(!again, "nothing left to pop")
            try await test.root.done()
        }
    }

    @Test func tappingTheSelectedTabWhileItsFlowIsTornDownNeverThrows() async throws {
        // A tab's flow (a root and a detail) is cancelled while a person taps the tab: the
        // tap pops to the root as the stack is when it lands — or finds nothing to pop.
        actor ShowsRootAndDetail: Coordinator {
            let flow = Flow<Void>()
            let navigation: NavigationPresenter
            init(_ navigation: NavigationPresenter) { self.navigation = navigation }
            func start() async throws {
                try await flow.present(TestScreen("root"), on: navigation)
                try await flow.present(TestScreen("detail"), on: navigation)
                try await flow.finished
            }
        }
        let tabs = TabPresenter(items: Self.stackItems)
        let navigation = try tabs.stack(forTab: 0)
        let window = SlotPresenter()
        let bar = Branch("bar", on: window)
        async let done = CoordinatorTree().run(bar)
        try await window.waitUntil { $0.presentation != nil }
        // Fewer rounds under ThreadSanitizer, which runs every suite at once ten times slower:
        // 4,000 there outran the suite's time limit.
        for round in 0..<(runningUnderThreadSanitizer ? 1000 : 4000) {
            let tab = try bar.flow.start(ShowsRootAndDetail(navigation))
            try await navigation.waitUntil { $0.stack.count == 2 }
            // Once the teardown has removed the detail, a person taps the tab again and
            // again (a burst of taps, each landing on the stack as it is) while the
            // teardown removes the root.
            let tap = Task {
                try await navigation.waitUntil { $0.stack.count <= 1 }
                for _ in 0..<100 { _ = try await tabs.userSelectTab(0) }
            }
            tab.cancel()
            do {
                _ = try await tap.value
            } catch {
                Issue.record("round \(round): the tap threw \(error)")
                break
            }
            _ = await tab.outcome
            #expect(navigation.stack.isEmpty)
        }
        try await bar.done("done")
        _ = try await done
    }

    @Test func selectAndUserSelectTabChangeTheSelectionOnly() async throws {
        let tabs = TabPresenter(items: Self.items)
        try await tabs.select(2)
        #expect(tabs.state.selectedIndex == 2)
        let changed = try await tabs.userSelectTab(1)
        #expect(changed)
        #expect(tabs.state.selectedTab?.item.title == "Search")
        let again = try await tabs.userSelectTab(1)
        #expect(!again, "tapping the selected tab changes nothing")
        let navigation = TabPresenter(items: Self.stackItems)
        try await navigation.select(2)
        #expect(navigation.state.selectedIndex == 2)
    }

    /// BBCoordinators' tab bar screens with items: each tab shows its screen, items carry
    /// badges that the app updates.
    @Test func tabBarScreensShowTheirScreensAndItems() async throws {
        let tabs = TabPresenter(items: Self.items)
        let window = SlotPresenter()
        try await withFlowTest(of: Branch("tab bar", on: window), presenters: [tabs]) { test in
            _ = try await test.screen(TestScreen.self, on: window)
            for (index, item) in Self.items.enumerated() {
                try test.root.flow.start(Branch("\(item.title)Screen", on: try tabs.presenter(forTab: index)))
            }
            try await tabs.waitUntil { $0.tabs.allSatisfy { $0.top != nil } }
            #expect(
                tabs.state.tabs.map { $0.top?.screen.screenName } == [
                    "HomeScreen", "SearchScreen", "ProfileScreen",
                ])

            try await tabs.setItem(TabItem(title: "Profile", imageName: "person", badge: "3"), forTab: 2)
            #expect(tabs.state.tabs[2].item.badge == "3")

            try await test.root.done("done")
        }  // and the kit checked that every tab is left empty
    }

    @Test func aMissingTabThrowsNoSuchSlot() async throws {
        let tabs = TabPresenter(items: Self.stackItems)
        let lookup = #expect(throws: CoordinatorError.self) { try tabs.presenter(forTab: 3) }
        #expect(lookup?.code == .noSuchSlot)
        let select = await #expect(throws: CoordinatorError.self) { try await tabs.select(-1) }
        #expect(select?.code == .noSuchSlot)
        let tap = await #expect(throws: CoordinatorError.self) { try await tabs.userSelectTab(7) }
        #expect(tap?.code == .noSuchSlot)
        let plain = TabPresenter(items: Self.items)
        let plainLookup = #expect(throws: CoordinatorError.self) { try plain.presenter(forTab: 3) }
        #expect(plainLookup?.code == .noSuchSlot)
        let plainTap = await #expect(throws: CoordinatorError.self) { try await plain.userSelectTab(-1) }
        #expect(plainTap?.code == .noSuchSlot)
        let item = await #expect(throws: CoordinatorError.self) {
            try await TabPresenter(items: Self.items).setItem(TabItem(title: "x"), forTab: 3)
        }
        #expect(item?.code == .noSuchSlot)
        #expect(tabs.state.selectedIndex == 0)
    }

    @Test func aTabsStackChangeIsPublishedAsAChangeOfTheTabBar() async throws {
        let tabs = TabPresenter(items: Self.stackItems)
        let changed = Journal()
        withObservationTracking {
            _ = tabs.state
        } onChange: {
            changed.record(.changed("tab bar"))
        }
        let owner = Branch("Search root", on: try tabs.presenter(forTab: 1))
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await changed.waitUntil { $0 == [.changed("tab bar")] }
        try await tabs.waitUntil { $0.tabs[1].presentations.count == 1 }
        #expect(tabs.state.revision >= 1)
        try await owner.done("done")
        _ = await outcome
    }
}
