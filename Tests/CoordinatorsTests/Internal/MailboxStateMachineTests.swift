import Testing

@testable import Coordinators

/// One (state, event) pair per test. Jobs and waiters are plain values here: the machine is
/// generic over both, and `Node` instantiates it with closures and continuations.
struct MailboxStateMachineTests {
    typealias Machine = MailboxStateMachine<String, Int>

    /// A machine whose loop is in `loop`, with `pending` jobs waiting, and the loop waiting
    /// for mail as waiter 7 if `loopWaiting`.
    private func machine(_ loop: Machine.Loop, pending: [String] = [], loopWaiting: Bool = false) -> Machine {
        var machine = Machine()
        if loop != .none {
            _ = machine.handOver("first")
            _ = machine.takeMail()
        }
        if loop == .running || loop == .ended { machine.loopStarted() }
        if loopWaiting { _ = machine.loopWaits(7) }
        if loop == .ended { _ = machine.loopReturned() }
        for job in pending { _ = machine.handOver(job) }
        return machine
    }

    // MARK: handOver

    @Test func theFirstJobHandedOverAsksForTheLoop() {
        var machine = machine(.none)
        guard case .startLoop = machine.handOver("a") else {
            Issue.record("expected .startLoop")
            return
        }
        #expect(machine.loop == .requested)
    }

    @Test func aJobHandedOverBeforeTheLoopStartsWaitsForIt() {
        var machine = machine(.requested)
        guard case .nothing = machine.handOver("b") else {
            Issue.record("expected .nothing")
            return
        }
        machine.loopStarted()
        let mail = machine.takeMail()
        #expect(mail.map { Array($0.jobs) } == ["b"])
    }

    @Test func aJobHandedOverToALoopWaitingForMailWakesIt() {
        var machine = machine(.running, loopWaiting: true)
        guard case .wake(let waiter) = machine.handOver("c") else {
            Issue.record("expected .wake")
            return
        }
        #expect(waiter == 7)
        #expect(machine.loop == .running)
    }

    @Test func aJobHandedOverToABusyLoopIsTakenAtItsNextLook() {
        var machine = machine(.running)
        guard case .nothing = machine.handOver("d") else {
            Issue.record("expected .nothing")
            return
        }
        let mail = machine.takeMail()
        #expect(mail.map { Array($0.jobs) } == ["d"])
    }

    // MARK: takeMail

    @Test func noMailWhileTheFlowRunsAndNothingIsPending() {
        var machine = machine(.running)
        let mail = machine.takeMail()
        #expect(mail == nil)
    }

    @Test func theMailHoldsThePendingJobsInOrderOnce() {
        var machine = machine(.running, pending: ["e", "f", "h"])
        let mail = machine.takeMail()
        #expect(mail.map { Array($0.jobs) } == ["e", "f", "h"])
        #expect(mail?.end == false)
        let mailAgain = machine.takeMail()
        #expect(mailAgain == nil)
    }

    @Test func theEndOfTheFlowIsMailWithTheJobsStillPending() {
        var machine = machine(.running, pending: ["g"])
        _ = machine.endDelivered()
        let mail = machine.takeMail()
        #expect(mail.map { Array($0.jobs) } == ["g"])
        #expect(mail?.end == true)
    }

    @Test func theEndIsMailEveryTimeTheLoopLooks() {
        var machine = machine(.running)
        _ = machine.endDelivered()
        #expect(machine.takeMail()?.end == true)
        #expect(machine.takeMail()?.end == true)
    }

    // MARK: loopWaits

    @Test func theLoopWaitsWhenThereIsNoMail() {
        var machine = machine(.running)
        let waits = machine.loopWaits(7)
        #expect(waits)
        let woken = machine.endDelivered()
        #expect(woken == 7)
    }

    @Test func theLoopDoesNotWaitWhenAJobIsPending() {
        var machine = machine(.running, pending: ["h"])
        let waits = machine.loopWaits(7)
        #expect(!waits)
        let woken = machine.endDelivered()
        #expect(woken == nil)
    }

    @Test func theLoopDoesNotWaitOnceTheEndIsDelivered() {
        var machine = machine(.running)
        _ = machine.endDelivered()
        let waits = machine.loopWaits(7)
        #expect(!waits)
    }

    // MARK: endDelivered

    @Test func theEndWakesAWaitingLoopOnce() {
        var machine = machine(.running, loopWaiting: true)
        let woken = machine.endDelivered()
        #expect(woken == 7)
        let wokenAgain = machine.endDelivered()
        #expect(wokenAgain == nil)
    }

    @Test func theEndWakesNothingWithoutALoop() {
        var machine = machine(.none)
        let woken = machine.endDelivered()
        #expect(woken == nil)
        #expect(!machine.hasLoop)
    }

    // MARK: teardownWaits

    @Test(arguments: [
        (Machine.Loop.none, false), (.requested, true), (.running, true), (.ended, false),
    ])
    func theLoopIsLiveFromWhenItIsAskedForUntilItReturns(loop: Machine.Loop, isLive: Bool) {
        #expect(machine(loop).loopIsLive == isLive)
    }

    @Test func theTeardownDoesNotWaitWithoutALoop() {
        var machine = machine(.none)
        let waits = machine.teardownWaits(9)
        #expect(!waits)
    }

    @Test(arguments: [Machine.Loop.requested, .running])
    func theTeardownWaitsForALoopThatHasNotReturned(loop: Machine.Loop) {
        var machine = machine(loop)
        let waits = machine.teardownWaits(9)
        #expect(waits)
        let woken = machine.loopReturned()
        #expect(woken == 9)
    }

    @Test func theTeardownDoesNotWaitForALoopThatHasReturned() {
        var machine = machine(.ended)
        let waits = machine.teardownWaits(9)
        #expect(!waits)
    }

    // MARK: loopReturned

    @Test func theLoopReturningWithoutATeardownWaitingWakesNothing() {
        var machine = machine(.running)
        let woken = machine.loopReturned()
        #expect(woken == nil)
        #expect(machine.loop == .ended)
        #expect(machine.hasLoop)
    }
}
