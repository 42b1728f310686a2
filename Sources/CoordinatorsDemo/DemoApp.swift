import Coordinators

// A small cinema app: a home screen, a sign-in sub-flow shown modally (script style,
// made of two event-style steps), and a movie detail flow pushed on the home stack.
//
// Its coordinators navigate by routes (Codable enums), so deep links can open them and
// their navigation can be saved and restored:
//
//   AppCoordinator      home → movies (starts MoviesCoordinator) → account (needs a sign-in)
//   MoviesCoordinator   list → movie(id:) (starts MovieCoordinator)
//   MovieCoordinator    details → reviews

enum AppRoute: Hashable, Sendable, Codable { case home, movies, account }
enum MoviesRoute: Hashable, Sendable, Codable {
    case list
    case movie(id: Int)
}
enum MovieRoute: Hashable, Sendable, Codable { case details, reviews }

struct Account: Sendable, CustomStringConvertible {
    let email: String
    var description: String { email }
}

// MARK: Screens — values with a narrow delegate, as a view model would hold

struct HomeScreen: Screen { let actions: AppCoordinator }
struct EmailScreen: Screen { let actions: EmailStep }
struct PasswordScreen: Screen { let actions: PasswordStep }
struct AccountScreen: Screen {
    let account: Account
    var screenName: String { "AccountScreen(\(account))" }
}
struct MovieListScreen: Screen { let actions: MoviesCoordinator }
struct MovieScreen: Screen {
    let title: String
    let actions: MovieCoordinator
    var screenName: String { "MovieScreen(\(title))" }
}
/// A movie's reviews.
struct ReviewsScreen: Screen {
    let title: String
    let reviews: [String]
    var screenName: String { "ReviewsScreen(\(title))" }
}
/// A question: the person picks a number of stars.
struct RatingScreen: Screen { typealias Answer = Int }
/// A form with something to lose: leaving it asks first.
struct ReviewScreen: Screen {}
/// A question: "Discard your review?"
struct DiscardReviewScreen: Screen { typealias Answer = Bool }

// MARK: The root: event style

actor AppCoordinator: Routable {
    let flow = Flow<Void>()
    let navigation: NavigationPresenter
    let modal: ModalPresenter
    private(set) var account: Account?

    init(navigation: NavigationPresenter, modal: ModalPresenter) throws {
        self.navigation = navigation
        self.modal = modal
        // A session that expired anywhere below ends here: sign out and go back home.
        try onFlowEvent(SessionExpired.self) { app, _ in
            try await app.signOut()
            return .stop
        }
    }

    func start() async throws {
        try await go(.forward(to: .home))
        try await flow.finished
    }

    /// What each route shows. The account needs a signed-in person: the route runs the
    /// sign-in flow first, and a deep link to it waits meanwhile.
    func destination(for route: AppRoute) async throws -> Destination? {
        switch route {
        case .home: return .screen(HomeScreen(actions: self), on: navigation)
        case .movies: return .child(MoviesCoordinator(navigation: navigation, modal: modal))
        case .account:
            if account == nil {
                let timeout = try flow.environment.signInTimeout
                account = try await flow.run(SignInCoordinator(modal: modal), timeout: timeout)
            }
            return account.map { .screen(AccountScreen(account: $0), on: modal) }
        }
    }

    /// Home's "Sign in" button. Returns how the sign-in flow ended, for the demo to print.
    func signIn() async -> FlowOutcome<Account> {
        let outcome = await flow.runForOutcome(SignInCoordinator(modal: modal))
        account = outcome.output ?? account
        return outcome
    }

    /// Forgets the account and goes back to the home screen, ending every flow above it.
    private func signOut() async throws {
        account = nil
        try await go(.back(to: .home))
    }

    /// Home's movie list: a child flow on the same stack; no bookkeeping needed.
    func showMovie(id: Int) async -> FlowOutcome<Void> {
        await flow.runForOutcome(MovieCoordinator(id: id, navigation: navigation, modal: modal))
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

// MARK: The movie list: a route to each movie

actor MoviesCoordinator: Routable {
    let flow = Flow<Void>()
    let navigation: NavigationPresenter
    let modal: ModalPresenter
    init(navigation: NavigationPresenter, modal: ModalPresenter) {
        self.navigation = navigation
        self.modal = modal
    }

    func start() async throws {
        try await go(.forward(to: .list))
        try await flow.finished
    }

    func destination(for route: MoviesRoute) -> Destination? {
        switch route {
        case .list: .screen(MovieListScreen(actions: self), on: navigation)
        case .movie(let id): .child(MovieCoordinator(id: id, navigation: navigation, modal: modal))
        }
    }
}

// MARK: Movie detail: ends when its main screen is popped

actor MovieCoordinator: Routable {
    let flow = Flow<Void>()
    let id: Int
    let navigation: NavigationPresenter
    let modal: ModalPresenter
    init(id: Int, navigation: NavigationPresenter, modal: ModalPresenter) {
        self.id = id
        self.navigation = navigation
        self.modal = modal
    }

    func start() async throws {
        try await go(.forward(to: .details))
        try await flow.finished
    }

    /// What each route shows, with the movie's data from the cinema service in the
    /// environment. Loading the reviews throws `SessionExpiredError` once the session expired.
    func destination(for route: MovieRoute) async throws -> Destination? {
        let cinema = try flow.environment.cinema
        switch route {
        case .details:
            return .screen(MovieScreen(title: cinema.title(of: id), actions: self), on: navigation)
        case .reviews:
            let reviews = try await cinema.reviews(of: id)
            return .screen(ReviewsScreen(title: cinema.title(of: id), reviews: reviews), on: navigation)
        }
    }

    /// The movie screen's "Reviews" button. A session that expired is not this flow's to
    /// handle: it tells its ancestors, and returns who handled it.
    func showReviews() async throws -> FlowEventReceipt? {
        do {
            try await go(.forward(to: .reviews))
            return nil
        } catch is SessionExpiredError {
            return try await flow.send(SessionExpired())
        }
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
