import Coordinators
import Testing

@testable import CoordinatorsTesting

/// The kit fails when it should, and says why.
@Suite(.timeLimit(.minutes(1)))
struct FlowTestFailureTests {
    @Test func aScreenThatNeverComesBeforeTheTreeEnds() async throws {
        let navigation = NavigationPresenter()
        let failure = await #expect(throws: FlowTestFailure.self) {
            try await withFlowTest(of: ClosureCoordinator<Int> { _ in 1 }) { test in
                _ = try await test.screen(DetailScreen.self, on: navigation)
            }
        }
        #expect(failure?.kind == .treeEnded)
        #expect(failure?.message.contains("DetailScreen to be presented on \"navigation\"") == true)
    }

    @Test func theTimeLimitNamesWhatWasAwaitedAndWhatWasThere() async throws {
        let navigation = NavigationPresenter()
        let failure = await #expect(throws: FlowTestFailure.self) {
            try await reachingTheTimeLimit(
                whileWaitingFor: "LoginScreen to be presented on \"navigation\"",
                of: DetailsFlow(navigation: navigation)
            ) { test in
                _ = try await test.screen(DetailScreen.self, on: navigation)
                _ = try await test.screen(LoginScreen.self, on: navigation)
            }
        }
        #expect(failure?.kind == .timeLimit)
        #expect(
            failure?.message == """
                time limit of 10.0 seconds reached while waiting for LoginScreen to be presented on "navigation".
                There: "navigation" shows [DetailScreen]
                """)
        #expect(navigation.stack.isEmpty, "the tree is torn down after the failure")
    }

    /// A routed root that shows its screen, then waits for `setUp` (not the runtime) before it
    /// awaits its end: not ready until then.
    actor SlowToSetUp: Routable {
        enum Route: Hashable, Sendable { case detail }
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        let setUp: OneShot<Void>
        init(navigation: NavigationPresenter, setUp: OneShot<Void>) {
            (self.navigation, self.setUp) = (navigation, setUp)
        }
        func start() async throws {
            try await flow.present(FormScreen(), on: navigation)
            await withTaskCancellationHandler {
                await setUp.value
            } onCancel: {
                setUp.resolve(())
            }
            try await flow.finished
        }
        func destination(for route: Route) -> Destination? { .screen(DetailScreen(), on: navigation) }
    }

    @Test func theTimeLimitNamesTheLinkThatWaitsAndForWhom() async throws {
        let navigation = NavigationPresenter()
        let (linkWaits, setUp) = (OneShot<Void>(), OneShot<Void>())
        let waitForTheLink: @Sendable () async throws -> Void = { await linkWaits.value }
        let failure = await #expect(throws: FlowTestFailure.self) {
            try await reachingTheTimeLimit(
                whileWaitingFor: "DetailScreen to be presented on \"navigation\"",
                of: SlowToSetUp(navigation: navigation, setUp: setUp), once: waitForTheLink
            ) { test in
                let link = Task { try await test.tree.open(DeepLink(SlowToSetUp.Route.detail)) }
                try await test.expectEvents([
                    "FlowTestFailureTests.SlowToSetUp #1 keeps a link waiting until it is set up"
                ])
                linkWaits.resolve(())
                _ = try await test.screen(DetailScreen.self, on: navigation)
                try await link.value
            }
        }
        setUp.resolve(())
        #expect(failure?.kind == .timeLimit)
        #expect(
            failure?.message.contains(
                "A link waits: the link detail waits for FlowTestFailureTests.SlowToSetUp #1, which is setting up: "
                    + "its start() has not waited on the runtime yet") == true, "\(failure?.message ?? "")")
    }

    @Test func anUnexpectedEventShowsADiff() async throws {
        let navigation = NavigationPresenter()
        let failure = await #expect(throws: FlowTestFailure.self) {
            try await withFlowTest(of: DetailsFlow(navigation: navigation), exhaustivity: .on, atEnd: .cancelTree) {
                test in
                try await test.expectEvents(["DetailsFlow #1 started", "DetailsFlow #1 finished"])
            }
        }
        #expect(failure?.kind == .unexpectedEvents)
        #expect(
            failure?.message.hasSuffix(
                """
                    DetailsFlow #1 started
                  - DetailsFlow #1 finished
                  + DetailsFlow #1 presented p2 DetailScreen (main) on NavigationPresenter
                """) == true, "\(String(describing: failure))")
    }

    @Test func eventsNeverAssertedFailAnExhaustiveTest() async throws {
        let failure = await #expect(throws: FlowTestFailure.self) {
            try await withFlowTest(of: ClosureCoordinator<Int> { _ in 1 }, exhaustivity: .on) { test in
                try await test.expectEvents(["ClosureCoordinator<Int> #1 started"])
            }
        }
        #expect(failure?.kind == .unexpectedEvents)
        #expect(failure?.message.contains("ClosureCoordinator<Int> #1 finished") == true)
    }

    @Test func aLeakedCoordinatorIsNamed() async throws {
        let failure = await #expect(throws: FlowTestFailure.self) {
            try await withFlowTest(of: LeakingFlow()) { test in try await test.output }
        }
        #expect(failure?.kind == .leaked)
        #expect(failure?.message.contains("not released after the tree ended: LeakingFlow #1") == true)
    }

    @Test func aTreeStillRunningAtTheEnd() async throws {
        let navigation = NavigationPresenter()
        let failure = await #expect(throws: FlowTestFailure.self) {
            try await reachingTheTimeLimit(whileWaitingFor: "the tree to end", of: DetailsFlow(navigation: navigation))
            {
                test in _ = try await test.screen(DetailScreen.self, on: navigation)
            }
        }
        #expect(failure?.kind == .treeStillRunning)
        #expect(failure?.message.contains("DetailsFlow #1 [running]") == true)
        #expect(failure?.message.contains("or pass atEnd: .cancelTree") == true)
        #expect(navigation.stack.isEmpty, "the tree is torn down after the failure")
    }

    @Test func aSwipeThatRemovesNothing() async throws {
        let navigation = NavigationPresenter()
        let failure = await #expect(throws: FlowTestFailure.self) {
            try await withFlowTest(of: RefusesToLeave(navigation: navigation), atEnd: .cancelTree) { test in
                _ = try await test.screen(DetailScreen.self, on: navigation)
                try await test.swipeBack(on: navigation)
            }
        }
        #expect(failure?.kind == .gestureRefused)
        #expect(failure?.message.contains("There: [HomeScreen, DetailScreen]") == true)
    }

    @Test func anActionErrorNobodyAwaited() async throws {
        let navigation = NavigationPresenter()
        let failure = await #expect(throws: FlowTestFailure.self) {
            try await withFlowTest(of: AppFlow(navigation: navigation)) { test in
                try await test.answer(LoginScreen.self, on: navigation, with: "ada")
                try await test.tap(HomeScreen.self, on: navigation) { try await $0.runDetails() }
                _ = try await test.screen(DetailScreen.self, on: navigation)
                try await test.swipeBack(on: navigation)
                try await test.tap(HomeScreen.self, on: navigation) { try await $0.signOut() }
            }
        }
        #expect(failure?.kind == .actionFailed)
        #expect(failure?.message.contains("an action of HomeScreen threw FlowDismissed") == true)
    }

    @Test func aScreenLeftOnAPresenterOfTheTest() async throws {
        let surface = KeepingPresenter()
        let failure = await #expect(throws: FlowTestFailure.self) {
            try await withFlowTest(
                of: ClosureCoordinator<Void> { flow in try await flow.present(DetailScreen(), on: surface) },
                presenters: [surface]
            ) { test in try await test.output }
        }
        #expect(failure?.kind == .screensLeft)
        #expect(failure?.message.contains("\"keeping\" still shows [DetailScreen]") == true)
    }

    @Test func aPresenterOfTheUsersOwnIsWaitedOnThroughTheEvents() async throws {
        let surface = KeepingPresenter()
        let failure = await #expect(throws: FlowTestFailure.self) {
            try await withFlowTest(
                of: ClosureCoordinator<Void> { flow in
                    try await flow.present(DetailScreen(), on: surface)
                    try await flow.finished
                }
            ) { test in
                _ = try await test.screen(DetailScreen.self, on: surface)
                try test.root.flow.finish()
            }
        }
        #expect(failure?.kind == .screensLeft, "the wait returned; only the presenter's bug is left")
    }

    @Test func cancellingTheCallerThrowsCancellationError() async throws {
        let navigation = NavigationPresenter()
        let (shown, showing) = AsyncStream.makeStream(of: Void.self)
        let run = Task {
            try await withFlowTest(of: DetailsFlow(navigation: navigation)) { test in
                _ = try await test.screen(DetailScreen.self, on: navigation)
                showing.yield()
                _ = try await test.screen(LoginScreen.self, on: navigation)
            }
        }
        for await _ in shown { break }
        run.cancel()
        await #expect(throws: CancellationError.self) { try await run.value }
        #expect(navigation.stack.isEmpty, "the tree is torn down")
    }

    @Test func aBodyThatIgnoresCancellationStillFailsAtTheTimeLimit() async throws {
        let release = OneShot<Void>()
        let failure = await #expect(throws: FlowTestFailure.self) {
            try await reachingTheTimeLimit(
                whileWaitingFor: nil, of: ClosureCoordinator<Void> { flow in try await flow.finished }
            ) { _ in
                await release.value  // ignores the cancellation the time limit sends
            }
        }
        release.resolve(())
        #expect(failure?.kind == .timeLimit)
        #expect(failure?.message.contains("did not end within 2 seconds of being cancelled") == true)
    }

    @Test func readingTheRootAfterTheTestIsAMisuse() async throws {
        let test = try await withFlowTest(of: ClosureCoordinator<Void> { _ in }) { test in test }
        let failure = #expect(throws: FlowTestFailure.self) { _ = try test.root }
        #expect(failure?.kind == .misuse)
    }

    @Test func anErrorOfTheBodyIsRethrownAfterTheTeardown() async throws {
        struct Oops: Error {}
        let navigation = NavigationPresenter()
        await #expect(throws: Oops.self) {
            try await withFlowTest(of: DetailsFlow(navigation: navigation)) { test in
                _ = try await test.screen(DetailScreen.self, on: navigation)
                throw Oops()
            }
        }
        #expect(navigation.stack.isEmpty)
    }
}

