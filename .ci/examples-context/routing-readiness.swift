// Wraps statements of Guides/Routing.md in the `start()` of an app's root that runs an
// onboarding before it shows its home screen.
private actor OnboardingCoordinator: Coordinator {
    let flow = Flow<Void>()
    func start() async throws {}
}

private actor AppCoordinator: Routable {
    enum Route: Hashable, Sendable { case home }
    let flow = Flow<Void>()
    let navigation = NavigationPresenter()

    func destination(for route: Route) -> Destination? {
        .screen(HomeScreen(), on: navigation)
    }

    func start() async throws {
        // EXAMPLE
    }
}

private struct HomeScreen: Screen {}
