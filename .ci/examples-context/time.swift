// What Guides/Time.md's examples use without showing it.

enum Session: Sendable, Equatable {
    case anonymous
    case signedIn(name: String)
}

/// Asks for a sign-in; its output is the session.
actor SignInCoordinator: Coordinator {
    let flow = Flow<Session>()
    init(navigation: NavigationPresenter) {}
    func start() async throws -> Session { try await flow.finished }
}

actor GuestOfferCoordinator: Coordinator {
    let flow = Flow<Void>()
    init(modal: ModalPresenter) {}
    func start() async throws { try await flow.finished }
}

/// Shows a welcome screen, then the sign-in with a timeout (the guide's `start()`).
actor KioskCoordinator: Coordinator {
    let flow = Flow<Session>()
    init(navigation: NavigationPresenter) {}
    func start() async throws -> Session { try await flow.finished }
}

struct StillThereAlert: Screen { typealias Answer = Bool }

func showHome(for session: Session) {}
func showGuestOffer() {}
