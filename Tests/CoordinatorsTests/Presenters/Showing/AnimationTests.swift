import Coordinators
import CoordinatorsTesting
import Testing

/// Whether a change animates: a coordinator's `animated`, handed to every presenter call; a
/// move of several calls animates one; a link or a restoration animates only its last change.
@Suite(.timeLimit(.minutes(1)))
struct AnimationTests {
    @Test func aCoordinatorsAnimatedReachesItsPresenterForEveryCall() async throws {
        let presenter = OptionsRecordingPresenter()
        let navigation = NavigationPresenter()
        try await withFlowTest(
            of: ClosureCoordinator { flow -> Int in
                let quiet = try await flow.present(
                    TestScreen("quiet"), on: presenter, role: .auxiliary, animated: false)
                try await flow.dismiss(quiet, animated: false)
                try await flow.present(TestScreen("home"), on: navigation)
                try await flow.setStack([TestScreen("home"), TestScreen("detail")], on: navigation, animated: false)
                return try await flow.ask(PresentationOptionsTests.Question(), on: presenter, animated: false)
            }
        ) { test in
            _ = try await test.presentation(of: PresentationOptionsTests.Question.self, on: presenter.surface)
            #expect(navigation.state.animation.animatedChanges == 1)  // the first push
            #expect(navigation.state.animation.lastChangeAnimated == false)
            try await test.answer(PresentationOptionsTests.Question.self, on: presenter.surface, with: 1)
            _ = try await test.output
        }
        let calls = presenter.received
        #expect(calls.map(\.kind) == [.present, .dismiss, .present, .dismiss])
        #expect(calls.map(\.animated) == [false, false, false, false])
    }

    /// Shows `count` screens, one route each, and goes back over them when told.
    actor Pages: Routable {
        enum Route: Hashable, Sendable, Codable { case page(Int) }
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        let modal: ModalPresenter
        init(navigation: NavigationPresenter, modal: ModalPresenter) {
            self.navigation = navigation
            self.modal = modal
        }

        func start() async throws {
            try await go(.forward(to: .page(0)))
            try await flow.finished
        }

        func destination(for route: Route) -> Destination? {
            switch route {
            case .page(let number) where number >= 3: .screen(TestScreen("modal \(number)"), on: modal)
            case .page(let number): .screen(TestScreen("page \(number)"), on: navigation)
            }
        }

        func goBackToTheFirst() async throws { try await go(.back(to: .page(0))) }
    }

    @Test func aMoveOverTwoPresentersAnimatesOnlyTheChangeOnTop() async throws {
        let navigation = NavigationPresenter()
        let modal = ModalPresenter()
        let tree = CoordinatorTree()
        let root = Pages(navigation: navigation, modal: modal)
        let run = Task { try await tree.run(root) }
        try await navigation.waitUntil { $0.stack.count == 1 }
        try await tree.open(
            DeepLink(
                Pages.Route.page(0), Pages.Route.page(1), Pages.Route.page(2), Pages.Route.page(3), Pages.Route.page(4))
        )
        #expect(navigation.state.screenNames == ["page 0", "page 1", "page 2"])
        #expect(modal.state.screenNames == ["modal 3", "modal 4"])
        // The link: its last move is its only one here, over two presenters; the modal is on top.
        #expect(navigation.state.animation.lastChangeAnimated == false)
        #expect(modal.state.animation.animatedChanges == 1)
        let (pushes, modals) = (navigation.state.animation.animatedChanges, modal.state.animation.animatedChanges)
        try await root.goBackToTheFirst()
        #expect(navigation.state.screenNames == ["page 0"])
        #expect(modal.state.screenNames.isEmpty)
        // Going back: the modals leave on top, animated; the pop beneath them does not.
        #expect(modal.state.animation.animatedChanges == modals + 1)
        #expect(navigation.state.animation.animatedChanges == pushes)
        tree.cancel()
        _ = await run.result
    }

    @Test func aRestorationOfFourLevelsAnimatesOnlyItsLastChange() async throws {
        let first = RunningApp()
        let firstRun = Task { try await first.tree.run(first.makeRoot(signedIn: true)) }
        try await first.waitUntilStarted()
        try await first.tree.open(DeepLink(AppRoute.search, SearchRoute.results(query: "noir")))
        try await first.tree.open(
            DeepLink(
                AppRoute.movies, MoviesRoute.movie(id: 7), MoviesRoute.reviews(movieID: 7), ReviewsRoute.review(id: 2)))
        let saved = try #require(first.tree.navigationState())
        first.tree.cancel()
        _ = await firstRun.result

        let app = RunningApp()
        let run = Task { try await app.tree.run(app.makeRoot(signedIn: true)) }
        try await app.waitUntilStarted()
        let surfaces: [any HeadlessPresenter] = [app.window, try app.movies, try app.search, app.modal]
        func animated() -> Int {
            [
                app.window.state.animation.animatedChanges, (try? app.movies.state.animation.animatedChanges) ?? 0,
                (try? app.search.state.animation.animatedChanges) ?? 0, app.modal.state.animation.animatedChanges,
            ]
            .reduce(0, +)
        }
        let before = animated()
        let report = try await app.tree.restore(saved)
        #expect(report.isComplete)
        #expect(app.screens.movies == ["list", "movie 7", "reviews of 7", "review 2"])
        #expect(app.screens.search == ["search", "results noir"])
        #expect(animated() - before == 1, "\(surfaces.map(\.name))")
        app.tree.cancel()
        _ = await run.result
    }

