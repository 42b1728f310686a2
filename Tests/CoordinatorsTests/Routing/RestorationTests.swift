import Coordinators
import Foundation
import Testing

/// The navigation state as a Codable value, re-opened in a new tree through the deep-link
/// steps; a state that no longer fits restores its longest valid prefix.
@Suite(.timeLimit(.minutes(1)))
struct RestorationTests {
    private func runApp(signedIn: Bool = true) async throws -> (RunningApp, Task<Void, any Error>) {
        let app = RunningApp()
        let run = Task { try await app.tree.run(app.makeRoot(signedIn: signedIn)) }
        try await app.waitUntilStarted()
        return (app, run)
    }

    private func end(_ app: RunningApp, _ run: Task<Void, any Error>) async {
        app.tree.cancel()
        _ = await run.result
    }

    /// Both tabs deep, the movies tab selected.
    private func navigateSomewhere(_ app: RunningApp) async throws {
        try await app.tree.open(DeepLink(AppRoute.search, SearchRoute.results(query: "noir")))
        try await app.tree.open(
            DeepLink(
                AppRoute.movies, MoviesRoute.movie(id: 7), MoviesRoute.reviews(movieID: 7), ReviewsRoute.review(id: 2)))
    }

    @Test func aSavedStateGoesThroughJSONIntoANewTreeAndShowsTheSameScreens() async throws {
        let (first, firstRun) = try await runApp()
        try await navigateSomewhere(first)
        let screens = first.screens
        let state = try #require(first.tree.navigationState())
        #expect(state.unsaved.isEmpty)
        let json = try JSONEncoder().encode(state)
        await end(first, firstRun)
        let (second, secondRun) = try await runApp()
        let report = try await second.tree.restore(JSONDecoder().decode(NavigationState.self, from: json))
        #expect(report.isComplete)
        #expect(second.screens == screens)
        #expect(second.screens.movies == ["list", "movie 7", "reviews of 7", "review 2"])
        #expect(second.screens.selected == 0)
        #expect(second.tree.navigationState() == state)
        await end(second, secondRun)
    }

    @Test func aRouteRemovedInALaterVersionRestoresTheLongestValidPrefixAndReportsTheRest() async throws {
        let (first, firstRun) = try await runApp()
        try await navigateSomewhere(first)
        let json = try JSONEncoder().encode(try #require(first.tree.navigationState()))
        await end(first, firstRun)

        // A later version has no `review` route: rename it in the saved JSON.
        let text = try #require(String(data: json, encoding: .utf8))
        let edited = try #require(text.replacingOccurrences(of: "\"review\"", with: "\"removed\"").data(using: .utf8))
        let (second, secondRun) = try await runApp()
        let report = try await second.tree.restore(JSONDecoder().decode(NavigationState.self, from: edited))
        #expect(!report.isComplete)
        #expect(report.skipped == ["ReviewsFlow → review(id: 2)"])
        #expect(report.reason?.contains("no longer a ReviewsRoute") == true)
        #expect(second.screens.movies == ["list", "movie 7", "reviews of 7"])
        await end(second, secondRun)
    }

    @Test func aSavedStateForAnotherCoordinatorSkipsEverythingAndShowsNothingNew() async throws {
        let (first, firstRun) = try await runApp()
        try await navigateSomewhere(first)
        let saved = try #require(first.tree.navigationState())
        await end(first, firstRun)

        let tree = CoordinatorTree()
        let navigation = NavigationPresenter()
        let run = Task { try await tree.run(MoviesFlow(navigation: navigation)) }
        try await navigation.waitUntil { $0.stack.count == 1 }
        let report = try await tree.restore(saved)
        #expect(report.restored == 0)
        #expect(report.skipped.first == "AppRoot → search")
        #expect(navigation.state.screenNames == ["list"])
        tree.cancel()
        _ = await run.result
    }

    @Test func corruptJSONFailsToDecodeAndTheTreeIsUntouched() async throws {
        let (app, run) = try await runApp()
        let before = app.screens
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NavigationState.self, from: Data("{\"coordinatorType\": 3".utf8))
        }
        #expect(app.screens == before)
        await end(app, run)
    }

    enum LocalRoute: Hashable, Sendable { case page(Int) }

    /// Routes that are not Codable.
    actor Pages: Routable {
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }
        func start() async throws {
            try await go(.forward(to: .page(1)))
            try await flow.finished
        }
        func destination(for route: LocalRoute) -> Destination? {
            switch route {
            case .page(let number): .screen(TestScreen("page \(number)"), on: navigation)
            }
        }
    }

    @Test func coordinatorsWhoseRoutesAreNotCodableAreListedNotDropped() async throws {
        let tree = CoordinatorTree()
        let navigation = NavigationPresenter()
        let run = Task { try await tree.run(Pages(navigation: navigation)) }
        try await navigation.waitUntil { $0.stack.count == 1 }
        let state = try #require(tree.navigationState())
        #expect(state.entries.isEmpty)
        #expect(state.unsaved.count == 1)
        #expect(state.unsaved.first?.contains("page(1)") == true)
        #expect(state.unsaved.first?.contains("not Codable") == true)
        tree.cancel()
        _ = await run.result
    }

    @Test func childrenNoRouteLeadsToAreListedNotDropped() async throws {
        let tree = CoordinatorTree()
        let navigation = NavigationPresenter()
        let run = Task { try await tree.run(Runs(MoviesFlow(navigation: navigation))) }
        try await navigation.waitUntil { $0.stack.count == 1 }
        let state = try #require(tree.navigationState())
        #expect(state.unsaved.count == 1)
        #expect(state.unsaved.first?.hasPrefix("MoviesFlow #") == true)
        tree.cancel()
        _ = await run.result
    }
}
