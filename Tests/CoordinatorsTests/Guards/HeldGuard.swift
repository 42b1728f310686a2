import Coordinators
import Testing

/// A guard up on a flow from a task of the test's: its body runs until `release()`, and it
/// answers each move that asks with `answer`, recording what asked.
final class HeldGuard: Sendable {
    private let up = Gate()
    private let released = Gate()
    private let askedOnce = Gate()
    private let interruptions = Mutex<[FlowInterruption]>([])
    private let bodyRan = Mutex(false)
    /// The task running `flow.guarding`.
    let task: Task<Void, any Error>

    init<Output>(
        on flow: Flow<Output>, timeout: Duration? = nil,
        answer: @escaping @Sendable (FlowInterruption) async -> GuardDecision
    ) {
        let (up, released, askedOnce, interruptions, bodyRan) = (up, released, askedOnce, interruptions, bodyRan)
        task = Task {
            try await flow.guarding(timeout: timeout) {
                bodyRan.withLock { $0 = true }
                up.open()
                await released.wait()
            } whenInterrupted: { interruption in
                interruptions.withLock { $0.append(interruption) }
                askedOnce.open()
                return await answer(interruption)
            }
        }
    }

    /// A guard that answers every move with `decision`.
    convenience init<Output>(on flow: Flow<Output>, timeout: Duration? = nil, answering decision: GuardDecision) {
        self.init(on: flow, timeout: timeout) { _ in decision }
    }

    /// Returns once the body runs: the guard is up.
    func waitUntilUp() async { await up.wait() }

    /// Returns once a move has asked it.
    func waitUntilAsked() async { await askedOnce.wait() }

    /// What asked it, in order.
    var asked: [FlowInterruption] { interruptions.withLock { $0 } }

    /// Whether its body began.
    var didRunBody: Bool { bodyRan.withLock { $0 } }

    /// Lets the body return (if it runs), and returns what `guarding` did.
    func release() async throws {
        released.open()
        try await task.value
    }
}

/// Returns only once the calling task is cancelled: a guard that never answers by itself.
func untilCancelled() async {
    let (stream, continuation) = AsyncStream<Never>.makeStream()
    await withTaskCancellationHandler {
        for await _ in stream {}
    } onCancel: {
        continuation.finish()
    }
}

/// The first `interruptionRefused` event of `events` (which the test subscribed to before the
/// move), its text and whether it timed out; `nil` if there is none before the screen named
/// `after` is presented, which `lane` shows first, so that a missing event fails the test
/// rather than waits.
func firstRefusal(
    in events: LifecycleEvents, showingAfterOn lane: LaneFlow
) async throws -> (event: LifecycleEvent, text: String, timedOut: Bool)? {
    try await lane.go(.forward(to: .screen("after")))
    for await event in events {
        switch event.kind {
        case .interruptionRefused(let text, let timedOut): return (event, text, timedOut)
        case .presented(let info) where info.screen == "after": return nil
        default: continue
        }
    }
    return nil
}

/// A coordinator that pushes one screen onto a stack it is given, and waits.
actor Pusher: Coordinator {
    let flow = Flow<Void>()
    let navigation: any StackPresenter
    let screen: String

    init(_ screen: String, on navigation: any StackPresenter) {
        self.screen = screen
        self.navigation = navigation
    }

    func start() async throws {
        try await flow.present(TestScreen(screen), on: navigation)
        try await flow.finished
    }
}

extension Task where Failure == any Error {
    /// `value`, cancelling the task if the waiting test is cancelled (by its time limit): a
    /// move stuck on a guard then fails the test instead of stalling the run.
    var valueCancellingWithTest: Success {
        get async throws {
            try await withTaskCancellationHandler {
                try await value
            } onCancel: {
                cancel()
            }
        }
    }
}

/// Runs a lane on a navigation stack of its own, showing `root` then its child `pay`
/// (`pay 0`), and runs `body` with the tree, the lane, the child and the stack. `prepare`
/// runs on the lane before the child starts (to set its environment).
func withPayment(
    preparing prepare: (LaneFlow) throws -> Void = { _ in },
    _ body: (CoordinatorTree, LaneFlow, LaneFlow, NavigationPresenter) async throws -> Void
) async throws {
    let navigation = NavigationPresenter()
    let lane = LaneFlow(on: navigation)
    try await withRunning(lane, until: !navigation.state.stack.isEmpty) { tree in
        try prepare(lane)
        try await lane.go(.forward(to: .sub("pay")))
        try await body(tree, lane, try #require(lane.child("pay")), navigation)
    }
}
