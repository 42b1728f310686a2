import Coordinators
import Testing

/// Two coordinators of one name nested in different types: saved state, restoration and link
/// errors tell them apart. A child that takes no routes restores as nothing to do.
@Suite(.timeLimit(.minutes(1)))
struct TypeNameTests {
    enum Movies {
        enum Route: Hashable, Sendable, Codable {
            case home
            case item(Int)
        }
        actor Coordinator: Routable {
            let flow = Flow<Void>()
            let navigation: NavigationPresenter
            init(navigation: NavigationPresenter) { self.navigation = navigation }
            func start() async throws {
                try await go(.forward(to: .home))
                try await flow.finished
            }
            func destination(for route: Route) -> Destination? {
                .screen(TestScreen("movies \(route)"), on: navigation)
            }
        }
    }

    enum Series {
        enum Route: Hashable, Sendable, Codable {
            case home
            case item(Int)
        }
        actor Coordinator: Routable {
            let flow = Flow<Void>()
            let navigation: NavigationPresenter
            init(navigation: NavigationPresenter) { self.navigation = navigation }
            func start() async throws {
                try await go(.forward(to: .home))
                try await flow.finished
            }
            func destination(for route: Route) -> Destination? {
                .screen(TestScreen("series \(route)"), on: navigation)
            }
        }
    }

    /// A root whose one route stands for a plain child started for it, as a tab is.
    actor Shell: Routable {
        enum Route: Hashable, Sendable, Codable { case profile }
        let flow = Flow<Void>()
        let profile = Profile()
        func start() async throws {
            try startChild(profile, for: .profile)
            try await flow.finished
        }
        func destination(for route: Route) -> Destination? { .focus(profile) }
    }

    /// A plain coordinator: it takes no routes.
    actor Profile: Coordinator {
        let flow = Flow<Void>()
        func start() async throws { try await flow.finished }
    }

    @Test func aStateSavedFromOneNestedCoordinatorDoesNotRestoreIntoAnotherOfTheSameName() async throws {
        let navigation = NavigationPresenter()
        var saved: NavigationState?
        let movies = Movies.Coordinator(navigation: navigation)
        try await withRunning(movies, until: !navigation.state.stack.isEmpty) { tree in
            try await movies.go(.forward(to: .item(7)))
            saved = tree.navigationState()
        }
        let state = try #require(saved)
        #expect(state.coordinatorType.hasSuffix("TypeNameTests.Movies.Coordinator"))

        let second = NavigationPresenter()
        try await withRunning(Series.Coordinator(navigation: second), until: !second.state.stack.isEmpty) { tree in
            let report = try await tree.restore(state)
            #expect(!report.isComplete)
            #expect(report.skipped.count == 2)
            #expect(report.reason?.contains("Series.Coordinator") == true)
            #expect(second.state.screenNames == ["series home"])
        }
    }

    @Test func aLinkErrorNamesTheRouteTypeWithTheTypesItIsNestedIn() async throws {
        let navigation = NavigationPresenter()
        let movies = Movies.Coordinator(navigation: navigation)
        try await withRunning(movies, until: !navigation.state.stack.isEmpty) { tree in
            let error = await #expect(throws: DeepLinkError.self) {
                try await tree.open(DeepLink(Series.Route.item(1)))
            }
            #expect(error?.code == .unhandled)
            #expect(error?.message.contains("its routes are TypeNameTests.Movies.Route") == true)
            #expect(error?.message.contains("a TypeNameTests.Series.Route") == true)
        }
    }

    @Test func aPlainChildStartedForARouteRestoresWithNothingToReport() async throws {
        let shell = Shell()
        var saved: NavigationState?
        try await withRunning(shell, until: shell.routes == [.profile]) { tree in
            saved = tree.navigationState()
        }
        let state = try #require(saved)

        let second = Shell()
        try await withRunning(second, until: second.routes == [.profile]) { tree in
            let report = try await tree.restore(state)
            #expect(report.isComplete)
            #expect(report.reason == nil)
        }
    }
}
