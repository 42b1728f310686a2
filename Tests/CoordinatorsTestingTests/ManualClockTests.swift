import CoordinatorsTesting
import Testing

/// The manual clock: sleepers wake only when advanced past their deadline, earliest first,
/// with `now` already moved; cancellation ends a sleep at once; a test can wait for a sleep
/// to begin.
@Suite(.timeLimit(.minutes(1)))
struct ManualClockTests {
    /// Starts a task that sleeps `duration` on `clock` and records `name` (and the clock's
    /// `now` as it woke) in `woken`.
    private func sleeper(
        _ name: String, for duration: Duration, on clock: ManualClock, into woken: Woken
    ) -> Task<Void, any Error> {
        Task {
            try await clock.sleep(for: duration)
            await woken.append(name, at: clock.now)
        }
    }

    @Test func aNewClockStartsAtZeroWithNobodySleeping() {
        let clock = ManualClock()
        #expect(clock.now.offset == .zero)
        #expect(clock.sleeperCount == 0)
        #expect(clock.nextDeadline == nil)
        #expect(clock.minimumResolution == .zero)
    }

    @Test func advancingMovesNowAndNeverBack() {
        let clock = ManualClock()
        clock.advance(by: .seconds(3))
        #expect(clock.now.offset == .seconds(3))
        clock.advance(to: ManualClock.Instant(offset: .seconds(5)))
        #expect(clock.now.offset == .seconds(5))
        clock.advance(by: .seconds(-2))
        clock.advance(to: ManualClock.Instant(offset: .seconds(1)))
        #expect(clock.now.offset == .seconds(5))
    }

    @Test func aSleeperWakesOnlyWhenTheClockReachesItsDeadline() async throws {
        let clock = ManualClock()
        let woken = Woken()
        let sleeping = sleeper("a", for: .seconds(10), on: clock, into: woken)
        try await clock.waitForSleepers(atLeast: 1)
        #expect(clock.nextDeadline == ManualClock.Instant(offset: .seconds(10)))

        clock.advance(by: .seconds(9))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        try await sleeping.value
        #expect(await woken.names == ["a"])
        #expect(await woken.instants == [ManualClock.Instant(offset: .seconds(10))])
        #expect(clock.sleeperCount == 0)
    }

    @Test func oneAdvanceWakesEverySleeperItReachesEarliestDeadlineFirstWithNowAlreadySet() async throws {
        let clock = ManualClock()
        let woken = Woken()
        // Each sleeper, once woken, records itself; they are resumed earliest deadline first.
        let late = sleeper("late", for: .seconds(3), on: clock, into: woken)
        try await clock.waitForSleepers(atLeast: 1)
        let early = sleeper("early", for: .seconds(1), on: clock, into: woken)
        try await clock.waitForSleepers(atLeast: 2)
        let notYet = sleeper("not yet", for: .seconds(9), on: clock, into: woken)
        try await clock.waitForSleepers(atLeast: 3)
        #expect(clock.nextDeadline == ManualClock.Instant(offset: .seconds(1)))

        clock.advance(by: .seconds(5))
        try await late.value
        try await early.value
        #expect(Set(await woken.names) == ["early", "late"])
        // `now` was set before anyone was resumed.
        #expect(await woken.instants.allSatisfy { $0.offset == .seconds(5) })
        #expect(clock.sleeperCount == 1)
        notYet.cancel()
        await #expect(throws: CancellationError.self) { try await notYet.value }
    }

    @Test func sleepersAreResumedInDeadlineOrder() async throws {
        let clock = ManualClock()
        let order = Woken()
        var tasks: [Task<Void, any Error>] = []
        for (index, seconds) in [4, 2, 3, 1].enumerated() {
            tasks.append(
                Task {
                    try await clock.sleep(until: ManualClock.Instant(offset: .seconds(seconds)))
                    await order.append("\(seconds)", at: clock.now)
                })
            try await clock.waitForSleepers(atLeast: index + 1)
        }
        // One second at a time: every advance wakes exactly one sleeper, the next deadline.
        for second in 1...4 {
            #expect(clock.nextDeadline?.offset == .seconds(second))
            clock.advance(by: .seconds(1))
            await order.waitForCount(second)
        }
        for task in tasks { try await task.value }
        #expect(await order.names == ["1", "2", "3", "4"])
    }

    @Test func aDeadlineAlreadyReachedReturnsAtOnceWithoutSleeping() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(5))
        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(5)))
        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(2)))
        try await clock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingASleeperThrowsAtOnceAndRemovesIt() async throws {
        let clock = ManualClock()
        let woken = Woken()
        let sleeping = sleeper("cancelled", for: .seconds(10), on: clock, into: woken)
        try await clock.waitForSleepers(atLeast: 1)
        sleeping.cancel()
        await #expect(throws: CancellationError.self) { try await sleeping.value }
        #expect(clock.sleeperCount == 0)
        clock.advance(by: .seconds(10))
        #expect(await woken.names.isEmpty)
    }

    @Test func aCancelledTaskThrowsWithoutSleepingEvenIfTheDeadlineIsReached() async throws {
        let clock = ManualClock()
        let gate = Woken()
        let task = Task {
            await gate.waitForCount(1)
            try await clock.sleep(until: clock.now)
        }
        task.cancel()
        await gate.append("go", at: clock.now)
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func waitingForSleepersReturnsAtOnceWhenEnoughAlreadySleep() async throws {
        let clock = ManualClock()
        try await clock.waitForSleepers(atLeast: 0)
        let sleeping = sleeper("a", for: .seconds(1), on: clock, into: Woken())
        try await clock.waitForSleepers(atLeast: 1)
        try await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        try await sleeping.value
    }

    @Test func waitingForSleepersIsCancellable() async throws {
        let clock = ManualClock()
        let waiting = Task { try await clock.waitForSleepers(atLeast: 1) }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        // A later sleeper is unaffected by the cancelled waiter.
        let sleeping = sleeper("a", for: .seconds(1), on: clock, into: Woken())
        try await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        try await sleeping.value
    }

    @Test func aManualClockIsAnyClockOfDuration() async throws {
        let clock: any Clock<Duration> = ManualClock()
        let manual = try #require(clock as? ManualClock)
        let start = manual.now
        manual.advance(by: .milliseconds(250))
        #expect(start.duration(to: manual.now) == .milliseconds(250))
        #expect("\(manual.now)" == "+0.25 seconds")
    }
}
