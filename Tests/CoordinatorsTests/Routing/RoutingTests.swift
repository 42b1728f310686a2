import Coordinators
import CoordinatorsTesting
import Testing

/// BBCoordinators' navigation by routes: forward, back one, back to; owner checks; which
/// route is showing.
@Suite(.timeLimit(.minutes(1)))
struct RoutingTests {
    /// Runs a MoviesFlow on its own stack in a flow test until it shows its list, then `body`;
    /// then the kit cancels the tree and checks that the stack is left empty.
    private func withMovies(
        _ body: @escaping @Sendable (FlowTest<MoviesFlow>, NavigationPresenter, MoviesFlow) async throws -> Void
    ) async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: MoviesFlow(navigation: navigation), atEnd: .cancelTree) { test in
            _ = try await test.screen(TestScreen.self, on: navigation)
            try await body(test, navigation, test.root)
        }
    }

    @Test func bbForwardBackOneAndBackToMoveAlongTheRoutes() async throws {
        try await withMovies { _, navigation, movies in
            try await movies.go(.forward(to: .movie(id: 1)))
            try await movies.go(.forward(to: .movie(id: 2)))
            #expect(navigation.state.screenNames == ["list", "movie 1", "movie 2"])
            #expect(movies.routes == [.list, .movie(id: 1), .movie(id: 2)])
            #expect(movies.currentRoute == .movie(id: 2))

            try await movies.go(.backOne)
            #expect(navigation.state.screenNames == ["list", "movie 1"])
            try await movies.go(.forward(to: .movie(id: 3)))
            try await movies.go(.back(to: .list))
            #expect(navigation.state.screenNames == ["list"])
            #expect(movies.routes == [.list])
        }
    }

    @Test func goingBackToARouteThatIsNotShownIsAnErrorAndChangesNothing() async throws {
        try await withMovies { _, navigation, movies in
            try await movies.go(.forward(to: .movie(id: 1)))
            let error = await #expect(throws: CoordinatorError.self) { try await movies.go(.back(to: .movie(id: 9))) }
            #expect(error?.code == .routeNotShown)
            #expect(navigation.state.screenNames == ["list", "movie 1"])
        }
    }

    @Test func goingBackOneFromTheMainScreenIsAnErrorAndChangesNothing() async throws {
        try await withMovies { _, navigation, movies in
            let error = await #expect(throws: CoordinatorError.self) { try await movies.go(.backOne) }
            #expect(error?.code == .nothingToPop)
            #expect(navigation.state.screenNames == ["list"])
            #expect(movies.flow.state == .running)
        }
    }

    @Test func goingBackPastAChildsRouteEndsTheChildAndTakesItsScreens() async throws {
        try await withMovies { test, navigation, movies in
            try await movies.go(.forward(to: .movie(id: 1)))
            try await movies.go(.forward(to: .reviews(movieID: 1)))
            #expect(navigation.state.screenNames == ["list", "movie 1", "reviews of 1"])
            #expect(test.tree.snapshot().allCoordinators.map(\.coordinatorType) == ["MoviesFlow", "ReviewsFlow"])

            try await movies.go(.back(to: .movie(id: 1)))
            #expect(navigation.state.screenNames == ["list", "movie 1"])
            #expect(test.tree.snapshot().allCoordinators.map(\.coordinatorType) == ["MoviesFlow"])
            #expect(movies.routes == [.list, .movie(id: 1)])
        }
    }

    @Test func goingBackOneEndsTheChildTheLastRouteStarted() async throws {
        try await withMovies { test, navigation, movies in
            try await movies.go(.forward(to: .reviews(movieID: 4)))
            try await movies.go(.backOne)
            #expect(navigation.state.screenNames == ["list"])
            #expect(test.tree.snapshot().allCoordinators.count == 1)
        }
    }

    /// A sibling that pushes a screen on the same stack, above MoviesFlow's.
    actor Intruder: Coordinator {
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }
        func start() async throws {
            try await flow.present(TestScreen("intruder"), on: navigation)
            try await flow.finished
        }
    }

    actor Siblings: Coordinator {
        let flow = Flow<Void>()
        let movies: MoviesFlow
        let intruder: Intruder
        init(movies: MoviesFlow, intruder: Intruder) {
            self.movies = movies
            self.intruder = intruder
        }
        func start() async throws {
            try flow.start(movies)
            try await flow.finished
        }
        func startIntruder() throws { try flow.start(intruder) }
    }

    @Test func goingBackOverAnotherCoordinatorsScreenIsNotOwnerAndChangesNothing() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(
            of: Siblings(movies: MoviesFlow(navigation: navigation), intruder: Intruder(navigation: navigation)),
            atEnd: .cancelTree
        ) { test in
            _ = try await test.screen(TestScreen.self, on: navigation)
            let movies = try test.root.movies
            try await movies.go(.forward(to: .movie(id: 1)))
            try await test.root.startIntruder()
            _ = try await test.screen(TestScreen.self, on: navigation, where: { $0.name == "intruder" })

            let error = await #expect(throws: CoordinatorError.self) { try await movies.go(.back(to: .list)) }
            #expect(error?.code == .notOwner)
            #expect(navigation.state.screenNames == ["list", "movie 1", "intruder"])
        }
    }

    @Test func forwardToARouteWithoutDestinationIsNoRoute() async throws {
        try await withRunningApp { test, app in
            // Not signed in, and the login answers "no": `.account` has no destination.
            let root = try test.root
            let going = Task { try await root.go(.forward(to: .account)) }
            try await test.answer(LoginForm.self, on: app.modal, with: false)
            let error = await #expect(throws: CoordinatorError.self) { try await going.value }
            #expect(error?.code == .noRoute)
        }
    }

    @Test func aRoutesDestinationIsAPlainValueATestCanCheckWithoutRunningIt() async throws {
        let movies = MoviesFlow(navigation: NavigationPresenter())
        let movie = await movies.destination(for: .movie(id: 7))
        #expect(movie?.screen?.screenName == "movie 7")
        #expect(movie?.description == "screen movie 7 on NavigationPresenter")
        let reviews = await movies.destination(for: .reviews(movieID: 7))
        #expect(reviews?.coordinator is ReviewsFlow)
        #expect(reviews?.screen == nil)
        #expect(movies.routes.isEmpty)
    }

    @Test func theSnapshotSaysWhichRouteEachCoordinatorShows() async throws {
        try await withMovies { test, _, movies in
            try await movies.go(.forward(to: .movie(id: 1)))
            try await movies.go(.forward(to: .reviews(movieID: 1)))
            let snapshot = test.tree.snapshot()
            let coordinators = snapshot.allCoordinators
            #expect(coordinators[0].routes == ["list", "movie(id: 1)", "reviews(movieID: 1)"])
            #expect(coordinators[0].route == "reviews(movieID: 1)")
            #expect(coordinators[1].route == "latest")
            #expect(coordinators[0].presentations.map(\.route) == ["list", "movie(id: 1)"])
            #expect(
                snapshot.description.contains(
                    "MoviesFlow #1 [running] routes: list → movie(id: 1) → reviews(movieID: 1)"))
        }
    }

    @Test func aTabRootsCurrentRouteIsTheTabItFocusedLast() async throws {
        try await withRunningApp { test, app in
            let root = try test.root
            #expect(root.routes == [.movies, .search])
            try await root.go(.forward(to: .movies))
            #expect(root.currentRoute == .movies)
            #expect(app.tabs.state.selectedIndex == 0)
            try await root.go(.forward(to: .search))
            #expect(root.currentRoute == .search)
            #expect(app.tabs.state.selectedIndex == 1)
        }
    }
}
