/// Turns a URL into a `DeepLink`: the app's own scheme, written by the app.
///
/// The core does not import Foundation, so a URL is a `String` here; parse it with whatever
/// the app likes (Foundation's `URLComponents`, a split on "/").
///
/// ```swift
/// struct AppLinks: DeepLinkParser {
///     func link(for url: String) throws -> DeepLink {
///         let parts = url.split(separator: "/").map(String.init)   // "movies/7/reviews"
///         guard parts.first == "movies", parts.count >= 2, let id = Int(parts[1]) else {
///             throw AppLinkError.unknown(url)
///         }
///         var routes: [any Hashable & Sendable] = [AppRoute.movies, MoviesRoute.movie(id: id)]
///         if parts.count > 2, parts[2] == "reviews" { routes.append(MoviesRoute.reviews(movieID: id)) }
///         return DeepLink(routes)
///     }
/// }
/// ```
public protocol DeepLinkParser: Sendable {
    /// The link `url` stands for. Throw for a URL the app does not know: opening it is then a
    /// `DeepLinkError` `malformedURL` carrying your error, and nothing on screen changes.
    func link(for url: String) throws -> DeepLink
}