/// Runs `body` in a flow test whose time limit (on a manual clock) is reached exactly when
/// `ready` has returned and the kit is waiting for `what` (or at once, if `what` is `nil`):
/// the time limit's message is then deterministic.
func reachingTheTimeLimit<Root: Coordinator>(
    whileWaitingFor what: String?, of root: @autoclosure () -> Root,
    once ready: @escaping @Sendable () async throws -> Void = {},
    _ body: @escaping @Sendable (FlowTest<Root>) async throws -> Void
) async throws {
    let limit = ManualClock()
    let (recorders, published) = AsyncStream.makeStream(of: FlowTestRecorder.self)
    async let reached: Void = {
        for await recorder in recorders {
            try await ready()
            if let what { try await recorder.waitUntil { $0.awaiting.values.contains { $0.what == what } } }
            try await limit.waitForSleepers(atLeast: 1)
            limit.advance(by: .seconds(10))
            return
        }
    }()
    defer { published.finish() }
    try await FlowTest.run(
        root, timeLimit: .seconds(10), measuredBy: limit, environment: FlowEnvironment(), exhaustivity: .off,
        atEnd: .expectEnded, presenters: []
    ) { test in
        published.yield(test.recorder)
        try await body(test)
    }
    try await reached
}

/// A presenter with a bug: it never takes a dismissed presentation off its surface. It
/// re-checks its waiters on its own changes only, as a simple presenter of a user's would.
final class KeepingPresenter: Presenter, HeadlessPresenter {
    struct State: HeadlessPresenterState {
        var presentations: [Presentation] = []
        var visiblePresentations: [Presentation] { presentations.suffix(1) }
    }
    private struct Box {
        var state = State()
        var waiters = ConditionWaiters<State>()
    }
    let name = "keeping"
    private let box = Locked(Box())
    var state: State { box.withLock { $0.state } }

    func present(_ presentation: Presentation, animated: Bool) async throws {
        let (state, waiters) = box.withLock { box in
            box.state.presentations.append(presentation)
            return (box.state, box.waiters.all)
        }
        ConditionWaiters.resume(waiters, satisfiedBy: state) { ids in box.withLock { $0.waiters.remove(ids) } }
    }

    func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws {}

    func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await awaitValue { continuation in
            box.withLock { box in
                condition(box.state) ? .ready(()) : .waiting(box.waiters.add(condition, continuation))
            }
        } cancel: { [box] id in
            box.withLock { $0.waiters.remove(id) }
        }
    }
}
