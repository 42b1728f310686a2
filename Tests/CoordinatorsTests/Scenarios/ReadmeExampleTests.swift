import Coordinators
import CoordinatorsTesting
import Testing

/// The README's example, verbatim, driven as a person would drive it.
@Suite(.timeLimit(.minutes(1)))
struct ReadmeExampleTests {
    struct User: Sendable, Equatable { let name: String }

    struct HomeScreen: Screen { let actions: AppCoordinator }
    struct LoginScreen: Screen { let actions: LoginCoordinator }

    actor AppCoordinator: Coordinator {  // event style
        let flow = Flow<User>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws -> User {
            try await flow.present(HomeScreen(actions: self), on: navigation)
            return try await flow.finished  // until finish(with:)
        }

        func logInTapped() async throws {  // called by HomeScreen
            let user = try await flow.run(LoginCoordinator(navigation: navigation))
            try flow.finish(with: user)
        }
    }

    actor LoginCoordinator: Coordinator {
        let flow = Flow<User>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws -> User {
            try await flow.present(LoginScreen(actions: self), on: navigation)  // pushed
            return try await flow.finished
        }

        func loggedIn(as user: User) throws { try flow.finish(with: user) }  // screen popped for you
    }

    @Test func logsInAndReturnsTheUser() async throws {
        let navigation = NavigationPresenter()
        let user = try await withFlowTest(of: AppCoordinator(navigation: navigation)) { test in
            try await test.tap(HomeScreen.self, on: navigation) { try await $0.actions.logInTapped() }
            try await test.tap(LoginScreen.self, on: navigation) { login in
                #expect(navigation.state.screenNames == ["HomeScreen", "LoginScreen"])
                try await login.actions.loggedIn(as: User(name: "ada"))
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
            let logIn = try await test.tap(HomeScreen.self, on: navigation) { try await $0.actions.logInTapped() }
            _ = try await test.screen(LoginScreen.self, on: navigation)
            try await test.swipeBack(on: navigation)  // the back gesture
            await #expect(throws: FlowDismissed(reason: .byUser)) { try await logIn.value }
            #expect(navigation.state.screenNames == ["HomeScreen"])
        }  // then: the tree is torn down, every screen left, every coordinator was released
    }
}