    @Test func aDeepLinkThroughNewChildrenAnimatesOnlyItsLastChange() async throws {
        let app = RunningApp()
        let run = Task { try await app.tree.run(app.makeRoot(signedIn: true)) }
        try await app.waitUntilStarted()
        let movies = try app.movies
        let before = movies.state.animation.animatedChanges
        try await app.tree.open(
            DeepLink(
                AppRoute.movies, MoviesRoute.movie(id: 7), MoviesRoute.reviews(movieID: 7), ReviewsRoute.review(id: 2)))
        #expect(app.screens.movies == ["list", "movie 7", "reviews of 7", "review 2"])
        #expect(movies.state.animation.animatedChanges - before == 1)
        #expect(movies.state.animation.lastChangeAnimated)
        app.tree.cancel()
        _ = await run.result
    }

    /// Pages on a stack, and a route to a child that pushes a screen of its own.
    actor PagesAndChild: Routable {
        enum Route: Hashable, Sendable {
            case page(Int)
            case child
        }
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws {
            try await go(.forward(to: .page(0)))
            try await flow.finished
        }

        func destination(for route: Route) -> Destination? {
            switch route {
            case .page(let number): .screen(TestScreen("page \(number)"), on: navigation)
            case .child:
                .child(
                    ClosureCoordinator { [navigation] flow in
                        try await flow.present(TestScreen("child"), on: navigation)
                        try await flow.finished
                    })
            }
        }
    }

    @Test func aLinksLastMoveThatReplacesScreensWithANewChildAnimatesOnlyTheChildsScreen() async throws {
        let navigation = NavigationPresenter()
        let tree = CoordinatorTree()
        let run = Task { try await tree.run(PagesAndChild(navigation: navigation)) }
        try await navigation.waitUntil { $0.stack.count == 1 }
        try await tree.open(DeepLink(PagesAndChild.Route.page(0), PagesAndChild.Route.page(1)))
        let before = navigation.state.animation.animatedChanges
        try await tree.open(DeepLink(PagesAndChild.Route.page(0), PagesAndChild.Route.child))
        #expect(navigation.state.screenNames == ["page 0", "child"])
        #expect(navigation.state.animation.animatedChanges - before == 1)
        #expect(navigation.state.animation.lastChangeAnimated)
        tree.cancel()
        _ = await run.result
    }

    /// A link's step starts it on its way to its page: it starts a helper that shows a screen
    /// at once and, much later, another.
    actor Account: Routable {
        enum Route: Hashable, Sendable { case page }
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        let modal: ModalPresenter
        let later: Gate
        init(navigation: NavigationPresenter, modal: ModalPresenter, later: Gate) {
            self.navigation = navigation
            self.modal = modal
            self.later = later
        }

        func start() async throws {
            try await flow.present(TestScreen("account"), on: navigation)
            try flow.start(
                ClosureCoordinator { [modal, later] flow in
                    try await flow.present(TestScreen("banner"), on: modal)
                    await later.wait()  // not the runtime: this helper never accepts routes
                    try await flow.present(TestScreen("later"), on: modal, role: .auxiliary)
                    try await flow.finished
                })
            try await flow.finished
        }

        func destination(for route: Route) -> Destination? { .screen(TestScreen("page"), on: navigation) }
    }

    /// The app: its one route starts the account.
    actor App: Routable {
        enum Route: Hashable, Sendable { case account }
        let flow = Flow<Void>()
        let account: @Sendable () -> Account
        init(account: @escaping @Sendable () -> Account) { self.account = account }
        func start() async throws { try await flow.finished }
        func destination(for route: Route) -> Destination? { .child(account()) }
    }

    @Test func aChildStartedWhileALinkSetsItsParentUpAnimatesOnceTheParentIsSetUp() async throws {
        let navigation = NavigationPresenter()
        let modal = ModalPresenter()
        let later = Gate()
        let tree = CoordinatorTree()
        let app = App { Account(navigation: navigation, modal: modal, later: later) }
        let run = Task { try await tree.run(app) }
        try await tree.open(DeepLink(App.Route.account, Account.Route.page))
        #expect(navigation.state.screenNames == ["account", "page"])
        later.open()
        try await modal.waitUntil { $0.modals.last?.isPresented == true && $0.modals.count == 2 }
        #expect(modal.state.screenNames == ["banner", "later"])
        #expect(modal.state.animation.lastChangeAnimated)
        tree.cancel()
        _ = await run.result
    }
}
