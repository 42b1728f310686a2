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

/// A profile whose screens hold their coordinator strongly, as a view model would: only
/// the presentations that leave the screen let go of it.
struct ProfileScreen: Screen {
    let profile: ProfileFlow
}

/// The profile's edit screen, which holds its coordinator too.
struct EditProfileScreen: Screen {
    let profile: ProfileFlow
}

/// Shows a profile; its action shows the edit screen and returns its presentation (for a
/// caller that awaits its dismissal). Ends when `done()` is called.
actor ProfileFlow: Coordinator {
    let flow = Flow<Void>()
    let navigation: NavigationPresenter
    init(navigation: NavigationPresenter) { self.navigation = navigation }

    func start() async throws {
        try await flow.present(ProfileScreen(profile: self), on: navigation)
        try await flow.finished
    }

    func edit() async throws -> Presentation {
        try await flow.present(EditProfileScreen(profile: self), on: navigation, role: .auxiliary)
    }

    func done() throws { try flow.finish() }
}

/// "Discard your changes?", answered yes (`true`) or no.
struct DiscardQuestion: Screen {
    typealias Answer = Bool
}

/// A form with changes that a person's swipe would lose.
struct FormScreen: Screen {}

/// Shows a form on `presenter` (over a `DetailScreen`, on a navigation stack, so that it can
/// be swiped back) whose swipe asks "Discard your changes?" on `alerts` first; returns how
/// the form left.
actor DraftEditor: Coordinator {
    let flow = Flow<DismissalReason>()
    let presenter: any Presenter
    let alerts: ModalPresenter
    init(on presenter: any Presenter, alerts: ModalPresenter) {
        self.presenter = presenter
        self.alerts = alerts
    }

    func start() async throws -> DismissalReason {
        if presenter is NavigationPresenter { try await flow.present(DetailScreen(), on: presenter) }
        let form = try await flow.present(FormScreen(), on: presenter, role: .auxiliary)
        form.setUserDismissalConfirmation { [weak self] in try await self?.askToDiscard() ?? false }
        return try await form.dismissal
    }

    private func askToDiscard() async throws -> Bool {
        try await flow.ask(DiscardQuestion(), on: alerts)
    }
}
