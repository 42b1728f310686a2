import Coordinators
import CoordinatorsTesting
import Testing

/// The scenarios of the five designs this package absorbs, in their async, headless form.
@Suite(.timeLimit(.minutes(1)))
struct SeedScenarioTests {
    // MARK: MVVM-C: a login sub-flow reports back and is removed

    struct User: Sendable, Equatable { let name: String }

    struct HomeScreen: Screen { let delegate: AppCoordinator }
    struct LoginScreen: Screen { let delegate: LoginCoordinator }

    actor AppCoordinator: Coordinator {
        let flow = Flow<User>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws -> User {
            try await flow.present(HomeScreen(delegate: self), on: navigation)
            return try await flow.finished
        }

        /// HomeScreen's "Log in" button.
        func navigateToLogin() async throws {
            let user = try await flow.run(LoginCoordinator(navigation: navigation))
            try flow.finish(with: user)
        }
    }

    actor LoginCoordinator: Coordinator {
        let flow = Flow<User>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws -> User {
            try await flow.present(LoginScreen(delegate: self), on: navigation)
            return try await flow.finished
        }

        /// LoginScreen's "didFinishLogin".
        func navigateToMain(as user: User) throws { try flow.finish(with: user) }
    }

    @Test func mvvmcLoginSubFlowReportsBackAndIsRemoved() async throws {
        let navigation = NavigationPresenter()
        let user = try await withFlowTest(of: AppCoordinator(navigation: navigation)) { test in
            try await test.tap(HomeScreen.self, on: navigation) { try await $0.delegate.navigateToLogin() }
            try await test.tap(LoginScreen.self, on: navigation) { login in
                #expect(
                    test.tree.snapshot().root?.children.map(\.coordinatorType) == ["SeedScenarioTests.LoginCoordinator"]
                )
                try await login.delegate.navigateToMain(as: User(name: "ada"))
            }
            return try await test.output
        }  // and the kit checked that LoginCoordinator was released and the stack left empty
        #expect(user == User(name: "ada"))
    }

    // MARK: NavigationFlowCoordinator: a flow finishes when its main screen is popped

    struct MoviesScreen: Screen { let delegate: MoviesCoordinator }

    actor MoviesCoordinator: Coordinator {
        let flow = Flow<FlowOutcome<Void>>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws -> FlowOutcome<Void> {
            try await flow.present(MoviesScreen(delegate: self), on: navigation)
            return try await flow.finished
        }

        /// "Add movie": a child flow; nothing to store, nothing to remove afterwards.
        func addNewMovie(_ child: MovieEditorCoordinator) async throws {
            let outcome = await flow.runForOutcome(child)
            try flow.finish(with: outcome)
        }
    }

    struct EditorScreen: Screen { let delegate: MovieEditorCoordinator }

    actor MovieEditorCoordinator: Coordinator {
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws {
            try await flow.present(EditorScreen(delegate: self), on: navigation)
            try await flow.finished
        }

        /// The editor's own "Back" button pops its main screen.
        func back() async throws { try await navigation.pop() }
    }

    @Test(arguments: [DismissalReason.byCoordinator, .byUser])
    func navigationFlowChildFinishesWhenItsMainScreenIsPopped(by reason: DismissalReason) async throws {
        let navigation = NavigationPresenter()
        let result = try await withFlowTest(of: MoviesCoordinator(navigation: navigation)) { test in
            try await test.tap(MoviesScreen.self, on: navigation) {
                try await $0.delegate.addNewMovie(MovieEditorCoordinator(navigation: navigation))
            }
            if reason == .byUser {
                _ = try await test.screen(EditorScreen.self, on: navigation)
                try await test.swipeBack(on: navigation)
            } else {
                try await test.tap(EditorScreen.self, on: navigation) { try await $0.delegate.back() }
            }
            return try await test.output
        }  // and the kit checked that the editor was released
        #expect(result.ending == .dismissed(reason))
    }

    // MARK: NavigationFlowCoordinator: FlowEvents bubble up; any ancestor may handle or stop them

    struct MovieUpdatedFlowEvent: FlowEvent { let movieId: Int }

    /// What the movie flows journal as they handle `MovieUpdatedFlowEvent`.
    enum MovieLog: Hashable, Sendable {
        /// The app saw an update.
        case appSawAnUpdate
        /// The list reloaded for the movie.
        case listReloaded(movie: Int)
        /// The details of the movie reloaded.
        case detailsReloaded(movie: Int)
    }

    struct MovieListView: Screen { let delegate: MovieListFlow }
    struct MovieDetailsView: Screen {
        let movieId: Int
        let delegate: MovieDetailsFlow
    }
    struct MovieEditView: Screen { let delegate: MovieEditFlow }

    /// The app above the list: it would see updates the list let through.
    actor MoviesAppFlow: Coordinator {
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        let log: Journal<MovieLog>
        init(navigation: NavigationPresenter, log: Journal<MovieLog>) throws {
            self.navigation = navigation
            self.log = log
            try onFlowEvent(MovieUpdatedFlowEvent.self) { app, _ in
                app.log.record(.appSawAnUpdate)
                return .stop
            }
        }

        func start() async throws { try await flow.run(try MovieListFlow(navigation: navigation, log: log)) }
    }

    actor MovieListFlow: Coordinator {
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        let log: Journal<MovieLog>
        init(navigation: NavigationPresenter, log: Journal<MovieLog>) throws {
            self.navigation = navigation
            self.log = log
            // The README's handle(flowEvent:) returning true: handled, and no further.
            try onFlowEvent(MovieUpdatedFlowEvent.self) { list, event in
                list.log.record(.listReloaded(movie: event.movieId))
                return .stop
            }
        }

        func start() async throws {
            try await flow.present(MovieListView(delegate: self), on: navigation)
            try await flow.finished
        }

        func showMovie(_ movieId: Int) throws {
            try flow.start(try MovieDetailsFlow(movieId: movieId, navigation: navigation, log: log))
        }
    }

    actor MovieDetailsFlow: Coordinator {
        let flow = Flow<Void>()
        let movieId: Int
        let navigation: NavigationPresenter
        let log: Journal<MovieLog>
        init(movieId: Int, navigation: NavigationPresenter, log: Journal<MovieLog>) throws {
            self.movieId = movieId
            self.navigation = navigation
            self.log = log
            // The README's handler returning false: handled if it is this movie, and passed on.
            try onFlowEvent(MovieUpdatedFlowEvent.self) { details, event in
                if event.movieId == details.movieId {
                    details.log.record(.detailsReloaded(movie: details.movieId))
                }
                return .passOn
            }
        }

        func start() async throws {
            try await flow.present(MovieDetailsView(movieId: movieId, delegate: self), on: navigation)
            try await flow.finished
        }

        func showRelatedMovie(_ movieId: Int) throws {
            try flow.start(try MovieDetailsFlow(movieId: movieId, navigation: navigation, log: log))
        }

        func edit() throws { try flow.start(MovieEditFlow(movieId: movieId, navigation: navigation)) }
    }

    actor MovieEditFlow: Coordinator {
        let flow = Flow<Void>()
        let movieId: Int
        let navigation: NavigationPresenter
        init(movieId: Int, navigation: NavigationPresenter) {
            self.movieId = movieId
            self.navigation = navigation
        }

        func start() async throws {
            try await flow.present(MovieEditView(delegate: self), on: navigation)
            try await flow.finished
        }

        /// "Save": tell whoever shows this movie, then close the editor.
        func save() async throws -> FlowEventReceipt {
            let receipt = try await flow.send(MovieUpdatedFlowEvent(movieId: movieId))
            try flow.finish()
            return receipt
        }
    }

    @Test func navigationFlowEventsBubbleUpToTheCoordinatorsThatCareUntilOneStopsThem() async throws {
        let navigation = NavigationPresenter()
        let log = Journal<MovieLog>()
        try await withFlowTest(of: try MoviesAppFlow(navigation: navigation, log: log), atEnd: .cancelTree) { test in
            try await test.tap(MovieListView.self, on: navigation) { try await $0.delegate.showMovie(1) }
            try await test.tap(MovieDetailsView.self, on: navigation, where: { $0.movieId == 1 }) {
                try await $0.delegate.showRelatedMovie(2)
            }
            try await test.tap(MovieDetailsView.self, on: navigation, where: { $0.movieId == 2 }) {
                try await $0.delegate.edit()
            }
            let receipt = try await test.tap(MovieEditView.self, on: navigation) { try await $0.delegate.save() }.value

            #expect(log.all == [.detailsReloaded(movie: 2), .listReloaded(movie: 2)])
            #expect(
                receipt.handledBy.map(\.coordinatorType) == ["MovieDetailsFlow", "MovieDetailsFlow", "MovieListFlow"])
            #expect(receipt.stoppedBy?.coordinatorType == "MovieListFlow")
            try await test.ended(MovieEditFlow.self)  // the editor finished; its screen left
            #expect(navigation.state.screenNames == ["MovieListView", "MovieDetailsView", "MovieDetailsView"])
        }
    }

    // MARK: JLCoordinator: stop() stops all children first, then the parent learns of it

    actor Stopper: Coordinator {
        let flow = Flow<[JournalEntry]>()
        let presenter: RecordingPresenter
        let child: Branch
        init(_ presenter: RecordingPresenter, child: Branch) {
            self.presenter = presenter
            self.child = child
        }

        func start() async throws -> [JournalEntry] {
            try await flow.present(TestScreen("parent"), on: presenter)
            let handle = try flow.start(child)
            try await presenter.journal.waitUntil { $0.presented.count == 4 }
            handle.cancel()  // JLCoordinator's child.stop()
            let outcome = await handle.outcome
            presenter.journal.record(.ended("child", outcome.ending))  // didStop(child:), didRemove(child:)
            return presenter.journal.all
        }
    }

    @Test func jlCoordinatorStopStopsChildrenFirstThenTellsTheParent() async throws {
        let journal = Journal()
        let presenter = RecordingPresenter(journal: journal)
        let child = Branch(
            "child", on: presenter,
            children: [Branch("grandchild1", on: presenter), Branch("grandchild2", on: presenter)])
        let log = try await CoordinatorTree().run(Stopper(presenter, child: child))
        let afterStop = Array(log.drop { $0.dismissal == nil })
        #expect(afterStop.count == 4)
        #expect(
            Set(afterStop.prefix(2)) == [.dismissed("grandchild1", .tornDown), .dismissed("grandchild2", .tornDown)])
        #expect(afterStop[2] == .dismissed("child", .tornDown))
        #expect(afterStop[3] == .ended("child", .cancelled))
    }

    // MARK: Director: start(child) pushes onto the parent's stack; a modal child presents modally

    actor HomeCoordinator: Coordinator {
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        let modal: ModalPresenter
        init(navigation: NavigationPresenter, modal: ModalPresenter) {
            self.navigation = navigation
            self.modal = modal
        }

        func start() async throws {
            try await flow.present(TestScreen("home"), on: navigation)
            try await flow.finished
        }

        func homeDidTapProfile() throws { try flow.start(Branch("profile", on: navigation)) }
        func homeDidTapHelp() throws { try flow.start(Branch("help", on: modal)) }
    }

    @Test func directorChildPushesOntoTheParentsStackAndModalChildPresentsModally() async throws {
        let navigation = NavigationPresenter()
        let modal = ModalPresenter()
        try await withFlowTest(of: HomeCoordinator(navigation: navigation, modal: modal)) { test in
            _ = try await test.screen(TestScreen.self, on: navigation)
            try await test.root.homeDidTapProfile()
            _ = try await test.screen(TestScreen.self, on: navigation, where: { $0.name == "profile" })
            #expect(navigation.state.screenNames == ["home", "profile"])
            #expect(modal.modals.isEmpty)
            try await test.root.homeDidTapHelp()
            _ = try await test.screen(TestScreen.self, on: modal)
            #expect(modal.state.screenNames == ["help"])
            #expect(navigation.state.screenNames == ["home", "profile"])
            #expect(test.tree.snapshot().root?.children.count == 2)
            try test.root.flow.finish()
        }  // and the kit checked that both presenters are empty
    }
}
