import Coordinators
import Testing

/// BBCoordinators' navigation by routes: forward, back one, back to; owner checks; which
/// route is showing.
@Suite(.timeLimit(.minutes(1)))
struct RoutingTests {
    /// Runs a MoviesFlow on its own stack until it shows its list.
    private func runMovies() async throws -> (CoordinatorTree, NavigationPresenter, MoviesFlow, Task<Void, any Error>) {
        let tree = CoordinatorTree()
        let navigation = NavigationPresenter()
        let movies = MoviesFlow(navigation: navigation)
        let run = Task { try await tree.run(movies) }
        try await navigation.waitUntil { $0.stack.count == 1 }
        return (tree, navigation, movies, run)
    }

    @Test func bbForwardBackOneAndBackToMoveAlongTheRoutes() async throws {
        let (tree, navigation, movies, run) = try await runMovies()
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
        tree.cancel()
        _ = await run.result
    }

    @Test func goingBackToARouteThatIsNotShownIsAnErrorAndChangesNothing() async throws {
        let (tree, navigation, movies, run) = try await runMovies()
        try await movies.go(.forward(to: .movie(id: 1)))
        let error = await #expect(throws: CoordinatorError.self) { try await movies.go(.back(to: .movie(id: 9))) }
        #expect(error?.code == .routeNotShown)
        #expect(navigation.state.screenNames == ["list", "movie 1"])
        tree.cancel()
        _ = await run.result
    }

    @Test func goingBackOneFromTheMainScreenIsAnErrorAndChangesNothing() async throws {
        let (tree, navigation, movies, run) = try await runMovies()
        let error = await #expect(throws: CoordinatorError.self) { try await movies.go(.backOne) }
        #expect(error?.code == .nothingToPop)
        #expect(navigation.state.screenNames == ["list"])
        #expect(movies.flow.state == .running)
        tree.cancel()
        _ = await run.result
    }

    @Test func goingBackPastAChildsRouteEndsTheChildAndTakesItsScreens() async throws {
        let (tree, navigation, movies, run) = try await runMovies()
        try await movies.go(.forward(to: .movie(id: 1)))
        try await movies.go(.forward(to: .reviews(movieID: 1)))
        #expect(navigation.state.screenNames == ["list", "movie 1", "reviews of 1"])
        #expect(tree.snapshot().allCoordinators.map(\.coordinatorType) == ["MoviesFlow", "ReviewsFlow"])

        try await movies.go(.back(to: .movie(id: 1)))
        #expect(navigation.state.screenNames == ["list", "movie 1"])
        #expect(tree.snapshot().allCoordinators.map(\.coordinatorType) == ["MoviesFlow"])
        #expect(movies.routes == [.list, .movie(id: 1)])
        tree.cancel()
        _ = await run.result
    }

    @Test func goingBackOneEndsTheChildTheLastRouteStarted() async throws {
        let (tree, navigation, movies, run) = try await runMovies()
        try await movies.go(.forward(to: .reviews(movieID: 4)))
        try await movies.go(.backOne)
        #expect(navigation.state.screenNames == ["list"])
        #expect(tree.snapshot().allCoordinators.count == 1)
        tree.cancel()
        _ = await run.result
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
        let tree = CoordinatorTree()
        let navigation = NavigationPresenter()
        let movies = MoviesFlow(navigation: navigation)
        let root = Siblings(movies: movies, intruder: Intruder(navigation: navigation))
        let run = Task { try await tree.run(root) }
        try await navigation.waitUntil { $0.stack.count == 1 }
        try await movies.go(.forward(to: .movie(id: 1)))
        try await root.startIntruder()
        try await navigation.waitUntil { $0.stack.count == 3 }

        let error = await #expect(throws: CoordinatorError.self) { try await movies.go(.back(to: .list)) }
        #expect(error?.code == .notOwner)
        #expect(navigation.state.screenNames == ["list", "movie 1", "intruder"])
        tree.cancel()
        _ = await run.result
    }

    @Test func forwardToARouteWithoutDestinationIsNoRoute() async throws {
        let app = RunningApp()
        let root = app.makeRoot()
        let run = Task { try await app.tree.run(root) }
        try await app.waitUntilStarted()
        // Not signed in, and the login answers "no": `.account` has no destination.
        let going = Task { try await root.go(.forward(to: .account)) }
        try await app.modal.waitUntil { $0.top?.screen is LoginForm }
        try app.modal.state.top?.answer(false)
        let error = await #expect(throws: CoordinatorError.self) { try await going.value }
        #expect(error?.code == .noRoute)
        app.tree.cancel()
        _ = await run.result
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
        let (tree, _, movies, run) = try await runMovies()
        try await movies.go(.forward(to: .movie(id: 1)))
        try await movies.go(.forward(to: .reviews(movieID: 1)))
        let snapshot = tree.snapshot()
        let coordinators = snapshot.allCoordinators
        #expect(coordinators[0].routes == ["list", "movie(id: 1)", "reviews(movieID: 1)"])
        #expect(coordinators[0].route == "reviews(movieID: 1)")
        #expect(coordinators[1].route == "latest")
        #expect(coordinators[0].presentations.map(\.route) == ["list", "movie(id: 1)"])
        #expect(
            snapshot.description.contains("MoviesFlow #1 [running] routes: list → movie(id: 1) → reviews(movieID: 1)"))
        tree.cancel()
        _ = await run.result
    }

    @Test func aTabRootsCurrentRouteIsTheTabItFocusedLast() async throws {
        let app = RunningApp()
        let root = app.makeRoot()
        let run = Task { try await app.tree.run(root) }
        try await app.waitUntilStarted()
        #expect(root.routes == [.movies, .search])
        try await root.go(.forward(to: .movies))
        #expect(root.currentRoute == .movies)
        #expect(app.tabs.state.selectedIndex == 0)
        try await root.go(.forward(to: .search))
        #expect(root.currentRoute == .search)
        #expect(app.tabs.state.selectedIndex == 1)
        app.tree.cancel()
        _ = await run.result
    }
}
