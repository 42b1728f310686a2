import Coordinators
import CoordinatorsTesting
import Testing

/// A move returns once every child it ends is gone: the children of the routes it removes, and
/// a child whose main screen it takes along (one that lay above a removed route).
@Suite(.timeLimit(.minutes(1)))
struct MoveEndsChildrenTests {
    /// A child that is no route: shows its main screen on the parent's stack and a sheet on a
    /// modal, and once its flow has ended, finishes its work (`done`, which ignores
    /// cancellation) before it returns.
    actor Helper: Coordinator {
        let flow = Flow<Void>()
        let navigation: any Presenter
        let modal: ModalPresenter
        let done: Gate
        init(navigation: any Presenter, modal: ModalPresenter, done: Gate) {
            (self.navigation, self.modal, self.done) = (navigation, modal, done)
        }

        func start() async throws {
            try await flow.present(TestScreen("helper"), on: navigation)
            try await flow.present(TestScreen("aux"), on: modal, role: .auxiliary)
            _ = try? await flow.finished
            await done.wait()
        }
    }

    actor Parent: Routable {
        enum Route: Hashable, Sendable {
            case a
            case b
        }
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws {
            try await go(.forward(to: .a))
            try await flow.finished
        }

        func destination(for route: Route) -> Destination? {
            .screen(TestScreen("\(route)"), on: navigation)
        }

        func startHelper(_ helper: Helper) throws { try flow.start(helper) }
    }

    @Test func goingBackReturnsOnceAChildWhoseMainScreenItTookAlongIsGone() async throws {
        let (navigation, modal, done) = (NavigationPresenter(), ModalPresenter(), Gate())
        try await withFlowTest(of: Parent(navigation: navigation), atEnd: .cancelTree, presenters: [navigation, modal])
        {
            test in
            _ = try await test.screen(TestScreen.self, on: navigation) { $0.name == "a" }
            try await test.root.go(.forward(to: .b))
            let helper = Helper(navigation: navigation, modal: modal, done: done)
            try await test.root.startHelper(helper)
            _ = try await test.screen(TestScreen.self, on: modal) { $0.name == "aux" }

            // The helper's work is done once the move has taken its main screen off the stack.
            let finishing = Task {
                try await navigation.waitUntil { !$0.screenNames.contains("helper") }
                done.open()
            }
            try await test.root.go(.back(to: .a))
            #expect(helper.flow.state == .ended, "the move returned before the child it ended was gone")
            #expect(modal.state.screenNames.isEmpty)
            #expect(navigation.state.screenNames == ["a"])
            try await finishing.value
        }
    }

    /// A window whose one screen a route's screen replaces.
    actor Window: Routable {
        enum Route: Hashable, Sendable { case home }
        let flow = Flow<Void>()
        let window: SlotPresenter
        init(window: SlotPresenter) { self.window = window }

        func start() async throws { try await flow.finished }

        func destination(for route: Route) -> Destination? { .screen(TestScreen("home"), on: window) }

        func startHelper(_ helper: Helper) throws { try flow.start(helper) }
    }

    @Test func aForwardReturnsOnceAChildWhoseMainScreenItReplacedIsGone() async throws {
        let (window, modal, done) = (SlotPresenter(), ModalPresenter(), Gate())
        try await withFlowTest(of: Window(window: window), atEnd: .cancelTree, presenters: [window, modal]) { test in
            let helper = Helper(navigation: window, modal: modal, done: done)
            try await test.root.startHelper(helper)
            _ = try await test.screen(TestScreen.self, on: modal) { $0.name == "aux" }

            let finishing = Task {
                try await window.waitUntil { $0.presentation?.screen.screenName == "home" }
                done.open()
            }
            try await test.root.go(.forward(to: .home))
            #expect(helper.flow.state == .ended, "the move returned before the child it replaced was gone")
            #expect(modal.state.screenNames.isEmpty)
            try await finishing.value
        }
    }
}
