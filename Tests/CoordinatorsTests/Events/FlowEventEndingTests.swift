import Coordinators
import Testing

/// Flow events and the end of flows: ancestors that are ending are passed over, a tree
/// torn down while an event travels ends the journey, the sender's cancellation and a
/// handler's error end it with an error, and handlers keep no coordinator alive.
@Suite(.timeLimit(.minutes(1)))
struct FlowEventEndingTests {
    /// A coordinator that, once finished, stays `ending` until `gate` opens: its `start()`
    /// waits on the gate, which ignores cancellation.
    actor StaysEnding: Coordinator {
        let flow = Flow<Void>()
        let gate = Gate()
        let journal: Journal<FlowEventEntry>
        private var child: Level?

        init(child: Level, journal: Journal<FlowEventEntry>) throws {
            self.child = child
            self.journal = journal
            try onFlowEvent(Ping.self) { coordinator, ping in
                coordinator.journal.record(.handled("ending", ping: ping.number))
                return .stop
            }
        }

        func start() async throws {
            if let child {
                self.child = nil
                try flow.start(child)
            }
            try? await flow.finished
            await gate.wait()
        }
    }

    @Test func anAncestorThatIsEndingIsPassedOverAndTheEventGoesOn() async throws {
        let journal = Journal<FlowEventEntry>()
        let gate = Gate()
        let levels = try chain(
            ["parent", "sender"], journal: journal, handling: ["parent": .passOn],
            before: ["parent": { _ in await gate.wait() }])
        let ending = try StaysEnding(child: levels[0], journal: journal)
        let root = try Level("root", journal: journal, handling: .stop)
        let tree = CoordinatorTree()
        let run = Task { try await tree.run(root) }
        try await journal.waitUntil { $0.contains(.running("root")) }
        try root.flow.start(ending)
        try await journal.waitUntil { $0.contains(.running("sender")) }

        let sending = Task { try await levels[1].send(Ping(number: 1)) }
        try await journal.waitUntil { $0.contains(.handling("parent", ping: 1)) }
        try ending.flow.finish()
        #expect(ending.flow.state == .ending)
        gate.open()
        let receipt = try await sending.value

        #expect(ids(receipt.handledBy) == [levels[0].flow.id, root.flow.id])
        #expect(!journal.all.contains { $0.handler == "ending" })
        ending.gate.open()
        tree.cancel()
        _ = await run.result
    }

    struct Confirm: Screen { typealias Answer = Bool }

    /// A running chain root ← sender whose root handles `Ping` after asking `Confirm` on
    /// `modal`; returns once the sender has sent ping `number` and the question shows.
    private func sendWhileTheRootAsks(
        _ number: Int, journal: Journal<FlowEventEntry>, modal: ModalPresenter
    ) async throws -> (levels: [Level], running: RunningChain, sending: Task<FlowEventReceipt, any Error>) {
        let levels = try chain(
            ["root", "sender"], journal: journal, handling: ["root": .stop],
            before: ["root": { root in _ = try await root.flow.ask(Confirm(), on: modal) }])
        let running = try await RunningChain(levels, journal: journal)
        let sending = Task { try await levels[1].send(Ping(number: number)) }
        try await modal.waitUntil { $0.top?.screen is Confirm }
        return (levels, running, sending)
    }

    @Test func aTreeTornDownWhileAHandlerAwaitsCancelsTheHandlerAndEndsTheJourneyWithItsError() async throws {
        let journal = Journal<FlowEventEntry>()
        let modal = ModalPresenter()
        let (levels, running, sending) = try await sendWhileTheRootAsks(2, journal: journal, modal: modal)
        await running.end()

        // The handler is a task of the root, cancelled with it: its question throws
        // `CancellationError`, which the sender gets (it is being torn down too).
        await #expect(throws: CancellationError.self) { try await sending.value }
        #expect(levels[0].flow.state == .ended)
        #expect(modal.state.modals.isEmpty)
        #expect(!journal.all.contains(.handled("root", ping: 2)))
    }

    // MARK: Cancellation and errors

