import Coordinators
import Foundation

/// The app's links: `demo://movies`, `demo://movies/7`, `demo://movies/7/reviews`,
/// `demo://account`.
struct DemoLinks: DeepLinkParser {
    struct UnknownLink: Error, CustomStringConvertible {
        let url: String
        var description: String { "the app has no link \(url)" }
    }

    func link(for url: String) throws -> DeepLink {
        guard let components = URLComponents(string: url), components.scheme == "demo", let host = components.host
        else { throw UnknownLink(url: url) }
        let path = components.path.split(separator: "/").map(String.init)
        switch host {
        case "account" where path.isEmpty:
            return DeepLink(AppRoute.account)
        case "movies":
            var routes: [any Hashable & Sendable] = [AppRoute.movies]
            if let first = path.first {
                guard let id = Int(first) else { throw UnknownLink(url: url) }
                routes.append(MoviesRoute.movie(id: id))
            }
            if path.count > 1 {
                guard path.count == 2, path[1] == "reviews" else { throw UnknownLink(url: url) }
                routes.append(MovieRoute.reviews)
            }
            return DeepLink(routes)
        default:
            throw UnknownLink(url: url)
        }
    }
}

/// The cinema app running in a tree of its own, with its own presenters.
struct LaunchedApp {
    let tree: CoordinatorTree
    /// Its root, for the demo to read what it keeps.
    let root: AppCoordinator
    let navigation: NavigationPresenter
    let modal: ModalPresenter
    let run: Task<FlowOutcome<Void>, Never>

    /// Runs a fresh app and waits until it shows its home screen.
    static func launch() async throws -> LaunchedApp {
        let tree = CoordinatorTree()
        let navigation = NavigationPresenter()
        let modal = ModalPresenter()
        let app = try AppCoordinator(navigation: navigation, modal: modal)
        let run = Task { await tree.runForOutcome(app) }
        try await navigation.waitUntil { $0.top?.screen is HomeScreen }
        return LaunchedApp(tree: tree, root: app, navigation: navigation, modal: modal, run: run)
    }

    /// Cancels the tree and awaits the root's end.
    func tearDown() async -> FlowOutcome<Void> {
        tree.cancel()
        return await run.value
    }

    /// What the presenters show.
    var screens: String { "navigation \(navigation.state.screenNames), modals \(modal.state.screenNames)" }

    /// The presenters' revisions (navigation, modals): each goes up with every change.
    var revisions: [Int] { [navigation.state.revision, modal.state.revision] }

    /// Each coordinator's routes, without the ids (which differ from one tree to another).
    var routeLines: [String] {
        tree.snapshot().allCoordinators.map { "\($0.coordinatorType) routes: \($0.routes.joined(separator: " → "))" }
    }
}

/// Deep links, a link superseded by a newer one, and the navigation saved as JSON and
/// restored in a fresh tree.
enum RoutingDemo {
    static func run() async throws {
        print("\n== Routing: deep links, a superseded link, saving and restoring the navigation ==")
        let links = DemoLinks()
        let first = try await LaunchedApp.launch()
        step("A fresh app starts on its home screen: \(first.screens)")

        step("Open demo://movies/7/reviews: the movie list, movie 7, then its reviews")
        try await first.tree.open(url: "demo://movies/7/reviews", using: links)
        print("  → landed: \(first.screens)")
        print("\n  The tree:\n\(indented(first.tree.snapshot().description))")

        step("Open demo://movies/7/reviews again: it shows all of that already, so nothing moves")
        let before = (tree: first.tree.snapshot(), revisions: first.revisions)
        try await first.tree.open(url: "demo://movies/7/reviews", using: links)
        print("  → \(sameLinkAgain(before: before, after: (first.tree.snapshot(), first.revisions)))")

        step("Open demo://account: it needs a signed-in person, so the link waits on the sign-in flow")
        let waiting = Task { try await first.tree.open(url: "demo://account", using: links) }
        try await first.modal.waitUntil { $0.top?.screen is EmailScreen }
        print("  → in flight, waiting on the sign-in: \(first.screens)")

        step("Before anyone signs in, open demo://movies/3: it supersedes the link in flight")
        try await first.tree.open(url: "demo://movies/3", using: links)
        do {
            try await waiting.value
            print("  → first link: landed")
        } catch let error as DeepLinkError {
            print("  → first link: DeepLinkError code .\(error.code)")
        }
        print("  → second link landed: \(first.screens)")
        print("\n  The tree:\n\(indented(first.tree.snapshot().description))")

        step("Save the navigation state as JSON")
        guard let state = first.tree.navigationState() else { throw DemoError.noNavigationState }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let json = try encoder.encode(state)
        print(indented(String(decoding: json, as: UTF8.self)))
        let savedScreens = first.screens
        let savedRoutes = first.routeLines

        step("Tear the app down: cancel the tree and await it")
        print("  → the root ended: \(await first.tearDown()); \(first.screens)")

        step("Launch a fresh app and restore the saved state into it")
        let second = try await LaunchedApp.launch()
        let decoded = try JSONDecoder().decode(NavigationState.self, from: json)
        let report = try await second.tree.restore(decoded)
        print("  → \(report)")
        print("  → restored: \(second.screens)")
        print("\n  The tree:\n\(indented(second.tree.snapshot().description))")
        print("\n  restored tree matches: \(second.screens == savedScreens && second.routeLines == savedRoutes)")
        print("  → the root ended: \(await second.tearDown()); \(second.screens)")
    }

    /// `same link again: kept MoviesCoordinator #4, MovieCoordinator #5; navigation unchanged
    /// (revision 4), modals unchanged (revision 0)`: which of the flows below the root the link
    /// kept (the same ids) and which it ended, and whether each presenter changed (its revision).
    private static func sameLinkAgain(
        before: (tree: TreeSnapshot, revisions: [Int]), after: (tree: TreeSnapshot, revisions: [Int])
    ) -> String {
        let ids = Set(after.tree.allCoordinators.map(\.id))
        let flows = before.tree.allCoordinators.filter { $0.id != before.tree.root?.id }
        let names = { (flows: [CoordinatorSnapshot]) in
            flows.map { "\($0.coordinatorType) \($0.id)" }.joined(separator: ", ")
        }
        let kept = flows.filter { ids.contains($0.id) }
        let ended = flows.filter { !ids.contains($0.id) }
        let presenters = zip(["navigation", "modals"], zip(before.revisions, after.revisions)).map { name, revision in
            let (then, now) = revision
            return then == now ? "\(name) unchanged (revision \(now))" : "\(name) changed (revision \(then) → \(now))"
        }
        return "same link again: kept \(kept.isEmpty ? "nothing" : names(kept))"
            + (ended.isEmpty ? "" : "; ended \(names(ended))") + "; " + presenters.joined(separator: ", ")
    }

    private static func step(_ text: String) { print("\n▶ \(text)") }

    private static func indented(_ text: String) -> String {
        text.split(separator: "\n").map { "    \($0)" }.joined(separator: "\n")
    }
}
