import Coordinators
import Testing

/// Whoever cancels a coordinator's task has recorded its end first: code that runs in the
/// task's cancellation handler (on the cancelling thread) finds the flow ending, and a
/// `start()` that catches the cancellation cannot finish the flow after all.
@Suite(.timeLimit(.minutes(1)))
struct EndBeforeCancellationTests {
    /// Notes its flow's state in its task's cancellation handler (which runs on the
    /// cancelling thread, inside the cancel), then, if asked, tries to finish with "late".
    actor Probe: Coordinator {
        let flow = Flow<String>()
        let seen: Mutex<[FlowState]>
        let began: Gate
        let finishInHandler: Bool
        init(seen: Mutex<[FlowState]>, began: Gate, finishInHandler: Bool) {
            self.seen = seen
            self.began = began
            self.finishInHandler = finishInHandler
        }
        func start() async throws -> String {
            let flow = flow
            let seen = seen
            let finishInHandler = finishInHandler
            let began = began
            return try await withTaskCancellationHandler {
                began.open()
                return try await flow.finished
            } onCancel: {
                seen.withLock { $0.append(flow.state) }
                if finishInHandler { try? flow.finish(with: "late") }
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
        let parent = Parent(Probe(seen: seen, began: began, finishInHandler: true), childOutcome: childOutcome)
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
        let root = Probe(seen: seen, began: began, finishInHandler: false)
        let task = Task { await tree.runForOutcome(root) }
        await began.wait()
        task.cancel()
        let outcome = await task.value
        #expect(seen.withLock { $0 } == [.ending], "the root's task was cancelled while its flow still ran")
        #expect("\(outcome)" == "cancelled")
    }
}
