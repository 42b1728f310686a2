// What Guides/GettingStarted.md's examples use without showing it. The app coordinator and
// its home screen are the README's.

struct User: Sendable { let name: String }

struct Account: Sendable {
    var email: String
    var password = ""
    var acceptedTerms = false
}

struct HomeScreen: Screen { let router: Router<AppCoordinator.Route, AppCoordinator.ScreenAction> }

actor AppCoordinator: Routable {
    enum Route: Hashable, Sendable { case home }
    enum ScreenAction: Sendable { case logIn }
    let flow = Flow<User>()
    let navigation: NavigationPresenter
    init(navigation: NavigationPresenter) { self.navigation = navigation }

    func start() async throws -> User {
        try await go(.forward(to: .home))
        return try await flow.finished
    }

    func destination(for route: Route) -> Destination? {
        .screen(HomeScreen(router: router), on: navigation)
    }

    func perform(_ action: ScreenAction) async throws {
        let user = try await flow.run(LoginCoordinator(navigation: navigation))
        try flow.finish(with: user)
    }
}

actor EmailCoordinator: Coordinator {
    let flow = Flow<String>()
    init(navigation: NavigationPresenter) {}
    func start() async throws -> String { try await flow.finished }
}

actor PasswordCoordinator: Coordinator {
    let flow = Flow<String>()
    init(navigation: NavigationPresenter) {}
    func start() async throws -> String { try await flow.finished }
}

actor ResetPasswordCoordinator: Coordinator {
    let flow = Flow<Void>()
    init(navigation: NavigationPresenter) {}
    func start() async throws { try await flow.finished }
}

func show(_ user: User) {}
func report(_ error: any Error) {}
