import Coordinators
import Testing

/// Where a handler runs: in its own coordinator's task tree, not in the sender's task. So a
/// handler that tears down the sender (a log-out) neither waits for itself nor is cancelled
/// by that teardown, and a cancelled sender stops waiting while the handler goes on.
@Suite(.timeLimit(.minutes(1)))
struct FlowEventHandlerPlacementTests {
    struct SessionExpired: FlowEvent {}

    /// Sends `SessionExpired` from its `start()`, as a flow that finds its session gone while
    /// loading, and journals what `send` did.
    actor LoadsReviews: Coordinator {
        let flow = Flow<Void>()
        let journal: Journal<JournalEntry>
        init(journal: Journal<JournalEntry>) { self.journal = journal }

        func start() async throws {
            journal.record(.started("reviews"))
            do {
                try await flow.send(SessionExpired())
                journal.record(.returned("send"))
            } catch {
                if error is CancellationError { journal.record(.cancelled("send")) }
                throw error
            }
            try await flow.finished
        }
    }

    /// Starts `LoadsReviews`; on `SessionExpired` it logs out: cancels the flow that sent it
    /// and awaits its teardown, then journals the outcome.
    actor App: Coordinator {
        let flow = Flow<Void>()
        let journal: Journal<JournalEntry>
        private var reviews: ChildFlow<Void>?

        init(journal: Journal<JournalEntry>) throws {
            self.journal = journal
            try onFlowEvent(SessionExpired.self) { app, _ in
                try await app.logOut()
                return .stop
            }
        }

        func start() async throws {
            reviews = try flow.start(LoadsReviews(journal: journal))
            try await flow.finished
        }

        private func logOut() async throws {
            guard let reviews else { return }
            reviews.cancel()
            journal.record(.ended("reviews", await reviews.outcome.ending))
        }
    }

    @Test func aHandlerThatTearsDownTheSenderFromItsStartCompletesInsteadOfWaitingForItself() async throws {
        let journal = Journal()
        let tree = CoordinatorTree()
        let run = Task { try await tree.run(App(journal: journal)) }
        try await journal.waitUntil { $0.ending(of: "reviews") != nil }

        #expect(journal.all.contains(.ended("reviews", .cancelled)))
        #expect(journal.all.contains(.cancelled("send")))
        #expect(tree.snapshot().allCoordinators.map(\.coordinatorType) == ["FlowEventHandlerPlacementTests.App"])
        tree.cancel()
        _ = await run.result
    }
}
