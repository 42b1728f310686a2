import Coordinators
import Testing

/// Whoever cancels a coordinator's task has recorded its end first: code that runs in the
/// task's cancellation handler (on the cancelling thread) finds the flow ending, and a
/// `start()` that catches the cancellation cannot finish the flow after all.
@Suite(.timeLimit(.minutes(1)))
struct EndBeforeCancellationTests {
    /// Notes its flow's state in its task's cancellation handler (which runs on the
    /// cancelling thread, inside the cancel), then, if asked, tries to finish with "late",
    /// then calls `cancelled`.
    actor Probe: Coordinator {
        let flow = Flow<String>()
        let seen: Mutex<[FlowState]>
        let began: @Sendable () -> Void
        let finishInHandler: Bool
        let cancelled: @Sendable () -> Void
        init(
            seen: Mutex<[FlowState]>, began: @escaping @Sendable () -> Void, finishInHandler: Bool,
            cancelled: @escaping @Sendable () -> Void = {}
        ) {
            self.seen = seen
            self.began = began
            self.finishInHandler = finishInHandler
            self.cancelled = cancelled
        }
        func start() async throws -> String {
            let (flow, seen, began, finishInHandler, cancelled) = (flow, seen, began, finishInHandler, cancelled)
            return try await withTaskCancellationHandler {
                began()
                return try await flow.finished
            } onCancel: {
                seen.withLock { $0.append(flow.state) }
                if finishInHandler { try? flow.finish(with: "late") }
                cancelled()
            }
        }
    }

    actor Parent: Coordinator {
        let flow = Flow<Int>()
        let child: Probe
        let childOutcome: Mutex<String?>
        init(_ child: Probe, childOutcome: Mutex<String?>) {
            self.child = child
            self.childOutcome = childOutcome
        }
        func start() async throws -> Int {
            let outcome = await flow.runForOutcome(child)
            childOutcome.withLock { $0 = "\(outcome)" }
            return try await flow.finished
        }
    }

    @Test func aParentsEndRecordsItsChildrensEndsBeforeCancellingAnyTask() async throws {
        let seen = Mutex<[FlowState]>([])
        let began = Gate()
        let childOutcome = Mutex<String?>(nil)
        let tree = CoordinatorTree()
        let parent = Parent(Probe(seen: seen, began: began.open, finishInHandler: true), childOutcome: childOutcome)
        let flow = parent.flow
        async let outcome = tree.runForOutcome(parent)
        await began.wait()
        try flow.finish(with: 7)
        _ = await outcome
        #expect(seen.withLock { $0 } == [.ending], "the child's task was cancelled while its flow still ran")
        #expect(childOutcome.withLock { $0 } == "cancelled")
    }

    @Test func cancellingTheTreesTaskRecordsTheRootsEndBeforeItsTaskIsCancelled() async throws {
        let seen = Mutex<[FlowState]>([])
        let began = Gate()
        let tree = CoordinatorTree()
        let root = Probe(seen: seen, began: began.open, finishInHandler: false)
        let task = Task { await tree.runForOutcome(root) }
        await began.wait()
        task.cancel()
        let outcome = await task.value
        #expect(seen.withLock { $0 } == [.ending], "the root's task was cancelled while its flow still ran")
        #expect("\(outcome)" == "cancelled")
    }

    // MARK: Two ends racing in one subtree

    /// Counts down to zero, then opens its gate.
    final class Countdown: Sendable {
        private let remaining: Mutex<Int>
        let reachedZero = Gate()
        init(_ count: Int) { remaining = Mutex(count) }
        func tick() {
            let reached = remaining.withLock { remaining in
                remaining -= 1
                return remaining == 0
            }
            if reached { reachedZero.open() }
        }
    }

    /// The first probe cancelled holds the thread that cancels it, inside its cancellation
    /// handler, until `release` opens; the others count down `othersCancelled`.
    final class HoldFirst: Sendable {
        private let claimed = Mutex(false)
        let holding = Gate()
        let release = ThreadLatch()
        let othersCancelled: Countdown
        init(others: Int) { othersCancelled = Countdown(others) }

        /// A probe's `cancelled`.
        func cancelled() {
            let isFirst = claimed.withLock { claimed in
                defer { claimed = true }
                return !claimed
            }
            if isFirst {
                holding.open()
                release.wait()
            } else {
                othersCancelled.tick()
            }
        }
    }

    /// Starts its grandchildren and waits to be ended.
    actor Middle: Coordinator {
        let flow = Flow<Int>()
        let grandchildren: [Probe]
        init(_ grandchildren: [Probe]) { self.grandchildren = grandchildren }
        func start() async throws -> Int {
            for grandchild in grandchildren { try flow.start(grandchild) }
            return try await flow.finished
        }
    }

    /// A child that is ending on its own, on another thread, and its parent's end racing
    /// it: the parent's walk finds the child ended already, but the child's own walk has not
    /// recorded the ends below it yet. The parent must not cancel its task (which cancels
    /// the whole subtree's) before they are recorded.
    ///
    /// The child's walk is held, deterministically, in the first grandchild's cancellation
    /// handler (user code, which runs on the thread that cancels): the other grandchildren's
    /// ends are not recorded then. The root is cancelled meanwhile; once the others'
    /// handlers have run, the child's walk is let go.
    @Test func aParentsEndRecordsTheEndsBelowAChildStillEndingOnItsOwn() async throws {
        let count = 4
        let seen = Mutex<[FlowState]>([])
        let began = Countdown(count)
        let hold = HoldFirst(others: count - 1)
        let middle = Middle(
            (0..<count).map { _ in
                Probe(seen: seen, began: began.tick, finishInHandler: true, cancelled: hold.cancelled)
            })
        let tree = CoordinatorTree()
        let root = Runs(middle)
        async let outcome = tree.runForOutcome(root)
        await began.reachedZero.wait()
        let middleFlow = middle.flow
        async let middleEnded: Void = onThreadOfItsOwn { try? middleFlow.finish(with: 1) }
        await hold.holding.wait()
        tree.cancel()
        await hold.othersCancelled.reachedZero.wait()
        hold.release.open()
        await middleEnded
        _ = await outcome
        #expect(
            seen.withLock { $0 } == Array(repeating: .ending, count: count),
            "a grandchild's task was cancelled while its flow still ran")
    }
}
