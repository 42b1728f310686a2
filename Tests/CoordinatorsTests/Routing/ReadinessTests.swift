import Coordinators
import CoordinatorsTesting
import Testing

/// Readiness, named: a coordinator holds its routes while it sets up (`flow.holdingRoutes`),
/// and a link that reaches it meanwhile waits, within the rules of links.
@Suite(.timeLimit(.minutes(1)))
struct ReadinessTests {
    /// Onboarding's only screen: `true` to go on, `false` to give up.
    struct Welcome: Screen {
        typealias Answer = Bool
        var name = "welcome"
        var screenName: String { name }
    }

    actor Onboarding: Coordinator {
        let flow = Flow<Bool>()
        let modal: ModalPresenter
        init(modal: ModalPresenter) { self.modal = modal }
        func start() async throws -> Bool { try await flow.ask(Welcome(name: "onboarding"), on: modal) }
    }

    /// An app that runs its onboarding before it shows its home screen, with its routes held.
    actor App: Routable {
        enum Route: Hashable, Sendable, Codable {
            case home
            case item(Int)
        }
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        let modal: ModalPresenter
        /// The routes `destination(for:)` was asked for, in order.
        let asked: Mutex<[Route]>
        init(navigation: NavigationPresenter, modal: ModalPresenter, asked: Mutex<[Route]>) {
            (self.navigation, self.modal, self.asked) = (navigation, modal, asked)
        }

        func start() async throws {
            let onboarded = try await flow.holdingRoutes { try await flow.run(Onboarding(modal: modal)) }
            guard onboarded else { return }
            try await go(.forward(to: .home))
            try await flow.finished
        }

        nonisolated func destination(for route: Route) -> Destination? {
            asked.withLock { $0.append(route) }
            switch route {
            case .home: return .screen(TestScreen("home"), on: navigation)
            case .item(let id): return .screen(TestScreen("item \(id)"), on: navigation)
            }
        }

        /// A screen's call: holding routes is `start()`'s.
        func holdFromAScreen() async throws {
            try await flow.holdingRoutes {}
        }
    }

    /// What a test reads of an `App`, made before it.
    struct Surfaces {
        let navigation = NavigationPresenter()
        let modal = ModalPresenter()
        let asked = Mutex<[App.Route]>([])
        func makeApp() -> App { App(navigation: navigation, modal: modal, asked: asked) }
    }

    @Test func aLinkOpenedDuringOnboardingLandsWhenItIsDoneAndANewerOneSupersedesIt() async throws {
        let app = Surfaces()
        try await withFlowTest(of: app.makeApp(), atEnd: .cancelTree, presenters: [app.navigation, app.modal]) { test in
            _ = try await test.screen(Welcome.self, on: app.modal)
            let first = Task { try await test.tree.open(DeepLink(App.Route.home, App.Route.item(1))) }
            try await test.expectEvents(["ReadinessTests.App #1 holds a link until it is ready"])

            let second = Task { try await test.tree.open(DeepLink(App.Route.home, App.Route.item(2))) }
            let error = await #expect(throws: DeepLinkError.self) { try await first.value }
            #expect(error?.code == .superseded)
            #expect(app.navigation.state.screenNames.isEmpty, "nothing moved while onboarding ran")

            try await test.answer(Welcome.self, on: app.modal, with: true)
            try await second.value
            #expect(app.navigation.state.screenNames == ["home", "item 2"], "the link went on after the home screen")
            #expect(app.asked.withLock { $0 } == [.home, .item(2)], "the superseded link resolved nothing")
        }
    }

