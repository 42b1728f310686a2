import Coordinators
import CoordinatorsTesting
import Testing

/// A forward that shows a screen in place of a guarded child's main screen, on a presenter
/// that shows one thing at a time (a window's root), asks the child's guard first.
@Suite(.timeLimit(.minutes(1)))
struct GuardForwardTests {
    /// A child that shows its screen in the window, then guards a step until `release` opens.
    /// What both coordinators share: the window, where the guard says it is up, and the gate
    /// that ends its step.
    struct Stage: Sendable {
        let window: SlotPresenter
        let guarding: AsyncStream<Void>.Continuation
        let release: Gate
    }

    actor Onboarding: Coordinator {
        let flow = Flow<Void>()
        let stage: Stage
        init(_ stage: Stage) { self.stage = stage }

        func start() async throws {
            try await flow.present(TestScreen("onboarding"), on: stage.window)
            try await flow.guarding {
                stage.guarding.yield()
                await stage.release.wait()
            } whenInterrupted: { _ in
                .refuse
            }
            try await flow.finished
        }
    }

    actor Root: Routable {
        enum Route: Hashable, Sendable {
            case onboarding
            case home
        }
        let flow = Flow<Void>()
        let stage: Stage
        init(_ stage: Stage) { self.stage = stage }

        func start() async throws {
            try await go(.forward(to: .onboarding))
            try await flow.finished
        }

        func destination(for route: Route) -> Destination? {
            switch route {
            case .onboarding: .child(Onboarding(stage))
            case .home: .screen(TestScreen("home"), on: stage.window)
            }
        }
    }

    @Test func aForwardThatWouldReplaceAGuardedChildsMainScreenIsRefusedWithNothingMoved() async throws {
        let window = SlotPresenter()
        let release = Gate()
        let (guarding, guardUp) = AsyncStream.makeStream(of: Void.self)
        try await withFlowTest(
            of: Root(Stage(window: window, guarding: guardUp, release: release)), atEnd: .cancelTree,
            presenters: [window]
        ) { test in
            var up = guarding.makeAsyncIterator()
            _ = await up.next()
            let before = window.state

            let error = await #expect(throws: CoordinatorError.self) { try await test.root.go(.forward(to: .home)) }

            #expect(error?.code == .flowGuarded)
            #expect(window.state == before, "the window still shows the onboarding")
            #expect(window.state.screenNames == ["onboarding"])
            release.open()
        }
    }
}
