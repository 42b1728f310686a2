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

// MARK: Screens — values holding their coordinator's router, as a view model would

struct HomeScreen: Screen { let router: Router<AppRoute, AppCoordinator.ScreenAction> }
struct EmailScreen: Screen { let router: Router<Never, EmailStep.ScreenAction> }
struct PasswordScreen: Screen { let router: Router<Never, PasswordStep.ScreenAction> }
struct AccountScreen: Screen {
    let account: Account
    var screenName: String { "AccountScreen(\(account))" }
}
struct MovieListScreen: Screen { let router: Router<MoviesRoute, Never> }
struct MovieScreen: Screen {
    let title: String
    let router: Router<MovieRoute, MovieCoordinator.ScreenAction>
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
    /// What the home screen may ask for beyond its routes.
    enum ScreenAction: Sendable {
        case signIn
        case showMovie(id: Int)
    }

    let flow = Flow<Void>()
    let navigation: NavigationPresenter
    let modal: ModalPresenter
    private(set) var account: Account?
    /// How the last sign-in and the last movie flow the home screen asked for ended.
    private(set) var lastSignIn: FlowOutcome<Account>?
    private(set) var lastMovie: FlowOutcome<Void>?
    /// How many times a session that expired signed the person out.
    private(set) var sessionExpiries = 0

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
        case .home: return .screen(HomeScreen(router: router), on: navigation)
        case .movies: return .child(MoviesCoordinator(navigation: navigation, modal: modal))
        case .account:
            if account == nil {
                let timeout = try flow.environment.signInTimeout
                account = try await flow.run(SignInCoordinator(modal: modal), timeout: timeout)
            }
            return account.map { .screen(AccountScreen(account: $0), on: modal) }
        }
    }

    /// The home screen's buttons: "Sign in" runs the sign-in flow, a movie of the list runs
    /// its flow on the same stack (no bookkeeping needed). Each request returns once its flow
    /// has ended; the demo prints how.
    func perform(_ action: ScreenAction) async throws {
        switch action {
        case .signIn:
            let outcome = await flow.runForOutcome(SignInCoordinator(modal: modal))
            account = outcome.output ?? account
            lastSignIn = outcome
        case .showMovie(let id):
            lastMovie = await flow.runForOutcome(MovieCoordinator(id: id, navigation: navigation, modal: modal))
        }
    }

    /// Forgets the account and goes back to the home screen, ending every flow above it.
    private func signOut() async throws {
        account = nil
        sessionExpiries += 1
        try await go(.back(to: .home))
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
    enum ScreenAction: Sendable { case submit(String) }
    let flow = Flow<String>()
    let modal: ModalPresenter
    init(modal: ModalPresenter) { self.modal = modal }

    func start() async throws -> String {
        try await flow.present(EmailScreen(router: router), on: modal)
        return try await flow.finished
    }

    func perform(_ action: ScreenAction) async throws {
        guard case .submit(let email) = action else { return }
        try flow.finish(with: email)
    }
}

actor PasswordStep: Coordinator {
    enum ScreenAction: Sendable { case submit }
    let flow = Flow<Void>()
    let modal: ModalPresenter
    init(modal: ModalPresenter) { self.modal = modal }

    func start() async throws {
        try await flow.present(PasswordScreen(router: router), on: modal)
        try await flow.finished
    }

    func perform(_ action: ScreenAction) async throws { try flow.finish() }
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
        case .list: .screen(MovieListScreen(router: router), on: navigation)
        case .movie(let id): .child(MovieCoordinator(id: id, navigation: navigation, modal: modal))
        }
    }
}

// MARK: Movie detail: ends when its main screen is popped

actor MovieCoordinator: Routable {
    /// What the movie screen may ask for beyond its routes.
    enum ScreenAction: Sendable {
        case showReviews
        case rate
        case writeReview
    }

    let flow = Flow<Void>()
    let id: Int
    /// The stars the person gave last, and who handled the last flow event the movie sent:
    /// for the demo to print.
    private(set) var lastRating: Int?
    private(set) var lastReceipt: FlowEventReceipt?
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
            return .screen(MovieScreen(title: cinema.title(of: id), router: router), on: navigation)
        case .reviews:
            let reviews = try await cinema.reviews(of: id)
            return .screen(ReviewsScreen(title: cinema.title(of: id), reviews: reviews), on: navigation)
        }
    }

    /// The movie screen's buttons.
    func perform(_ action: ScreenAction) async throws {
        switch action {
        case .showReviews: try await showReviews()
        case .rate: lastRating = try await flow.ask(RatingScreen(), on: modal)  // awaits the answer
        case .writeReview: try await writeReview()
        }
    }

    /// "Reviews". A session that expired is not this flow's to handle: it tells its
    /// ancestors, and keeps who handled it.
    private func showReviews() async throws {
        do {
            try await go(.forward(to: .reviews))
        } catch is SessionExpiredError {
            lastReceipt = try await flow.send(SessionExpired())
        }
    }

    /// "Write a review": a form that asks before a person leaves it with a gesture.
    private func writeReview() async throws {
        let review = try await flow.present(ReviewScreen(), on: navigation, role: .auxiliary)
        review.setUserDismissalConfirmation { [self] in try await self.confirmDiscard() }
    }

    private func confirmDiscard() async throws -> Bool {
        try await flow.ask(DiscardReviewScreen(), on: modal)
    }
}