    @Test func aRestorationDuringOnboardingWaitsAndLandsWhenItIsDone() async throws {
        // The state to restore: the app after its onboarding, on item 3.
        let first = Surfaces()
        let saved = try await withFlowTest(
            of: first.makeApp(), atEnd: .cancelTree, presenters: [first.navigation, first.modal]
        ) { test in
            try await test.answer(Welcome.self, on: first.modal, with: true)
            try await test.tree.open(DeepLink(App.Route.home, App.Route.item(3)))
            return try #require(test.tree.navigationState())
        }

        let app = Surfaces()
        try await withFlowTest(of: app.makeApp(), atEnd: .cancelTree, presenters: [app.navigation, app.modal]) { test in
            _ = try await test.screen(Welcome.self, on: app.modal)
            let restoring = Task { try await test.tree.restore(saved) }
            try await test.expectEvents(["ReadinessTests.App #1 holds a link until it is ready"])
            #expect(app.navigation.state.screenNames.isEmpty, "nothing restored while onboarding runs")

            try await test.answer(Welcome.self, on: app.modal, with: true)
            let report = try await restoring.value
            #expect(report.isComplete)
            #expect(app.navigation.state.screenNames == ["home", "item 3"])
        }
    }

    @Test func aHeldLinkFailsAsTargetEndedWhenTheCoordinatorEndsFirst() async throws {
        let app = Surfaces()
        try await withFlowTest(of: app.makeApp(), presenters: [app.navigation, app.modal]) { test in
            _ = try await test.screen(Welcome.self, on: app.modal)
            let link = Task { try await test.tree.open(DeepLink(App.Route.home, App.Route.item(1))) }
            try await test.expectEvents(["ReadinessTests.App #1 holds a link until it is ready"])

            try await test.answer(Welcome.self, on: app.modal, with: false)
            let error = await #expect(throws: DeepLinkError.self) { try await link.value }
            #expect(error?.code == .targetEnded)
            #expect(app.asked.withLock { $0 }.isEmpty)
        }
    }

    @Test func holdingRoutesOutsideStartIsNotInStart() async throws {
        let app = Surfaces()
        try await withFlowTest(of: app.makeApp(), atEnd: .cancelTree, presenters: [app.navigation, app.modal]) { test in
            _ = try await test.screen(Welcome.self, on: app.modal)
            let error = await #expect(throws: CoordinatorError.self) { try await test.root.holdFromAScreen() }
            #expect(error?.code == .notInStart)
        }
    }

    /// A coordinator that is ready, then holds its routes while a re-authentication runs,
    /// then waits for something that is not the runtime.
    actor Vault: Routable {
        enum Route: Hashable, Sendable { case secret }
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        let modal: ModalPresenter
        let afterHold: Gate
        init(navigation: NavigationPresenter, modal: ModalPresenter, afterHold: Gate) {
            (self.navigation, self.modal, self.afterHold) = (navigation, modal, afterHold)
        }

        func start() async throws {
            _ = try await flow.ask(Welcome(), on: modal)  // ready from here
            _ = try await flow.holdingRoutes { try await flow.run(Onboarding(modal: modal)) }
            await afterHold.wait()
            try await flow.finished
        }

        func destination(for route: Route) -> Destination? {
            .screen(TestScreen("secret"), on: navigation)
        }
    }

    @Test func aHoldThatBeganOnceReadyKeepsTheLinkUntilTheNextWaitAfterIt() async throws {
        let vault = (navigation: NavigationPresenter(), modal: ModalPresenter(), afterHold: Gate())
        try await withFlowTest(
            of: Vault(navigation: vault.navigation, modal: vault.modal, afterHold: vault.afterHold), atEnd: .cancelTree,
            presenters: [vault.navigation, vault.modal]
        ) { test in
            try await test.answer(Welcome.self, on: vault.modal, with: true)
            _ = try await test.presentation(of: Welcome.self, on: vault.modal) { $0.name == "onboarding" }  // held
            let link = Task { try await test.tree.open(DeepLink(Vault.Route.secret)) }
            try await test.expectEvents(["ReadinessTests.Vault #1 holds a link until it is ready"])

            try await test.answer(Welcome.self, on: vault.modal, with: true)
            // The hold has ended; start() now sets up again (its gate, not a wait on the
            // runtime), and the link waits, as at set-up, until flow.finished.
            _ = try await test.ended(Onboarding.self)
            #expect(vault.navigation.state.screenNames.isEmpty)
            vault.afterHold.open()
            try await link.value
            #expect(vault.navigation.state.screenNames == ["secret"])
        }
    }
}
