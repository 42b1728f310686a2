import Coordinators
import CoordinatorsTesting
import Testing

/// Deep links from the root and from a coordinator: each step awaits the one before, a step
/// may await a login, a newer link supersedes the one in flight, unhandled steps and
/// malformed URLs are named errors.
@Suite(.timeLimit(.minutes(1)))
struct DeepLinkTests {
    /// Runs the app until both tabs show their first screen.
    private func runApp(signedIn: Bool = false) async throws -> (RunningApp, AppRoot, Task<Void, any Error>) {
        let app = RunningApp()
        let root = app.makeRoot(signedIn: signedIn)
        let run = Task { try await app.tree.run(root) }
        try await app.waitUntilStarted()
        return (app, root, run)
    }

    private func end(_ app: RunningApp, _ run: Task<Void, any Error>) async {
        app.tree.cancel()
        _ = await run.result
    }

    @Test func aLinkFromTheRootSelectsTheTabPushesTheScreensAndGoesIntoTheChild() async throws {
        try await withRunningApp { test, app in
            try await test.tree.open(DeepLink(AppRoute.search, SearchRoute.results(query: "noir")))
            #expect(app.screens.search == ["search", "results noir"])
            #expect(app.screens.selected == 1)

            try await test.tree.open(
                DeepLink(
                    AppRoute.movies, MoviesRoute.movie(id: 7), MoviesRoute.reviews(movieID: 7),
                    ReviewsRoute.review(id: 2)))
            #expect(app.screens.movies == ["list", "movie 7", "reviews of 7", "review 2"])
            #expect(app.screens.selected == 0)
            let routes = test.tree.snapshot().allCoordinators.map(\.route)
            #expect(routes == ["movies", "reviews(movieID: 7)", "review(id: 2)", "results(query: \"noir\")"])
        }
    }

    @Test func aLinkToARouteAlreadyShownGoesBackToIt() async throws {
        try await withRunningApp { test, app in
            try await test.tree.open(DeepLink(AppRoute.movies, MoviesRoute.movie(id: 1), MoviesRoute.movie(id: 2)))
            #expect(app.screens.movies == ["list", "movie 1", "movie 2"])
            try await test.tree.open(DeepLink(AppRoute.movies, MoviesRoute.list, MoviesRoute.movie(id: 5)))
            #expect(app.screens.movies == ["list", "movie 5"])
        }
    }

    @Test func aStepMayAwaitALoginAndTheLinkGoesOnAfterIt() async throws {
        try await withRunningApp { test, app in
            let opening = Task { try await test.tree.open(DeepLink(AppRoute.account)) }
            _ = try await test.screen(LoginForm.self, on: app.modal)
            #expect(app.modal.state.screenNames == ["LoginForm"])
            try await test.answer(LoginForm.self, on: app.modal, with: true)
            try await opening.value
            #expect(app.modal.state.screenNames == ["account"])
        }
    }

    @Test func aNewerLinkSupersedesTheOneInFlightAndTearsDownItsHalfMadeStep() async throws {
        try await withRunningApp { test, app in
            let first = Task { try await test.tree.open(DeepLink(AppRoute.account)) }
            _ = try await test.screen(LoginForm.self, on: app.modal)

            try await test.tree.open(DeepLink(AppRoute.movies, MoviesRoute.movie(id: 3)))
            let error = await #expect(throws: DeepLinkError.self) { try await first.value }
            #expect(error?.code == .superseded)
            // The login the first link awaited was cancelled and its form taken away before
            // the second link took its first step.
            #expect(app.modal.state.modals.isEmpty)
            #expect(app.screens.movies == ["list", "movie 3"])
            #expect(!test.tree.snapshot().allCoordinators.map(\.coordinatorType).contains("LoginFlow"))
            #expect(try await test.ended(LoginFlow.self).kind == .cancelled, "the login's last event")
        }
    }

    @Test func stepsAlreadyDoneStayWhenALinkIsSuperseded() async throws {
        try await withRunningApp { test, app in
            // Step 0 (search tab) is done; step 1 waits for a login that never answers.
            let first = Task { try await test.tree.open(DeepLink(AppRoute.search, SearchRoute.results(query: "a"))) }
            try await first.value
            let second = Task { try await test.tree.open(DeepLink(AppRoute.movies, MoviesRoute.movie(id: 1))) }
            try await second.value
            let third = Task { try await test.tree.open(DeepLink(AppRoute.account)) }
            _ = try await test.screen(LoginForm.self, on: app.modal)
            try await test.tree.open(DeepLink(AppRoute.search))
            await #expect(throws: DeepLinkError.self) { try await third.value }
            #expect(app.screens.search == ["search", "results a"])
            #expect(app.screens.movies == ["list", "movie 1"])
            #expect(app.screens.selected == 1)
        }
    }

