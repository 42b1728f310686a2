import Coordinators
import Testing

/// Flow events: they bubble up the ancestors nearest first, each handler may stop them or
/// pass them on, the sender learns who handled them, unhandled ones are recorded, and
/// handlers neither outlive nor keep alive their coordinators.
@Suite(.timeLimit(.minutes(1)))
struct FlowEventTests {
    // MARK: The journey

    @Test func theNearestAncestorHandlesFirstAndPassOnLetsTheNextOneSeeIt() async throws {
        let journal = Journal<FlowEventEntry>()
        let levels = try chain(
            ["root", "middle", "parent", "sender"], journal: journal,
            handling: ["root": .passOn, "middle": .passOn, "parent": .passOn])
        let running = try await RunningChain(levels, journal: journal)

        let receipt = try await levels[3].send(Ping(number: 1))

        #expect(
            handled(journal) == [.handled("parent", ping: 1), .handled("middle", ping: 1), .handled("root", ping: 1)])
        #expect(ids(receipt.handledBy) == [levels[2].flow.id, levels[1].flow.id, levels[0].flow.id])
        #expect(receipt.handledBy.map(\.coordinatorType) == ["Level", "Level", "Level"])
        #expect(receipt.isHandled)
        #expect(receipt.stoppedBy == nil)
        #expect(receipt.eventType == "Ping")
        await running.end()
    }

    @Test func stopEndsTheJourneyAtTheHandlerThatReturnsIt() async throws {
        let journal = Journal<FlowEventEntry>()
        let levels = try chain(
            ["root", "middle", "sender"], journal: journal, handling: ["root": .stop, "middle": .stop])
        let running = try await RunningChain(levels, journal: journal)

        let receipt = try await levels[2].send(Ping(number: 2))

        #expect(handled(journal) == [.handled("middle", ping: 2)])
        #expect(ids(receipt.handledBy) == [levels[1].flow.id])
        #expect(receipt.stoppedBy?.coordinator == levels[1].flow.id)
        #expect(receipt.description == "Ping handled by Level \(levels[1].flow.id) (stopped)")
        await running.end()
    }

    @Test func anAncestorWithAHandlerForAnotherTypeIsPassedOver() async throws {
        let journal = Journal<FlowEventEntry>()
        let levels = try chain(["root", "middle", "sender"], journal: journal, handling: ["root": .stop])
        try levels[1].onFlowEvent(Pong.self) { level, _ in
            level.journal.record(.handledPong("middle"))
            return .stop
        }
        let running = try await RunningChain(levels, journal: journal)

        let ping = try await levels[2].send(Ping(number: 3))
        let pong = try await levels[2].send(Pong())

        #expect(ids(ping.handledBy) == [levels[0].flow.id])
        #expect(ids(pong.handledBy) == [levels[1].flow.id])
        #expect(handled(journal) == [.handled("root", ping: 3), .handledPong("middle")])
        await running.end()
    }

    @Test func theSendersOwnHandlerIsNotAsked() async throws {
        let journal = Journal<FlowEventEntry>()
        let levels = try chain(["root", "sender"], journal: journal, handling: ["sender": .stop])
        let running = try await RunningChain(levels, journal: journal)

        let receipt = try await levels[1].send(Ping(number: 4))

        #expect(!receipt.isHandled)
        #expect(handled(journal).isEmpty)
        await running.end()
    }

    @Test func registeringAgainReplacesTheHandler() async throws {
        let journal = Journal<FlowEventEntry>()
        let levels = try chain(["root", "sender"], journal: journal, handling: ["root": .passOn])
        try levels[0].onFlowEvent(Ping.self) { level, ping in
            level.journal.record(.handled("replacement", ping: ping.number))
            return .stop
        }
        let running = try await RunningChain(levels, journal: journal)

        let receipt = try await levels[1].send(Ping(number: 5))

        #expect(handled(journal) == [.handled("replacement", ping: 5)])
        #expect(receipt.stoppedBy?.coordinator == levels[0].flow.id)
        await running.end()
    }

    // MARK: Unhandled events

    @Test func anEventNoAncestorHandlesIsUnhandledAndRecordedAsALifecycleEventOfTheSender() async throws {
        let journal = Journal<FlowEventEntry>()
        let levels = try chain(["root", "sender"], journal: journal, handling: ["root": .stop])
        let running = try await RunningChain(levels, journal: journal)
        let events = running.tree.events()

        let receipt = try await levels[1].send(Pong())
        await running.end()

        #expect(!receipt.isHandled)
        #expect(receipt.handledBy.isEmpty)
        #expect(receipt.stoppedBy == nil)
        #expect(receipt.description == "Pong unhandled")
        let all = await collect(events)
        let unhandled = all.filter { if case .flowEventUnhandled = $0.kind { true } else { false } }
        #expect(unhandled.map(\.kind) == [.flowEventUnhandled("Pong")])
        #expect(unhandled.first?.coordinator == levels[1].flow.id)
        #expect(unhandled.first?.kind.isEnd == false)
        #expect(unhandled.first?.description == "Level \(levels[1].flow.id) sent Pong, which no ancestor handles")
        #expect(endEventIsLastBreach(in: all) == nil)
    }

    // MARK: Handlers that await

    @Test func aHandlerThatAsksAQuestionHoldsTheSenderUntilItIsAnswered() async throws {
        struct Confirm: Screen { typealias Answer = Bool }
        let journal = Journal<FlowEventEntry>()
        let modal = ModalPresenter()
        let levels = try chain(
            ["root", "sender"], journal: journal, handling: ["root": .stop],
            before: [
                "root": { root in
                    let reload = try await root.flow.ask(Confirm(), on: modal)
                    root.journal.record(.answered(reload))
                }
            ])
        let running = try await RunningChain(levels, journal: journal)

        let sending = Task {
            let receipt = try await levels[1].send(Ping(number: 6))
            journal.record(.sendReturned)
            return receipt
        }
        try await modal.waitUntil { $0.top?.screen is Confirm }
        #expect(!journal.all.contains(.sendReturned))
        try modal.state.top?.answer(true)
        let receipt = try await sending.value

        #expect(journal.all.suffix(3) == [.answered(true), .handled("root", ping: 6), .sendReturned])
        #expect(receipt.stoppedBy?.coordinator == levels[0].flow.id)
        #expect(modal.state.modals.isEmpty)
        await running.end()
    }

    @Test func aHandlerThatRunsAChildHoldsTheSenderUntilTheChildHasEnded() async throws {
        let journal = Journal<FlowEventEntry>()
        let levels = try chain(
            ["root", "sender"], journal: journal, handling: ["root": .stop],
            before: [
                "root": { root in
                    let value = try await root.flow.run(Returns(7))
                    root.journal.record(.childReturned(value))
                }
            ])
        let running = try await RunningChain(levels, journal: journal)
        let events = running.tree.events()

        try await levels[1].send(Ping(number: 7))
        journal.record(.sendReturned)
        await running.end()

        #expect(journal.all.suffix(3) == [.childReturned(7), .handled("root", ping: 7), .sendReturned])
        let all = await collect(events)
        let child = all.first { $0.coordinatorType == "Returns" }
        #expect(child?.parent == levels[0].flow.id)
        #expect(all.contains { $0.coordinatorType == "Returns" && $0.kind == .finished })
    }

    // MARK: Where it is sent from

    /// Sends a `Ping` from `start()` and returns the receipt (script style).
    actor SendsFromStart: Coordinator {
        let flow = Flow<FlowEventReceipt>()
        func start() async throws -> FlowEventReceipt { try await flow.send(Ping(number: 8)) }
    }

    /// Handles `Ping` and runs `SendsFromStart`.
    actor RunsASender: Coordinator {
        let flow = Flow<FlowEventReceipt>()
        let journal: Journal<FlowEventEntry>
        init(journal: Journal<FlowEventEntry>) { self.journal = journal }

        func start() async throws -> FlowEventReceipt {
            try onFlowEvent(Ping.self) { parent, ping in
                parent.journal.record(.handled("parent", ping: ping.number))
                return .stop
            }
            return try await flow.run(SendsFromStart())
        }
    }

    @Test func anEventSentFromStartIsHandled() async throws {
        let journal = Journal<FlowEventEntry>()
        let tree = CoordinatorTree()
        let receipt = try await tree.run(RunsASender(journal: journal))
        #expect(journal.all == [.handled("parent", ping: 8)])
        #expect(receipt.stoppedBy?.coordinatorType == "RunsASender")
    }

    // MARK: Misuse

    @Test func sendingBeforeTheFlowRunsThrowsNotRunning() async throws {
        let level = try Level("idle", journal: Journal<FlowEventEntry>())
        let error = await #expect(throws: CoordinatorError.self) { try await level.send(Ping(number: 0)) }
        #expect(error?.code == .notRunning)
        #expect(error?.message.contains("send a flow event") == true)
    }

    @Test func sendingAfterTheFlowEndedThrowsFlowEnded() async throws {
        let journal = Journal<FlowEventEntry>()
        let levels = try chain(["root", "sender"], journal: journal, handling: ["root": .stop])
        let running = try await RunningChain(levels, journal: journal)
        try levels[1].flow.finish()
        await running.end()
        #expect(levels[1].flow.state == .ended)

        let error = await #expect(throws: CoordinatorError.self) { try await levels[1].send(Ping(number: 0)) }
        #expect(error?.code == .flowEnded)
        #expect(handled(journal).isEmpty)
    }

    /// Its `start()` ignores cancellation until `gate` opens, then sends a `Ping`: its flow
    /// is ending by then.
    actor SendsWhileEnding: Coordinator {
        let flow = Flow<Void>()
        let gate = Gate()
        let journal: Journal<FlowEventEntry>
        init(journal: Journal<FlowEventEntry>) { self.journal = journal }

        func start() async throws {
            journal.record(.running("sender"))
            await gate.wait()
            do {
                try await flow.send(Ping(number: 0))
            } catch let error as CoordinatorError {
                journal.record(.sendThrew(error.code, while: flow.state))
            }
        }
    }

    @Test func sendingWhileTheFlowIsEndingThrowsFlowEnded() async throws {
        let journal = Journal<FlowEventEntry>()
        let sender = SendsWhileEnding(journal: journal)
        let tree = CoordinatorTree()
        let run = Task { await tree.runForOutcome(sender) }
        try await journal.waitUntil { $0.contains(.running("sender")) }
        tree.cancel()
        sender.gate.open()
        _ = await run.value
        #expect(journal.all == [.running("sender"), .sendThrew(.flowEnded, while: .ending)])
    }

    @Test func registeringAfterTheFlowEndedThrowsFlowEnded() async throws {
        let journal = Journal<FlowEventEntry>()
        let level = try Level("root", journal: journal)
        let running = try await RunningChain([level], journal: journal)
        await running.end()
        #expect(level.flow.state == .ended)
        let error = #expect(throws: CoordinatorError.self) { try level.handlePings(.stop) }
        #expect(error?.code == .flowEnded)
        #expect(error?.message.contains("Ping") == true)
    }
}
