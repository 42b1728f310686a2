import Coordinators
import CoordinatorsTesting

// A small app that navigates by routes, for the routing, deep-link and restoration tests:
//
//   AppRoot (window: a tab bar screen; modal: login and account)
//   ├── MoviesFlow   (tab "Movies": list → movie(id) → reviews(movieID) starts ReviewsFlow)
//   │   └── ReviewsFlow (latest → review(id))
//   └── SearchFlow   (tab "Search": results(query))

enum AppRoute: Hashable, Codable, Sendable { case movies, search, account }
enum MoviesRoute: Hashable, Codable, Sendable {
    case list
    case movie(id: Int)
    case reviews(movieID: Int)
}
enum ReviewsRoute: Hashable, Codable, Sendable {
    case latest
    case review(id: Int)
}
enum SearchRoute: Hashable, Codable, Sendable { case results(query: String) }

/// What a person answers on the login form: whether they signed in.
struct LoginForm: Screen { typealias Answer = Bool }

/// A script-style login sub-flow: asks the form, returns its answer.
actor LoginFlow: Coordinator {
    let flow = Flow<Bool>()
    let modal: ModalPresenter
    init(modal: ModalPresenter) { self.modal = modal }
    func start() async throws -> Bool { try await flow.ask(LoginForm(), on: modal) }
}

actor AppRoot: Routable {
    typealias Route = AppRoute
    let flow = Flow<Void>()
    let window: SlotPresenter
    let tabs: TabPresenter
    let modal: ModalPresenter
    private(set) var signedIn: Bool
    private var movies: MoviesFlow?
    private var search: SearchFlow?

    init(window: SlotPresenter, tabs: TabPresenter, modal: ModalPresenter, signedIn: Bool = false) {
        self.window = window
        self.tabs = tabs
        self.modal = modal
        self.signedIn = signedIn
    }

    func start() async throws {
        try await flow.present(TestScreen("tab bar"), on: window)
        let movies = MoviesFlow(navigation: try tabs.stack(forTab: 0))
        let search = SearchFlow(navigation: try tabs.stack(forTab: 1))
        self.movies = movies
        self.search = search
        try startChild(movies, for: .movies)
        try startChild(search, for: .search)
        try await flow.finished
    }

    func destination(for route: AppRoute) async throws -> Destination? {
        switch route {
        case .movies: return movies.map { .tab(of: $0, in: tabs) }
        case .search: return search.map { .tab(of: $0, in: tabs) }
        case .account:
            if !signedIn {
                signedIn = try await flow.run(LoginFlow(modal: modal))
            }
            return signedIn ? .screen(TestScreen("account"), on: modal) : nil
        }
    }
}

actor MoviesFlow: Routable {
    typealias Route = MoviesRoute
    let flow = Flow<Void>()
    let navigation: NavigationPresenter
    init(navigation: NavigationPresenter) { self.navigation = navigation }

    func start() async throws {
        try await go(.forward(to: .list))
        try await flow.finished
    }

    func destination(for route: MoviesRoute) -> Destination? {
        switch route {
        case .list: .screen(TestScreen("list"), on: navigation)
        case .movie(let id): .screen(TestScreen("movie \(id)"), on: navigation)
        case .reviews(let id): .child(ReviewsFlow(movieID: id, navigation: navigation))
        }
    }
}

actor ReviewsFlow: Routable {
    typealias Route = ReviewsRoute
    let flow = Flow<Void>()
    let movieID: Int
    let navigation: NavigationPresenter
    init(movieID: Int, navigation: NavigationPresenter) {
        self.movieID = movieID
        self.navigation = navigation
    }

    func start() async throws {
        try await go(.forward(to: .latest))
        try await flow.finished
    }

    func destination(for route: ReviewsRoute) -> Destination? {
        switch route {
        case .latest: .screen(TestScreen("reviews of \(movieID)"), on: navigation)
        case .review(let id): .screen(TestScreen("review \(id)"), on: navigation)
        }
    }
}

actor SearchFlow: Routable {
    typealias Route = SearchRoute
    let flow = Flow<Void>()
    let navigation: NavigationPresenter
    init(navigation: NavigationPresenter) { self.navigation = navigation }

    func start() async throws {
        try await flow.present(TestScreen("search"), on: navigation)
        try await flow.finished
    }

    func destination(for route: SearchRoute) -> Destination? {
        switch route {
        case .results(let query): .screen(TestScreen("results \(query)"), on: navigation)
        }
    }
}

/// The app's presenters, and the app running in a tree.
struct RunningApp: Sendable {
    let tree = CoordinatorTree()
    let window = SlotPresenter(name: "window")
    let tabs = TabPresenter(items: [
        TabItem(title: "Movies", content: .stack), TabItem(title: "Search", content: .stack),
    ])
    let modal = ModalPresenter()

    var movies: NavigationPresenter { get throws { try tabs.stack(forTab: 0) } }
    var search: NavigationPresenter { get throws { try tabs.stack(forTab: 1) } }

    func makeRoot(signedIn: Bool = false) -> AppRoot {
        AppRoot(window: window, tabs: tabs, modal: modal, signedIn: signedIn)
    }

    /// Waits until both tabs show their first screen.
    func waitUntilStarted() async throws {
        try await tabs.waitUntil { $0.tabs.allSatisfy { $0.presentations.count == 1 } }
    }

    /// Each tab's screens, and the selected tab.
    var screens: (movies: [String], search: [String], selected: Int) {
        let state = tabs.state
        return (
            state.tabs[0].presentations.map(\.screen.screenName), state.tabs[1].presentations.map(\.screen.screenName),
            state.selectedIndex
        )
    }
}

/// Runs the app in a flow test until both tabs show their first screen, then `body`; then the
/// kit cancels the tree, as a log-out would, and checks that the app's presenters are left
/// empty and its coordinators released. (`RunningApp.tree` is not used: the test's tree is
/// `test.tree`.)
func withRunningApp(
    signedIn: Bool = false, _ body: @escaping @Sendable (FlowTest<AppRoot>, RunningApp) async throws -> Void
) async throws {
    let app = RunningApp()
    try await withFlowTest(
        of: app.makeRoot(signedIn: signedIn), atEnd: .cancelTree, presenters: [app.window, app.tabs, app.modal]
    ) { test in
        try await app.waitUntilStarted()
        try await body(test, app)
    }
}