    @Test func cancellingTheSenderEndsTheJourneyAtTheHandlerInProgress() async throws {
        let journal = Journal<FlowEventEntry>()
        let gate = Gate()
        let levels = try chain(
            ["root", "parent", "sender"], journal: journal, handling: ["root": .stop, "parent": .passOn],
            before: ["parent": { _ in await gate.wait() }])
        let running = try await RunningChain(levels, journal: journal)

        let sending = Task { try await levels[2].send(Ping(number: 3)) }
        try await journal.waitUntil { $0.contains(.handling("parent", ping: 3)) }
        sending.cancel()

        await #expect(throws: CancellationError.self) { try await sending.value }
        // The parent's handler goes on, and the event goes no further than it.
        gate.open()
        try await journal.waitUntil { $0.contains(.handled("parent", ping: 3)) }
        #expect(handled(journal) == [.handled("parent", ping: 3)])
        await running.end()
    }

    @Test func aCancelledSenderReachesNoAncestor() async throws {
        let journal = Journal<FlowEventEntry>()
        let levels = try chain(["root", "sender"], journal: journal, handling: ["root": .stop])
        let running = try await RunningChain(levels, journal: journal)
        let gate = Gate()
        let sending = Task {
            await gate.wait()
            return try await levels[1].send(Ping(number: 4))
        }
        sending.cancel()
        gate.open()

        await #expect(throws: CancellationError.self) { try await sending.value }
        #expect(handled(journal).isEmpty)
        await running.end()
    }

    @Test func aCancelledSenderStopsWaitingWhileTheHandlerInProgressGoesOn() async throws {
        let journal = Journal<FlowEventEntry>()
        let modal = ModalPresenter()
        let (levels, running, sending) = try await sendWhileTheRootAsks(5, journal: journal, modal: modal)
        sending.cancel()

        await #expect(throws: CancellationError.self) { try await sending.value }
        // The root's handler is the root's own work: its question stays until answered.
        #expect(modal.state.screenNames == ["Confirm"])
        try modal.state.top?.answer(true)
        try await journal.waitUntil { $0.contains(.handled("root", ping: 5)) }
        #expect(levels[0].flow.state == .running)
        await running.end()
    }

    struct Refused: Error, Equatable {}

    @Test func aHandlersErrorEndsTheJourneyAndIsThrownToTheSender() async throws {
        let journal = Journal<FlowEventEntry>()
        let levels = try chain(
            ["root", "parent", "sender"], journal: journal, handling: ["root": .stop, "parent": .passOn],
            before: ["parent": { _ in throw Refused() }])
        let running = try await RunningChain(levels, journal: journal)

        await #expect(throws: Refused()) { try await levels[2].send(Ping(number: 6)) }
        #expect(journal.all.filter { $0.ping != nil } == [.handling("parent", ping: 6)])
        #expect(levels[1].flow.state == .running)
        await running.end()
    }

    // MARK: Handlers hold their coordinator weakly

    @Test func aCoordinatorThatRegisteredAHandlerInInitAndNeverRanIsReleased() throws {
        let journal = Journal<FlowEventEntry>()
        var level: Level? = try Level("never run", journal: journal, handling: .stop)
        let weak = Weak(try #require(level))
        level = nil
        #expect(weak.object == nil)
        #expect(journal.all == [.deinitialized("never run")])
    }

    @Test func aCoordinatorWithHandlersIsReleasedAfterItsEnd() async throws {
        let journal = Journal<FlowEventEntry>()
        let tree = CoordinatorTree()
        let weak: Weak<Level>
        let run: Task<Void, any Error>
        do {
            let levels = try chain(["root", "child"], journal: journal, handling: ["root": .stop, "child": .passOn])
            weak = Weak(levels[1])
            try levels[1].onFlowEvent(Pong.self) { _, _ in .stop }
            let root = levels[0]
            run = Task { try await tree.run(root) }
            try await journal.waitUntil { $0.contains(.running("child")) }
            try levels[1].flow.finish()
        }
        try await journal.waitUntil { $0.contains(.deinitialized("child")) }
        #expect(weak.object == nil)
        tree.cancel()
        _ = await run.result
        try await journal.waitUntil { $0.contains(.deinitialized("root")) }
    }
}
