/// A key for a value in the `FlowEnvironment`: a service, a configuration, the clock.
///
/// Declare a key type with the value it stands for when nothing is set, and a property on
/// `FlowEnvironment` that reads and writes it:
///
/// ```swift
/// private struct MoviesAPIKey: FlowEnvironmentKey {
///     static let defaultValue: any MoviesAPI = LiveMoviesAPI()
/// }
///
/// extension FlowEnvironment {
///     var moviesAPI: any MoviesAPI {
///         get { self[MoviesAPIKey.self] }
///         set { self[MoviesAPIKey.self] = newValue }
///     }
/// }
/// ```
///
/// The key's type is its identity: two keys never collide, and a key kept `private` lets
/// only the property reach its value.
public protocol FlowEnvironmentKey {
    /// The type of the value.
    associatedtype Value: Sendable

    /// The value a coordinator sees when nobody above it set one.
    static var defaultValue: Value { get }
}
