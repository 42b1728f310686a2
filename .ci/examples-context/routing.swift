// What Guides/Routing.md's examples use without showing it: the movies flow's screens and
// child, the app's routes, and its parser of URLs.

struct MovieListScreen: Screen { let coordinator: MoviesCoordinator }

struct MovieScreen: Screen {
    let id: Int
    let coordinator: MoviesCoordinator
}

actor ReviewsCoordinator: Coordinator {
    let flow = Flow<Void>()
    init(movieID: Int, navigation: NavigationPresenter) {}
    func start() async throws { try await flow.finished }
}

enum AppRoute: Hashable, Sendable, Codable { case search, movies }
typealias MoviesRoute = MoviesCoordinator.Route

struct AppLinks: DeepLinkParser {
    struct Unknown: Error { let url: String }

    func link(for url: String) throws -> DeepLink {
        let parts = url.split(separator: "/").map(String.init)  // myapp://movies/7/reviews
        guard parts.count >= 4, parts[1] == "movies", let id = Int(parts[2]) else { throw Unknown(url: url) }
        return DeepLink(AppRoute.movies, MoviesRoute.movie(id: id), MoviesRoute.reviews(movieID: id))
    }
}
