import Coordinators
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
        let tree = CoordinatorTree()
        let weakLogin: Weak<LoginCoordinator>
        async let user = tree.run(AppCoordinator(navigation: navigation))
        try await navigation.waitUntil { $0.stack.count == 1 }
        let home = try #require(navigation.state.top?.screen as? HomeScreen)
        async let loggingIn: Void = home.delegate.navigateToLogin()
        try await navigation.waitUntil { $0.stack.count == 2 }
        do {
            let login = try #require(navigation.state.top?.screen as? LoginScreen)
            weakLogin = Weak(login.delegate)
            #expect(tree.snapshot().root?.children.map(\.coordinatorType) == ["LoginCoordinator"])
            try await login.delegate.navigateToMain(as: User(name: "ada"))
        }
        try await loggingIn
        #expect(try await user == User(name: "ada"))
        #expect(weakLogin.object == nil)
        #expect(navigation.stack.isEmpty)
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
        let weakEditor: Weak<MovieEditorCoordinator>
        async let result = CoordinatorTree().run(MoviesCoordinator(navigation: navigation))
        try await navigation.waitUntil { $0.stack.count == 1 }
        let movies = try #require(navigation.state.top?.screen as? MoviesScreen)
        do {
            let editor = MovieEditorCoordinator(navigation: navigation)
            weakEditor = Weak(editor)
            async let adding: Void = movies.delegate.addNewMovie(editor)
            try await navigation.waitUntil { $0.stack.count == 2 }
            if reason == .byUser {
                try await navigation.userPop()
            } else {
                try await editor.back()
            }
            try await adding
        }
        guard case .dismissed(reason) = try await result else {
            Issue.record("expected the editor to end dismissed(\(reason))")
            return
        }
        #expect(weakEditor.object == nil)
    }

    // MARK: JLCoordinator: stop() stops all children first, then the parent learns of it

    actor Stopper: Coordinator {
        let flow = Flow<[String]>()
        let presenter: RecordingPresenter
        let child: Branch
        init(_ presenter: RecordingPresenter, child: Branch) {
            self.presenter = presenter
            self.child = child
        }

        func start() async throws -> [String] {
            try await flow.present(TestScreen("parent"), on: presenter)
            let handle = try flow.start(child)
            try await presenter.journal.waitUntil { $0.filter { $0.hasPrefix("present") }.count == 4 }
            handle.cancel()  // JLCoordinator's child.stop()
            let outcome = await handle.outcome
            presenter.journal.record("parent learns: \(outcome)")  // didStop(child:), didRemove(child:)
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
        let afterStop = Array(log.drop { !$0.hasPrefix("dismiss") })
        #expect(afterStop.count == 4)
        #expect(Set(afterStop.prefix(2)) == ["dismiss grandchild1 tornDown", "dismiss grandchild2 tornDown"])
        #expect(afterStop[2] == "dismiss child tornDown")
        #expect(afterStop[3] == "parent learns: cancelled")
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
        let home = HomeCoordinator(navigation: navigation, modal: modal)
        let tree = CoordinatorTree()
        async let done: Void = tree.run(home)
        try await navigation.waitUntil { $0.stack.count == 1 }
        try await home.homeDidTapProfile()
        try await navigation.waitUntil { $0.stack.count == 2 }
        #expect(navigation.state.screenNames == ["home", "profile"])
        #expect(modal.modals.isEmpty)
        try await home.homeDidTapHelp()
        try await modal.waitUntil { $0.modals.count == 1 }
        #expect(modal.state.screenNames == ["help"])
        #expect(navigation.state.screenNames == ["home", "profile"])
        #expect(tree.snapshot().root?.children.count == 2)
        try home.flow.finish()
        try await done
        #expect(navigation.stack.isEmpty && modal.modals.isEmpty)
    }
}
