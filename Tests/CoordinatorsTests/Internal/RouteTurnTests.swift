import Testing

@testable import Coordinators

/// A coordinator's route turns (`Node.takeRouteTurn`, `endRouteTurn`): its moves take them one
/// at a time, in the order they asked. Each waiter
/// is started as an immediate task, which runs on the calling thread until it suspends: when
/// `Task.immediate` returns, the waiter has asked for its turn, so the order of the asks is
/// the order of the calls, with no sleep and no yield.
@Suite(.timeLimit(.minutes(1)))
struct RouteTurnTests {
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func turnsBeginInTheOrderTheyWereAsked() async throws {
        let turns = Turns()
        let journal = Journal()
        try await turns.take()
        let waiters = ["a", "b", "c", "d"].map { name in
            Task.immediate {
                try await turns.take()
                journal.record(.started(name))
                turns.end()
            }
        }
        #expect(journal.all.isEmpty, "nobody's turn begins while the first one's lasts")

        turns.end()
        for waiter in waiters { try await waiter.value }
        #expect(journal.all == [.started("a"), .started("b"), .started("c"), .started("d")])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aTurnBeginsOnlyOnceTheOneBeforeItEnds() async throws {
        let turns = Turns()
        let journal = Journal()
        let release = Gate()
        try await turns.take()
        let first = Task.immediate {
            try await turns.take()
            journal.record(.started("first"))
            await release.wait()
            journal.record(.finishing("first"))
            turns.end()
        }
        let second = Task.immediate {
            try await turns.take()
            journal.record(.started("second"))
            turns.end()
        }

        turns.end()
        try await journal.waitUntil { $0.contains(.started("first")) }
        #expect(journal.all == [.started("first")], "the second waits while the first holds its turn")
        release.open()
        try await first.value
        try await second.value
        #expect(journal.all == [.started("first"), .finishing("first"), .started("second")])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aWaiterCancelledWhileWaitingThrowsCancellationErrorAndTheNextStillGetsItsTurn() async throws {
        let turns = Turns()
        let journal = Journal()
        try await turns.take()
        let cancelled = Task.immediate {
            try await turns.take()
            journal.record(.started("cancelled"))
            turns.end()
        }
        let next = Task.immediate {
            try await turns.take()
            journal.record(.started("next"))
            turns.end()
        }

        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(journal.all.isEmpty, "the holder's turn lasts, cancellation or not")
        turns.end()
        try await next.value
        #expect(journal.all == [.started("next")])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func endingATurnNobodyWaitsForFreesTheTurns() async throws {
        let turns = Turns()
        try await turns.take()
        turns.end()

        let journal = Journal()
        let later = Task.immediate {
            try await turns.take()
            journal.record(.started("later"))
        }
        #expect(journal.all == [.started("later")], "the take returned at once, without suspending")
        try await later.value
        turns.end()
    }

}

/// The turns of a node of their own.
private struct Turns {
    let node = Node.make()
    func take() async throws { try await node.takeRouteTurn() }
    func end() { node.endRouteTurn() }
}
