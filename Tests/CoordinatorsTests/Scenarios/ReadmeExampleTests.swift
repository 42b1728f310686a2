import Coordinators
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
        async let user = CoordinatorTree().run(AppCoordinator(navigation: navigation))
        try await navigation.waitUntil { $0.top?.screen is HomeScreen }
        let home = try #require(navigation.state.top?.screen as? HomeScreen)
        async let tapped: Void = home.actions.logInTapped()
        try await navigation.waitUntil { $0.top?.screen is LoginScreen }
        #expect(navigation.state.screenNames == ["HomeScreen", "LoginScreen"])
        try await #require(navigation.state.top?.screen as? LoginScreen).actions.loggedIn(as: User(name: "ada"))
        try await tapped
        #expect(try await user == User(name: "ada"))
        #expect(navigation.stack.isEmpty)
    }

    @Test func swipingBackFromLoginThrowsFlowDismissed() async throws {
        let navigation = NavigationPresenter()
        let app = AppCoordinator(navigation: navigation)
        let tree = CoordinatorTree()
        async let user = tree.runForOutcome(app)
        try await navigation.waitUntil { $0.stack.count == 1 }
        let tapped = Task { try await app.logInTapped() }
        try await navigation.waitUntil { $0.stack.count == 2 }
        try await navigation.userPop()
        await #expect(throws: FlowDismissed(reason: .byUser)) { try await tapped.value }
        #expect(navigation.state.screenNames == ["HomeScreen"])
        #expect(app.flow.state == .running)
        tree.cancel()
        guard case .cancelled = await user else {
            Issue.record("expected cancelled")
            return
        }
        #expect(navigation.stack.isEmpty)
    }
}
