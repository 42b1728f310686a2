// What Guides/Environment.md's examples use without showing it. The guide declares the
// `moviesAPI` key itself; `analytics` and `traceContext` are declared here the same way.

struct Movie: Sendable {
    let title: String
    static let casablanca = Movie(title: "Casablanca")
}

struct Session: Sendable {}

struct LiveMoviesAPI: MoviesAPI {
    init(session: Session = Session()) {}
    func movie(id: Int) async throws -> Movie { .casablanca }
}

struct DraftsAPI: MoviesAPI {
    func movie(id: Int) async throws -> Movie { .casablanca }
}

struct StubMoviesAPI: MoviesAPI {
    let movies: [Movie]
    func movie(id: Int) async throws -> Movie { movies[0] }
}

struct Analytics: Sendable {
    let area: String
}

private struct AnalyticsKey: FlowEnvironmentKey {
    static let defaultValue = Analytics(area: "app")
}

struct TraceContext: Sendable {
    @TaskLocal static var current = TraceContext()
}

private struct TraceContextKey: FlowEnvironmentKey {
    static let defaultValue = TraceContext()
}

extension FlowEnvironment {
    var analytics: Analytics {
        get { self[AnalyticsKey.self] }
        set { self[AnalyticsKey.self] = newValue }
    }

    var traceContext: TraceContext {
        get { self[TraceContextKey.self] }
        set { self[TraceContextKey.self] = newValue }
    }
}

actor MovieEditor: Coordinator {
    let flow = Flow<Void>()
    init(id: Int) {}
    func start() async throws { try await flow.finished }
}

actor MoviesCoordinator: Coordinator {
    let flow = Flow<Void>()
    init(navigation: NavigationPresenter) {}
    func start() async throws { try await flow.finished }
}
