import Coordinators
import CoordinatorsTesting
import Testing

/// One `TabPresenter` whose tabs' items decide what each holds: one screen, or a stack.
@Suite(.timeLimit(.minutes(1)))
struct MixedTabsTests {
    static let items = [TabItem(title: "Feed", content: .stack), TabItem(title: "Camera")]

    /// Shows the bar in a window, then runs one flow per tab: a feed that pushes a post, and
    /// a camera that shows a viewfinder and then a photo in its place.
    actor TabsCoordinator: Coordinator {
        let flow = Flow<Void>()
        let window = SlotPresenter()
        let tabs: TabPresenter
        init(tabs: TabPresenter) { self.tabs = tabs }

        func start() async throws {
            try await flow.present(TestScreen("tab bar"), on: window)
            try flow.start(Screens(["Feed", "Post"], on: try tabs.presenter(forTab: 0)))
            try flow.start(Screens(["Viewfinder", "Photo"], on: try tabs.presenter(forTab: 1)))
            try await flow.finished
        }
    }

    /// Presents its screens one after another on one presenter, then waits.
    actor Screens: Coordinator {
        let flow = Flow<Void>()
        let names: [String]
        let presenter: any Presenter
        init(_ names: [String], on presenter: any Presenter) {
            (self.names, self.presenter) = (names, presenter)
        }

        func start() async throws {
            for name in names { try await flow.present(TestScreen(name), on: presenter) }
            try await flow.finished
        }
    }

    @Test func aTabOfAStackPushesAndATabOfOneScreenReplaces() async throws {
        let tabs = TabPresenter(items: Self.items)
        try await withFlowTest(of: TabsCoordinator(tabs: tabs), atEnd: .cancelTree) { test in
            try await tabs.waitUntil { $0.screenNames == ["Feed", "Post", "Photo"] }
            #expect(
                tabs.state.tabs.map { $0.presentations.map(\.screen.screenName) } == [["Feed", "Post"], ["Photo"]])
            #expect(tabs.tabPresenters[0] is NavigationPresenter)
            #expect(tabs.tabPresenters[1] is SlotPresenter)
            #expect(tabs.state.top?.screen.screenName == "Post")
        }
    }

    @Test func tappingTheSelectedTabPopsAStackToItsRootAndLeavesOneScreenAsItIs() async throws {
        let tabs = TabPresenter(items: Self.items)
        try await withFlowTest(of: TabsCoordinator(tabs: tabs), atEnd: .cancelTree) { test in
            try await tabs.waitUntil { $0.screenNames == ["Feed", "Post", "Photo"] }
            try await test.selectTab(titled: "Feed", on: tabs)
            #expect(tabs.state.screenNames == ["Feed", "Photo"])
            try await test.selectTab(titled: "Camera", on: tabs)
            #expect(try await !tabs.userSelectTab(1), "tapping the selected tab of one screen changes nothing")
            #expect(tabs.state.screenNames == ["Feed", "Photo"])
        }
    }

    @Test func aTabOfOneScreenHasNoStack() async throws {
        let tabs = TabPresenter(name: "main", items: Self.items)
        #expect(try tabs.stack(forTab: 0) === tabs.presenter(forTab: 0))
        let error = #expect(throws: CoordinatorError.self) { try tabs.stack(forTab: 1) }
        #expect(error?.code == .noSuchSlot)
        #expect(error?.message.contains("Tab 1 of main holds one screen, not a stack") == true)
    }

    /// An item that changes what its tab holds gives the tab a new presenter of that kind;
    /// what the old one showed leaves as replaced, which ends its coordinator.
    @Test func changingATabsContentReplacesWhatItShowed() async throws {
        let tabs = TabPresenter(items: Self.items)
        try await withFlowTest(of: TabsCoordinator(tabs: tabs), atEnd: .cancelTree) { test in
            try await tabs.waitUntil { $0.screenNames == ["Feed", "Post", "Photo"] }
            let photo = try #require(tabs.state.tabs[1].top)
            let camera = try tabs.presenter(forTab: 1)
            try await tabs.setItem(TabItem(title: "Camera", badge: "1", content: .stack), forTab: 1)
            #expect(photo.dismissalReason == .replaced)
            #expect(try tabs.stack(forTab: 1) !== camera)
            #expect(tabs.state.tabs[1].presentations.isEmpty)

            let post = try #require(tabs.state.tabs[0].top)
            try await tabs.setTabs([TabItem(title: "Feed"), TabItem(title: "Camera", content: .stack)])
            #expect(post.dismissalReason == .replaced, "Feed became a tab of one screen: a new tab")
            #expect(tabs.tabPresenters[0] is SlotPresenter)
            #expect(tabs.state.screenNames.isEmpty)
        }
    }
}
