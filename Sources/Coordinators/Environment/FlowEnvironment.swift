/// Values (services, configuration, the clock) that flow down a coordinator tree: set on the
/// tree, or on a coordinator for its whole subtree, or on one child before it runs.
///
/// ```swift
/// tree.setEnvironment(\.moviesAPI, LiveMoviesAPI())                 // the whole tree
/// try flow.setEnvironment(\.analytics, ScreenAnalytics(area: "movies")) // this subtree
/// let movie = MovieCoordinator()
/// try movie.setEnvironment(\.moviesAPI, cachedAPI)                  // one child, before it runs
/// try await flow.run(movie)
///
/// let api = try flow.environment.moviesAPI                         // read, in any coordinator below
/// ```
///
/// A coordinator sees, for each key, the value set nearest to it: on itself, else on its
/// parent, and so on up to the root, else on the tree, else the key's `defaultValue`. It
/// does not matter how a coordinator was started (`flow.run` or `flow.start`, from
/// `start()` or from an actor method a screen called): the environment follows the tree,
/// not the task. (Task-local values follow the task; see `Guides/Environment.md` for what a
/// child sees of them.)
///
/// A `FlowEnvironment` you hold is a value: `flow.environment` gives the values as they are
/// when you read it; read it again to see a value set since.
public struct FlowEnvironment: Sendable {
    var values: EnvironmentLayer

    /// An environment in which every key has its default value.
    public init() { values = [:] }

    init(_ values: EnvironmentLayer) { self.values = values }

    /// The value for `key`: the one set, else the key's default value.
    public subscript<Key: FlowEnvironmentKey>(key: Key.Type) -> Key.Value {
        get { (values[ObjectIdentifier(key)] as? Key.Value) ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// Sets every value set in `other` (the test kit's environment overrides): where both
    /// have one, `other`'s wins.
    package mutating func merge(_ other: FlowEnvironment) {
        values.merge(other.values) { _, new in new }
    }

    /// Applies `value` at `keyPath` to `layer`, the values set at one place of a tree.
    static func set<Value>(
        _ keyPath: WritableKeyPath<FlowEnvironment, Value>, _ value: Value, in layer: inout EnvironmentLayer
    ) {
        var environment = FlowEnvironment(layer)
        environment[keyPath: keyPath] = value
        layer = environment.values
    }
}
