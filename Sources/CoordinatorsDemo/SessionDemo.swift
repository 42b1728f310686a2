import Coordinators

/// Flow events, the environment and time: a session that expires deep in the tree is
/// handled by the root, which signs out; a sign-in that nobody completes times out.
enum SessionDemo {
    static func run() async throws {
        print("\n== Flow events, the environment and time ==")
        let app = try await LaunchedApp.launch()
        // Services and configuration come from the environment, set once on the tree.
        app.tree.setEnvironment(\.signInTimeout, .milliseconds(200))
        try await app.tree.open(url: "demo://movies/7", using: DemoLinks())
        step("A movie is shown: \(app.screens)")

        step("The server ends the session; the cinema service in the environment now says so")
        app.tree.setEnvironment(\.cinema, DemoCinema(sessionExpired: true))
        guard let movie = (app.navigation.state.top?.screen as? MovieScreen)?.router else {
            throw DemoError.unexpectedScreen(app.navigation.state.top)
        }

        step("Tap “Reviews”: loading fails, the movie flow sends SessionExpired up the tree")
        let request = movie.perform(.showReviews)
        try await app.navigation.waitUntil { $0.screenNames == ["HomeScreen"] }
        print("  → SessionExpired handled by AppCoordinator: signed out \(await app.root.sessionExpiries) time(s)")
        print("  → the tap's request: \(await request.result) (the sign-out ended the movie flow it ran in)")
        print("  → after signing out: \(app.screens)")

        step("Open demo://account and walk away: the sign-in flow times out after 200 ms")
        do {
            try await app.tree.open(url: "demo://account", using: DemoLinks())
        } catch let error as DeepLinkError {
            print("  → the link failed: \(error.underlying.map { "\($0)" } ?? "\(error)")")
        }
        print("  → \(app.screens)")
        print("  → the root ended: \(await app.tearDown()); \(app.screens)")
    }

    private static func step(_ text: String) { print("\n▶ \(text)") }
}
