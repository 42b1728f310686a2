import Coordinators
import CoordinatorsTesting
import Testing

/// The readiness rule, one wait per case: a coordinator is ready for links once its `start()`
/// first waits on the runtime, whichever wait of the library that is. A new wait gets a case
/// here (ARCHITECTURE.md, "A new way to wait"; `.ci/check-readiness.py` fails until it has one).
@Suite(.timeLimit(.minutes(1)))
struct ReadinessRuleTests {
    /// What `start()` waits on once its home screen is shown.
    enum Wait: String, CaseIterable, Sendable {
        case finished, ask, askWithTimeout, run, runForOutcome, childValue, childOutcome, childGroup, race
        case raceForOutcome, send, guarding, form, dismissal
        /// No wait of the library: the control, which the link must wait for.
        case nothingOfTheLibrary
    }

    struct Question: Screen { typealias Answer = Int }

    /// A child that shows nothing and waits for its end.
    actor Idle: Coordinator {
        let flow = Flow<Void>()
        func start() async throws { try await flow.finished }
    }

    actor Waiting: Routable {
        enum Route: Hashable, Sendable {
            case home
            case detail
            /// A child of the same kind that waits on nothing of the library.
            case unready
        }
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        let modal: ModalPresenter
        let wait: Wait
        init(navigation: NavigationPresenter, modal: ModalPresenter, wait: Wait) {
            (self.navigation, self.modal, self.wait) = (navigation, modal, wait)
        }

        func start() async throws {
            try await go(.forward(to: .home))
            switch wait {
            case .finished: try await flow.finished
            case .ask: _ = try await flow.ask(Question(), on: modal)
            case .askWithTimeout: _ = try await flow.ask(Question(), on: modal, timeout: .seconds(60))
            case .run: try await flow.run(Idle())
            case .runForOutcome: _ = await flow.runForOutcome(Idle(), timeout: .seconds(60))
            case .childValue: try await flow.start(Idle()).value
            case .childOutcome: _ = try await flow.start(Idle()).outcome
            case .childGroup:
                try await flow.withChildGroup(of: Void.self) { group in
                    try group.start(Idle())
                    while try await group.next() != nil {}
                }
            case .race: _ = try await flow.race(.flow(Idle()), .flow(Idle()))
            case .raceForOutcome: _ = try await flow.raceForOutcome([.flow(Idle()), .flow(Idle())])
            case .send: try await flow.send(Ping(number: 1))
            case .guarding:
                try await flow.guarding {
                    await untilCancelled()
                } whenInterrupted: { _ in
                    .allow
                }
            case .form: _ = try await flow.form(on: modalStack) { form in try await form.ask(Question()) }
            case .dismissal: _ = try await flow.present(TestScreen("sheet"), on: modal, role: .auxiliary).dismissal
            case .nothingOfTheLibrary: break
            }
            await untilCancelled()  // not the runtime: only the wait above made it ready
        }

        /// A screen's action: asks from an actor method, outside `start()`.
        func askFromAnActorMethod() async throws -> Int { try await flow.ask(Question(), on: modal) }

        /// A stack of its own for the form, so that the link's detail lands on `navigation`.
        let modalStack = NavigationPresenter(name: "form")

        func destination(for route: Route) -> Destination? {
            switch route {
            case .home: .screen(TestScreen("home"), on: navigation)
            case .detail: .screen(TestScreen("detail"), on: navigation)
            case .unready: .child(Waiting(navigation: navigation, modal: modal, wait: .nothingOfTheLibrary))
            }
        }
    }

    @Test(arguments: Wait.allCases.filter { $0 != .nothingOfTheLibrary })
    func everyWaitOfTheLibraryMakesTheCoordinatorReady(_ wait: Wait) async throws {
        let (navigation, modal) = (NavigationPresenter(), ModalPresenter())
        try await withFlowTest(
            of: Waiting(navigation: navigation, modal: modal, wait: wait), atEnd: .cancelTree,
            presenters: [navigation, modal]
        ) { test in
            _ = try await test.screen(TestScreen.self, on: navigation) { $0.name == "home" }
            try await test.tree.open(DeepLink(Waiting.Route.home, Waiting.Route.detail))
            #expect(navigation.state.screenNames == ["home", "detail"], "\(wait)")
        }
    }

    @Test func aCoordinatorThatWaitsOnNothingOfTheLibraryKeepsALinkWaitingAndSaysSo() async throws {
        let (navigation, modal) = (NavigationPresenter(), ModalPresenter())
        try await withFlowTest(
            of: Waiting(navigation: navigation, modal: modal, wait: .nothingOfTheLibrary), atEnd: .cancelTree,
            presenters: [navigation, modal]
        ) { test in
            _ = try await test.screen(TestScreen.self, on: navigation) { $0.name == "home" }
            let link = Task { try await test.tree.open(DeepLink(Waiting.Route.home, Waiting.Route.detail)) }
            try await test.expectEvents(["ReadinessRuleTests.Waiting #1 keeps a link waiting until it is set up"])
            #expect(navigation.state.screenNames == ["home"])
            link.cancel()
            await #expect(throws: CancellationError.self) { try await link.value }
        }
    }

    @Test func aWaitOfAnotherTaskThanStartDoesNotMakeTheCoordinatorReady() async throws {
        let (navigation, modal) = (NavigationPresenter(), ModalPresenter())
        try await withFlowTest(
            of: Waiting(navigation: navigation, modal: modal, wait: .nothingOfTheLibrary), atEnd: .cancelTree,
            presenters: [navigation, modal]
        ) { test in
            _ = try await test.screen(TestScreen.self, on: navigation) { $0.name == "home" }
            let asking = Task { try await test.root.askFromAnActorMethod() }
            _ = try await test.screen(Question.self, on: modal)
            let link = Task { try await test.tree.open(DeepLink(Waiting.Route.home, Waiting.Route.detail)) }
            try await test.expectEvents(["ReadinessRuleTests.Waiting #1 keeps a link waiting until it is set up"])
            #expect(navigation.state.screenNames == ["home"])
            link.cancel()
            await #expect(throws: CancellationError.self) { try await link.value }
            try await test.answer(Question.self, on: modal, with: 1)
            #expect(try await asking.value == 1)
        }
    }

    @Test func aLinkIntoANewChildThatHasNotSetUpSaysWhomItWaitsFor() async throws {
        let (navigation, modal) = (NavigationPresenter(), ModalPresenter())
        try await withFlowTest(
            of: Waiting(navigation: navigation, modal: modal, wait: .finished), atEnd: .cancelTree,
            presenters: [navigation, modal]
        ) { test in
            _ = try await test.screen(TestScreen.self, on: navigation) { $0.name == "home" }
            let link = Task { try await test.tree.open(DeepLink(Waiting.Route.unready, Waiting.Route.detail)) }
            // The root #1 showed p3 (its route took #2); the child is #4. The link's step into it holds the root's
            // turn until the child sets up, and says so at once.
            try await test.expectEvents(["ReadinessRuleTests.Waiting #4 keeps a link waiting until it is set up"])
            #expect(
                test.tree.waitingLink?.hasPrefix(
                    "the link unready → detail waits for ReadinessRuleTests.Waiting #4, which is setting up") == true)
            link.cancel()
            await #expect(throws: CancellationError.self) { try await link.value }
            #expect(navigation.state.screenNames == ["home"], "the half-made child is ended")
        }
    }
}
