import Coordinators
import CoordinatorsTesting

// Small flows written as users write theirs, for the kit's own tests.

struct User: Sendable, Hashable {
    let name: String
}

/// A form that answers its coordinator with a name (`flow.ask`).
struct LoginScreen: Screen {
    typealias Answer = String
}

/// The home screen: its action opens the details, as its view's button would.
struct HomeScreen: Screen {
    let openDetails: @Sendable () async throws -> Void
    /// Runs the details as a sub-flow: returns when they are gone.
    var runDetails: @Sendable () async throws -> Void = {}
    let signOut: @Sendable () async throws -> Void
}

struct DetailScreen: Screen {}

/// Asks for a name, then shows home; home's actions push details and sign out.
actor AppFlow: Coordinator {
    let flow = Flow<User>()
    let navigation: NavigationPresenter
    private var user: User?

    init(navigation: NavigationPresenter) { self.navigation = navigation }

    func start() async throws -> User {
        let name = try await flow.ask(LoginScreen(), on: navigation, then: .keep)
        user = User(name: name)
        try await flow.present(
            HomeScreen(
                openDetails: { [weak self] in try await self?.openDetails() },
                runDetails: { [weak self] in try await self?.runDetails() },
                signOut: { [weak self] in try await self?.signOut() }),
            on: navigation)
        return try await flow.finished
    }

    func openDetails() async throws {
        try flow.start(DetailsFlow(navigation: navigation))
    }

    func runDetails() async throws {
        try await flow.run(DetailsFlow(navigation: navigation))
    }

    func signOut() throws {
        guard let user else { return }
        try flow.finish(with: user)
    }
}

/// Shows the details until it is popped (or the test ends it): it never ends on its own.
actor DetailsFlow: Coordinator {
    let flow = Flow<Void>()
    let navigation: NavigationPresenter
    init(navigation: NavigationPresenter) { self.navigation = navigation }

    func start() async throws {
        try await flow.present(DetailScreen(), on: navigation)
        try await flow.finished
    }
}

/// Runs a sign-in with a timeout on the environment's clock.
actor TimedSignIn: Coordinator {
    let flow = Flow<String>()
    let modal: ModalPresenter
    init(modal: ModalPresenter) { self.modal = modal }

    func start() async throws -> String {
        let login = ClosureCoordinator<String> { [modal] flow in
            try await flow.ask(LoginScreen(), on: modal)
        }
        do {
            return try await flow.run(login, timeout: .seconds(30))
        } catch let timedOut as FlowTimedOut {
            return "timed out after \(timedOut.timeout)"
        }
    }
}

/// Keeps itself alive through a cycle it never breaks: a leak for the kit to find.
actor LeakingFlow: Coordinator {
    let flow = Flow<Void>()
    private var keepAlive: (@Sendable () -> Void)?

    func start() async throws {
        keepAlive = { _ = self }
    }
}

/// Shows home, then details whose confirmation refuses every swipe.
actor RefusesToLeave: Coordinator {
    let flow = Flow<Void>()
    let navigation: NavigationPresenter
    init(navigation: NavigationPresenter) { self.navigation = navigation }

    func start() async throws {
        try await flow.present(HomeScreen(openDetails: {}, signOut: {}), on: navigation)
        let details = try await flow.present(DetailScreen(), on: navigation)
        details.setUserDismissalConfirmation { false }
        try await flow.finished
    }
}
