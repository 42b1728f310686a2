import Coordinators
import CoordinatorsTesting
import Testing

/// The README's example, verbatim, driven as a person would drive it.
@Suite(.timeLimit(.minutes(1)))
struct ReadmeExampleTests {
    struct User: Sendable, Equatable { let name: String }

    struct HomeScreen: Screen { let router: Router<AppCoordinator.Route, AppCoordinator.ScreenAction> }
    struct LoginScreen: Screen { let router: Router<LoginCoordinator.Route, LoginCoordinator.ScreenAction> }

    actor AppCoordinator: Routable {  // event style
        enum Route: Hashable, Sendable { case home }
        enum ScreenAction: Sendable { case logIn }  // what its screens may ask for
        let flow = Flow<User>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws -> User {
            try await go(.forward(to: .home))
            return try await flow.finished  // until finish(with:)
        }

        func destination(for route: Route) -> Destination? {
            .screen(HomeScreen(router: router), on: navigation)  // a router, not the coordinator
        }

        func perform(_ action: ScreenAction) async throws {  // HomeScreen's router.perform(.logIn)
            let user = try await flow.run(LoginCoordinator(navigation: navigation))
            try flow.finish(with: user)
        }
    }

    actor LoginCoordinator: Routable {
        enum Route: Hashable, Sendable { case login }
        enum ScreenAction: Sendable { case loggedIn(User) }
        let flow = Flow<User>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws -> User {
            try await go(.forward(to: .login))  // pushed
            return try await flow.finished
        }

        func destination(for route: Route) -> Destination? {
            .screen(LoginScreen(router: router), on: navigation)
        }

        func perform(_ action: ScreenAction) async throws {
            guard case .loggedIn(let user) = action else { return }
            try flow.finish(with: user)  // screen popped for you
        }
    }

    @Test func logsInAndReturnsTheUser() async throws {
        let navigation = NavigationPresenter()
        let user = try await withFlowTest(of: AppCoordinator(navigation: navigation)) { test in
            try await test.tap(HomeScreen.self, on: navigation) { try await $0.router.perform(.logIn).value }
            try await test.tap(LoginScreen.self, on: navigation) { login in
                #expect(navigation.state.screenNames == ["HomeScreen", "LoginScreen"])
                try await login.router.perform(.loggedIn(User(name: "ada"))).value
            }
            return try await test.output
        }
        #expect(user == User(name: "ada"))
        #expect(navigation.stack.isEmpty)
    }

    /// The README's testing section, verbatim.
    @Test func swipingBackFromLoginKeepsTheHomeScreen() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: AppCoordinator(navigation: navigation), atEnd: .cancelTree) { test in
            let logIn = try await test.tap(HomeScreen.self, on: navigation) {
                try await $0.router.perform(.logIn).value
            }
            _ = try await test.screen(LoginScreen.self, on: navigation)
            try await test.swipeBack(on: navigation)  // the back gesture
            await #expect(throws: FlowDismissed(reason: .byUser)) { try await logIn.value }
            #expect(navigation.state.screenNames == ["HomeScreen"])
        }  // then: the tree is torn down, every screen left, every coordinator was released
    }
}
