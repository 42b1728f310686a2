import Coordinators
import Testing

/// A link keeps what it finds shown: the same link twice, or a restoration of the state on
/// screen, changes nothing; a link that fails at a coordinator leaves its screens as they were.
@Suite(.timeLimit(.minutes(1)))
struct LinkKeepingTests {
    private func runApp() async throws -> (RunningApp, Task<Void, any Error>) {
        let app = RunningApp()
        let run = Task { try await app.tree.run(app.makeRoot(signedIn: true)) }
        try await app.waitUntilStarted()
        return (app, run)
    }

    private let deep = DeepLink(
        AppRoute.movies, MoviesRoute.movie(id: 7), MoviesRoute.reviews(movieID: 7), ReviewsRoute.review(id: 2))

    /// The coordinators running, by id.
    private func coordinators(_ app: RunningApp) -> [String] {
        app.tree.snapshot().allCoordinators.map { "\($0.coordinatorType) \($0.id)" }
    }

    @Test func theSameLinkOpenedTwiceChangesNothingTheSecondTime() async throws {
        let (app, run) = try await runApp()
        try await app.tree.open(deep)
        let movies = try app.movies
        #expect(movies.state.screenNames == ["list", "movie 7", "reviews of 7", "review 2"])
        let (revision, tabs, running) = (movies.state.revision, app.tabs.state.revision, coordinators(app))

        try await app.tree.open(deep)
        #expect(movies.state.revision == revision)
        #expect(app.tabs.state.revision == tabs)
        #expect(coordinators(app) == running)
        #expect(movies.state.screenNames == ["list", "movie 7", "reviews of 7", "review 2"])
        app.tree.cancel()
        _ = await run.result
    }

    @Test func restoringTheStateOnScreenChangesNothing() async throws {
        let (app, run) = try await runApp()
        try await app.tree.open(DeepLink(AppRoute.search, SearchRoute.results(query: "noir")))
        try await app.tree.open(deep)
        let state = try #require(app.tree.navigationState())
        let movies = try app.movies
        let search = try app.search
        let revisions = (movies.state.revision, search.state.revision, app.tabs.state.revision)
        let running = coordinators(app)

        let report = try await app.tree.restore(state)
        #expect(report.isComplete)
        #expect(movies.state.revision == revisions.0)
        #expect(search.state.revision == revisions.1)
        #expect(app.tabs.state.revision == revisions.2)
        #expect(coordinators(app) == running)
        #expect(app.tree.navigationState() == state)
        app.tree.cancel()
        _ = await run.result
    }

