import Coordinators

// A small cinema app: a home screen, a sign-in sub-flow shown modally (script style,
// made of two event-style steps), and a movie detail flow pushed on the home stack.

struct Account: Sendable, CustomStringConvertible {
    let email: String
    var description: String { email }
}

// MARK: Screens — values with a narrow delegate, as a view model would hold

struct HomeScreen: Screen { let actions: AppCoordinator }
struct EmailScreen: Screen { let actions: EmailStep }
struct PasswordScreen: Screen { let actions: PasswordStep }
struct MovieScreen: Screen {
    let title: String
    let actions: MovieCoordinator
    var screenName: String { "MovieScreen(\(title))" }
}
/// A question: the person picks a number of stars.
struct RatingScreen: Screen { typealias Answer = Int }
/// A form with something to lose: leaving it asks first.
struct ReviewScreen: Screen {}
/// A question: "Discard your review?"
struct DiscardReviewScreen: Screen { typealias Answer = Bool }

// MARK: The root: event style

actor AppCoordinator: Coordinator {
    let flow = Flow<Void>()
    let navigation: NavigationPresenter
    let modal: ModalPresenter
    private(set) var account: Account?

    init(navigation: NavigationPresenter, modal: ModalPresenter) {
        self.navigation = navigation
        self.modal = modal
    }

    func start() async throws {
        try await flow.present(HomeScreen(actions: self), on: navigation)
        try await flow.finished
    }

    /// Home's "Sign in" button. Returns how the sign-in flow ended, for the demo to print.
    func signIn() async -> FlowOutcome<Account> {
        let outcome = await flow.runForOutcome(SignInCoordinator(modal: modal))
        account = outcome.output ?? account
        return outcome
    }

    /// Home's movie list: a child flow on the same stack; no bookkeeping needed.
    func showMovie(_ title: String) async -> FlowOutcome<Void> {
        await flow.runForOutcome(MovieCoordinator(title: title, navigation: navigation, modal: modal))
    }
}

// MARK: Sign-in: script style

actor SignInCoordinator: Coordinator {
    let flow = Flow<Account>()
    let modal: ModalPresenter
    init(modal: ModalPresenter) { self.modal = modal }

    func start() async throws -> Account {
        let email = try await flow.run(EmailStep(modal: modal))
        _ = try await flow.run(PasswordStep(modal: modal))
        return Account(email: email)
    }
}

actor EmailStep: Coordinator {
    let flow = Flow<String>()
    let modal: ModalPresenter
    init(modal: ModalPresenter) { self.modal = modal }

    func start() async throws -> String {
        try await flow.present(EmailScreen(actions: self), on: modal)
        return try await flow.finished
    }

    func submit(_ email: String) throws { try flow.finish(with: email) }
}

actor PasswordStep: Coordinator {
    let flow = Flow<Void>()
    let modal: ModalPresenter
    init(modal: ModalPresenter) { self.modal = modal }

    func start() async throws {
        try await flow.present(PasswordScreen(actions: self), on: modal)
        try await flow.finished
    }

    func submit() throws { try flow.finish() }
}

// MARK: Movie detail: ends when its main screen is popped

actor MovieCoordinator: Coordinator {
    let flow = Flow<Void>()
    let title: String
    let navigation: NavigationPresenter
    let modal: ModalPresenter
    init(title: String, navigation: NavigationPresenter, modal: ModalPresenter) {
        self.title = title
        self.navigation = navigation
        self.modal = modal
    }

    func start() async throws {
        try await flow.present(MovieScreen(title: title, actions: self), on: navigation)
        try await flow.finished
    }

    /// The movie screen's "Rate" button: asks a question and awaits its answer.
    func rate() async throws -> Int {
        try await flow.ask(RatingScreen(), on: modal)
    }

    /// The movie screen's "Write a review" button: a form that asks before a person
    /// leaves it with a gesture.
    func writeReview() async throws {
        let review = try await flow.present(ReviewScreen(), on: navigation, role: .auxiliary)
        review.setUserDismissalConfirmation { [self] in try await self.confirmDiscard() }
    }

    private func confirmDiscard() async throws -> Bool {
        try await flow.ask(DiscardReviewScreen(), on: modal)
    }
}
