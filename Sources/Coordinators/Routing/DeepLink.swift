/// A path of routes to open from a coordinator down: each coordinator on the way takes the
/// first route of its own `Route` type and hands the rest to the child that route leads to.
///
/// ```swift
/// let link = DeepLink(AppRoute.movies, MoviesRoute.movie(id: 7), ReviewsRoute.latest)
/// try await tree.open(link)
/// ```
///
/// A link is a plain value; a `DeepLinkParser` makes one from a URL.
public struct DeepLink: Sendable, CustomStringConvertible {
    /// The routes, in the order the coordinators on the way take them.
    public var routes: [any Hashable & Sendable]

    /// A link through `routes`.
    public init(_ routes: [any Hashable & Sendable]) {
        self.routes = routes
    }

    /// A link through `routes`, all of one type (a path within one coordinator's routes).
    /// Without it, an array of one route type would be taken as a single route.
    public init<Route: Hashable & Sendable>(_ routes: [Route]) {
        self.routes = routes
    }

    /// A link through `routes`.
    ///
    /// Disfavoured, so that a single array argument is taken as the path (by the array
    /// initializers) and never as one route that happens to be an array.
    @_disfavoredOverload
    public init(_ routes: any Hashable & Sendable...) {
        self.routes = routes
    }

    /// `movies → movie(id: 7) → latest`.
    public var description: String {
        routes.isEmpty ? "(empty link)" : routes.map { String(describing: $0) }.joined(separator: " → ")
    }
}