    @Test func aLinkWhoseStepIsUnhandledLeavesThatCoordinatorsScreensAsTheyWere() async throws {
        let (app, run) = try await runApp()
        try await app.tree.open(DeepLink(AppRoute.movies, MoviesRoute.movie(id: 1), MoviesRoute.movie(id: 2)))
        let movies = try app.movies
        let revision = movies.state.revision

        // `.list` would go back, `.movie(3)` push; the search route after them is not the movie flow's.
        let error = await #expect(throws: DeepLinkError.self) {
            try await app.tree.open(
                DeepLink(AppRoute.movies, MoviesRoute.list, MoviesRoute.movie(id: 3), SearchRoute.results(query: "x")))
        }
        #expect(error?.code == .unhandled)
        #expect(error?.step == 3)
        #expect(movies.state.screenNames == ["list", "movie 1", "movie 2"])
        #expect(movies.state.revision == revision)
        app.tree.cancel()
        _ = await run.result
    }

    @Test func aTreeTornDownUnderAWaitingLinkGivesTargetEnded() async throws {
        let app = RunningApp()
        let run = Task { try await app.tree.run(app.makeRoot(signedIn: false)) }
        try await app.waitUntilStarted()
        // `.account` asks for a sign-in first: the link waits on the login form.
        let opening = Task { try await app.tree.open(DeepLink(AppRoute.account)) }
        try await app.modal.waitUntil { $0.top?.screen is LoginForm }
        app.tree.cancel()
        let error = await #expect(throws: DeepLinkError.self) { try await opening.value }
        #expect(error?.code == .targetEnded)
        _ = await run.result
    }

    @Test func aRestorationWaitingWhenTheTreeIsTornDownGivesTargetEnded() async throws {
        let (signedIn, signedInRun) = try await runApp()
        try await signedIn.tree.open(DeepLink(AppRoute.account))
        let saved = try #require(signedIn.tree.navigationState())
        signedIn.tree.cancel()
        _ = await signedInRun.result

        let app = RunningApp()
        let run = Task { try await app.tree.run(app.makeRoot(signedIn: false)) }
        try await app.waitUntilStarted()
        let restoring = Task { try await app.tree.restore(saved) }
        try await app.modal.waitUntil { $0.top?.screen is LoginForm }
        app.tree.cancel()
        let error = await #expect(throws: DeepLinkError.self) { try await restoring.value }
        #expect(error?.code == .targetEnded)
        _ = await run.result
    }

    @Test func aStateThatShowsARouteTwiceRestoresAsItWas() async throws {
        let first = NavigationPresenter()
        let lane = LaneFlow(on: first)
        var saved: NavigationState?
        try await withRunning(lane, until: !first.state.stack.isEmpty) { tree in
            for name in ["a", "b", "a"] { try await lane.go(.forward(to: .screen(name))) }
            saved = tree.navigationState()
        }
        let state = try #require(saved)

        let second = NavigationPresenter()
        let restored = LaneFlow(on: second)
        try await withRunning(restored, until: !second.state.stack.isEmpty) { tree in
            let revision = second.state.revision
            let report = try await tree.restore(state)
            #expect(report.isComplete)
            #expect(second.state.screenNames == ["root", "a", "b", "a"])
            #expect(second.state.revision == revision + 1, "the three screens are pushed in one change")
            #expect(tree.navigationState() == state)
        }
    }

    @Test func aLinkThatRepeatsARouteIsAPathAndShowsItTwice() async throws {
        let navigation = NavigationPresenter()
        let lane = LaneFlow(on: navigation)
        try await withRunning(lane, until: !navigation.state.stack.isEmpty) { _ in
            try await lane.open(DeepLink([Lane.screen("a"), .screen("b"), .screen("a")]))
            #expect(navigation.state.screenNames == ["root", "a", "b", "a"])
            // Opened again from the first route, it keeps all four.
            try await lane.open(DeepLink([Lane.screen("root"), .screen("a"), .screen("b"), .screen("a")]))
            #expect(navigation.state.screenNames == ["root", "a", "b", "a"])
        }
    }

    @Test func restoringTheStateOnScreenWithAScreenAboveAChildChangesNothing() async throws {
        let navigation = NavigationPresenter()
        let lane = LaneFlow(on: navigation)
        try await withRunning(lane, until: !navigation.state.stack.isEmpty) { tree in
            try await lane.go(.forward(to: .sub("b")))
            try await lane.go(.forward(to: .screen("c")))
            #expect(navigation.state.screenNames == ["root", "b 0", "c"])
            let state = try #require(tree.navigationState())
            let revision = navigation.state.revision

            let report = try await tree.restore(state)
            #expect(report.isComplete)
            #expect(navigation.state.revision == revision)
            #expect(tree.navigationState() == state)
        }
    }

    @Test func aRestorationThatWouldRemoveTheMainScreenIsReportedAndKeepsTheFlowRunning() async throws {
        let saving = NavigationPresenter()
        let home = LaneFlow(on: saving, first: .screen("home"))
        let savingTree = CoordinatorTree()
        let savingRun = Task { await savingTree.runForOutcome(home) }
        try await saving.waitUntil { !$0.stack.isEmpty }
        try await home.go(.forward(to: .screen("a")))
        let state = try #require(savingTree.navigationState())
        savingTree.cancel()
        _ = await savingRun.value

        let navigation = NavigationPresenter()
        let lane = LaneFlow(on: navigation)  // its first screen is "root", not "home"
        try await withRunning(lane, until: !navigation.state.stack.isEmpty) { tree in
            let report = try await tree.restore(state)
            #expect(!report.isComplete)
            #expect(report.skipped == ["LaneFlow → screen(\"home\")", "LaneFlow → screen(\"a\")"])
            #expect(report.reason?.contains("main screen") == true)
            #expect(navigation.state.screenNames == ["root"])
            #expect(lane.flow.state == .running)
        }
    }
}
