import Coordinators

// The services and configuration the app's coordinators take from their environment: set
// once on the tree (or overridden for one flow), never passed from coordinator to
// coordinator, and never global.

/// The cinema's back end, as the coordinators see it.
protocol CinemaService: Sendable {
    /// A movie's title.
    func title(of id: Int) -> String
    /// A movie's reviews; throws `SessionExpiredError` once the person's session has expired.
    func reviews(of id: Int) async throws -> [String]
}

/// The session ended on the server: the person must sign in again.
struct SessionExpiredError: Error {}

/// A flow event: the session expired; whoever is in charge of the session handles it.
struct SessionExpired: FlowEvent {}

/// The demo's back end: a few movies, and a session that may have expired.
struct DemoCinema: CinemaService {
    var titles = [1: "Metropolis", 3: "Sunrise", 7: "Nosferatu"]
    var sessionExpired = false

    func title(of id: Int) -> String { titles[id] ?? "Movie \(id)" }

    func reviews(of id: Int) async throws -> [String] {
        if sessionExpired { throw SessionExpiredError() }
        return ["A classic.", "Still haunting."]
    }
}

private struct SignInTimeoutKey: FlowEnvironmentKey {
    static let defaultValue: Duration = .seconds(120)
}

private struct CinemaKey: FlowEnvironmentKey {
    static let defaultValue: any CinemaService = DemoCinema()
}

extension FlowEnvironment {
    /// How long the sign-in flow may take before it is abandoned.
    var signInTimeout: Duration {
        get { self[SignInTimeoutKey.self] }
        set { self[SignInTimeoutKey.self] = newValue }
    }

    /// The cinema's back end.
    var cinema: any CinemaService {
        get { self[CinemaKey.self] }
        set { self[CinemaKey.self] = newValue }
    }
}