    @Test func aStepNoCoordinatorHandlesIsUnhandledNamingTheStepAndCoordinatorAndAnEvent() async throws {
        let (app, _, run) = try await runApp()
        let events = app.tree.events()
        let error = await #expect(throws: DeepLinkError.self) {
            try await app.tree.open(DeepLink(AppRoute.movies, ReviewsRoute.latest))
        }
        #expect(error?.code == .unhandled)
        #expect(error?.step == 1)
        #expect(error?.route == "latest")
        #expect(error?.coordinator?.hasPrefix("MoviesFlow #") == true)
        // The step done before stays.
        #expect(app.screens.selected == 0)
        #expect(app.screens.movies == ["list"])
        await end(app, run)
        var unhandled: [LifecycleEvent] = []
        for await event in events {
            if case .linkUnhandled = event.kind { unhandled.append(event) }
        }
        #expect(unhandled.map(\.kind) == [.linkUnhandled(step: 1, route: "latest")])
        #expect(unhandled.first?.coordinatorType == "MoviesFlow")
    }

    @Test func stepsBeyondACoordinatorThatTakesNoRoutesAreUnhandled() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: Branch("plain", on: navigation), atEnd: .cancelTree) { test in
            _ = try await test.screen(TestScreen.self, on: navigation)
            let error = await #expect(throws: DeepLinkError.self) {
                try await test.tree.open(DeepLink(MoviesRoute.list))
            }
            #expect(error?.code == .unhandled)
            #expect(error?.step == 0)
            #expect(error?.message.contains("not Routable") == true)
        }
    }

    struct Links: DeepLinkParser {
        struct Unknown: Error {}
        func link(for url: String) throws -> DeepLink {
            let parts = url.split(separator: "/").map(String.init)
            guard parts.first == "movies" else { throw Unknown() }
            guard parts.count > 1 else { return DeepLink(AppRoute.movies) }
            guard let id = Int(parts[1]) else { throw Unknown() }
            return DeepLink(AppRoute.movies, MoviesRoute.movie(id: id))
        }
    }

    @Test func aURLOpensThroughTheAppsParser() async throws {
        try await withRunningApp { test, app in
            try await test.tree.open(url: "movies/12", using: Links())
            #expect(app.screens.movies == ["list", "movie 12"])
        }
    }

    @Test func aMalformedURLIsANamedErrorAndNothingChanges() async throws {
        try await withRunningApp { test, app in
            try await test.tree.open(DeepLink(AppRoute.search))
            let before = app.screens
            let error = await #expect(throws: DeepLinkError.self) {
                try await test.tree.open(url: "movies/twelve", using: Links())
            }
            #expect(error?.code == .malformedURL)
            #expect(error?.underlying is Links.Unknown)
            #expect(app.screens == before)
        }
    }

    @Test func aLinkOpenedBeforeTheRootRunsWaitsForIt() async throws {
        let app = RunningApp()
        let opening = Task { try await app.tree.open(DeepLink(AppRoute.movies, MoviesRoute.movie(id: 4))) }
        let run = Task { try await app.tree.run(app.makeRoot()) }
        try await opening.value
        #expect(app.screens.movies == ["list", "movie 4"])
        await end(app, run)
    }

    @Test func aCoordinatorOpensALinkForItsOwnSubtree() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: MoviesFlow(navigation: navigation), atEnd: .cancelTree) { test in
            _ = try await test.screen(TestScreen.self, on: navigation)
            try await test.root.open(
                DeepLink(MoviesRoute.movie(id: 2), MoviesRoute.reviews(movieID: 2), ReviewsRoute.review(id: 9)))
            #expect(navigation.state.screenNames == ["list", "movie 2", "reviews of 2", "review 9"])
        }
    }

    @Test func cancellingTheCallerStopsTheLinkAndTearsDownItsHalfMadeStep() async throws {
        try await withRunningApp { test, app in
            let opening = Task { try await test.tree.open(DeepLink(AppRoute.account)) }
            _ = try await test.screen(LoginForm.self, on: app.modal)
            opening.cancel()
            await #expect(throws: CancellationError.self) { try await opening.value }
            #expect(app.modal.state.modals.isEmpty)
        }
    }

    @Test func aCoordinatorThatHasNotRunCannotOpenALink() async throws {
        let movies = MoviesFlow(navigation: NavigationPresenter())
        let error = await #expect(throws: CoordinatorError.self) { try await movies.open(DeepLink(MoviesRoute.list)) }
        #expect(error?.code == .notRunning)
    }

    @Test func aLinkIntoACoordinatorThatEndsBeforeItIsSetUpIsTargetEnded() async throws {
        let tree = CoordinatorTree()
        let navigation = NavigationPresenter()
        let movies = MoviesFlow(navigation: navigation)
        let run = Task { try await tree.run(movies) }
        try await navigation.waitUntil { $0.stack.count == 1 }
        tree.cancel()
        _ = await run.result
        let error = await #expect(throws: DeepLinkError.self) { try await movies.open(DeepLink(MoviesRoute.list)) }
        #expect(error?.code == .targetEnded)
    }

    @Test func anArrayOfOneRouteTypeIsAPathNotOneRoute() {
        let path: [MoviesRoute] = [.movie(id: 1), .reviews(movieID: 1)]
        #expect(DeepLink(path).routes.count == 2)
        #expect(DeepLink(path).description == "movie(id: 1) → reviews(movieID: 1)")
        let mixed: [any Hashable & Sendable] = [AppRoute.movies, MoviesRoute.movie(id: 1)]
        #expect(DeepLink(mixed).routes.count == 2)
        #expect(DeepLink(AppRoute.movies, MoviesRoute.list).routes.count == 2)
    }
}
