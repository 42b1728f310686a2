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

    /// A link through `routes`.
    public init(_ routes: any Hashable & Sendable...) {
        self.routes = routes
    }

    /// `movies → movie(id: 7) → latest`.
    public var description: String {
        routes.isEmpty ? "(empty link)" : routes.map { String(describing: $0) }.joined(separator: " → ")
    }
}
