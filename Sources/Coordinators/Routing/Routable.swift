/// A coordinator that navigates by routes: typed values (usually an enum) that each say what
/// the coordinator shows — a screen, or a child coordinator.
///
/// ```swift
/// actor MoviesCoordinator: Routable {
///     enum Route: Hashable, Sendable, Codable { case list, movie(id: Int), reviews(movieID: Int) }
///     let flow = Flow<Void>()
///     let navigation: NavigationPresenter
///     init(navigation: NavigationPresenter) { self.navigation = navigation }
///
///     func start() async throws {
///         try await go(.forward(to: .list))
///         try await flow.finished
///     }
///
///     func destination(for route: Route) -> Destination? {
///         switch route {
///         case .list: .screen(MovieListScreen(coordinator: self), on: navigation)
///         case .movie(let id): .screen(MovieScreen(id: id, coordinator: self), on: navigation)
///         case .reviews(let id): .child(ReviewsCoordinator(movieID: id, navigation: navigation))
///         }
///     }
/// }
/// ```
///
/// - `go(.forward(to:))`, `go(.backOne)` and `go(.back(to:))` navigate on the coordinator's
///   own routes (`Routable+Navigation.swift`);
/// - `routes` and `currentRoute` say which routes it shows, and so does the tree's snapshot;
/// - a deep link (`CoordinatorTree.open(_:)`, `open(_:)`) hands each coordinator its routes
///   in turn, and a saved `NavigationState` is re-opened the same way.
///
/// `destination(for:)` returns a plain value, so a test can check what a route shows without
/// running anything. See `Guides/Routing.md`.
public protocol Routable: Coordinator {
    /// The routes of this coordinator: plain values, `Codable` if its routes are to be saved.
    associatedtype Route: Hashable & Sendable

    /// What `route` shows: a screen, a child coordinator it starts, or a running child it
    /// focuses (a tab). `nil` if this coordinator has no route for it now, which stops a deep
    /// link there with a `DeepLinkError` `unhandled`.
    ///
    /// The runtime calls it when it navigates to `route` — `go(.forward(to:))`, or a link's
    /// step — and then carries the destination out. It may await first: a route that needs a
    /// signed-in user may run the login flow (`try await flow.run(LoginCoordinator())`) and
    /// then return the screen, and the link goes on after it.
    ///
    /// Cancellation: the runtime calls it from the task that navigates (a link's task): when
    /// a newer link supersedes this one, that task is cancelled, and what this awaits
    /// (a login's `run`) ends as cancelled.
    func destination(for route: Route) async throws -> Destination?

}
