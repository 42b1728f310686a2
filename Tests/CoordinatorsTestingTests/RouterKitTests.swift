import Coordinators
import CoordinatorsTesting
import Testing

/// A shelf of items whose screens reach it only through its router.
actor Shelf: Routable {
    enum Route: Hashable, Sendable {
        case list
        case item(Int)
    }

    enum ScreenAction: Sendable {
        case done
        case fail
    }

    struct Refused: Error {}

    struct ListScreen: Screen { let router: Router<Route, ScreenAction> }
    struct ItemScreen: Screen {
        let number: Int
        let router: Router<Route, ScreenAction>
    }

    let flow = Flow<Void>()
    let navigation: NavigationPresenter
    init(navigation: NavigationPresenter) { self.navigation = navigation }

    func start() async throws {
        try await go(.forward(to: .list))
        try await flow.finished
    }

    func destination(for route: Route) -> Destination? {
        switch route {
        case .list: .screen(ListScreen(router: router), on: navigation)
        case .item(let number): .screen(ItemScreen(number: number, router: router), on: navigation)
        }
    }

    func perform(_ action: ScreenAction) async throws {
        switch action {
        case .done: try flow.finish()
        case .fail: throw Refused()
        }
    }
}

/// A test drives a flow through its screens' routers, as their buttons would, and awaits
/// each request where it asserts after it.
@Suite(.timeLimit(.minutes(1)))
struct RouterKitTests {
    @Test func aTestSendsThroughTheScreensRouterAndAwaitsTheOutcome() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: Shelf(navigation: navigation)) { test in
            let list = try await test.screen(Shelf.ListScreen.self, on: navigation)
            try await list.router.go(.forward(to: .item(1))).value
            #expect(navigation.state.screenNames == ["ListScreen", "ItemScreen"])

            let item = try await test.screen(Shelf.ItemScreen.self, on: navigation)
            try await item.router.perform(.done).value
        }  // the flow ended; the routers the test held did not keep the shelf
        #expect(navigation.stack.isEmpty)
    }

    @Test func aFailedRequestNobodyAwaitsIsAnEventTheTestCanExpect() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: Shelf(navigation: navigation), atEnd: .cancelTree) { test in
            try await test.coordinator(Shelf.self).router.perform(.fail)  // dropped, as a button would

            try await test.expectEvents(["Shelf #1 was asked by a screen for perform(fail), which failed: Refused()"])
        }
    }
}
