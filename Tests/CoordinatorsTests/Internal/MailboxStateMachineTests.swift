import Testing

@testable import Coordinators

/// One (state, event) pair per test. Jobs and waiters are plain values here: the machine is
/// generic over both, and `Host` instantiates it with jobs and continuations.
struct MailboxStateMachineTests {
    typealias Machine = MailboxStateMachine<String, Int>

    /// A machine in `phase`, with `pending` jobs handed over after it got there. A loop asked
    /// for holds the job `"first"` that asked for it; a loop waiting for mail is waiter 7.
    private func machine(_ phase: Machine.Phase, pending: [String] = []) -> Machine {
        var machine = Machine()
        if phase != .noLoop { _ = machine.handOver("first") }
        if phase != .noLoop && phase != .requested {
            machine.loopStarted()
            _ = machine.takeMail()
        }
        if phase == .waiting { _ = machine.loopWaits(7) }
        if phase == .returned {
            _ = machine.endDelivered()
            _ = machine.takeMail()
            _ = machine.loopReturned()
        }
        #expect(machine.phase == phase)
        for job in pending { _ = machine.handOver(job) }
        return machine
    }

    // MARK: handOver

    @Test func theFirstJobHandedOverAsksForTheLoop() {
        var machine = machine(.noLoop)
        guard case .startLoop = machine.handOver("a") else {
            Issue.record("expected .startLoop")
            return
        }
        #expect(machine.phase == .requested)
    }

    @Test func aJobHandedOverBeforeTheLoopStartsWaitsForIt() {
        var machine = machine(.requested)
        guard case .nothing = machine.handOver("b") else {
            Issue.record("expected .nothing")
            return
        }
        machine.loopStarted()
        let mail = machine.takeMail()
        #expect(mail.map { Array($0.jobs) } == ["first", "b"])
    }

    @Test func aJobHandedOverToALoopWaitingForMailWakesIt() {
        var machine = machine(.waiting)
        guard case .wake(let waiter) = machine.handOver("c") else {
            Issue.record("expected .wake")
            return
        }
        #expect(waiter == 7)
        #expect(machine.phase == .serving)
        #expect(machine.takeMail().map { Array($0.jobs) } == ["c"])
    }

    @Test func aJobHandedOverToABusyLoopIsTakenAtItsNextLook() {
        var machine = machine(.serving)
        guard case .nothing = machine.handOver("d") else {
            Issue.record("expected .nothing")
            return
        }
        let mail = machine.takeMail()
        #expect(mail.map { Array($0.jobs) } == ["d"])
    }

    // MARK: takeMail

    @Test func noMailWhileTheFlowRunsAndNothingIsPending() {
        var machine = machine(.serving)
        let mail = machine.takeMail()
        #expect(mail == nil)
    }

    @Test func theMailHoldsThePendingJobsInOrderOnce() {
        var machine = machine(.serving, pending: ["e", "f", "h"])
        let mail = machine.takeMail()
        #expect(mail.map { Array($0.jobs) } == ["e", "f", "h"])
        #expect(mail?.end == false)
        let mailAgain = machine.takeMail()
        #expect(mailAgain == nil)
    }

    @Test func theEndOfTheFlowIsMailWithTheJobsStillPending() {
        var machine = machine(.serving, pending: ["g"])
        _ = machine.endDelivered()
        let mail = machine.takeMail()
        #expect(mail.map { Array($0.jobs) } == ["g"])
        #expect(mail?.end == true)
    }

    @Test func theEndIsMailEveryTimeTheLoopLooks() {
        var machine = machine(.serving)
        _ = machine.endDelivered()
        #expect(machine.takeMail()?.end == true)
        #expect(machine.takeMail()?.end == true)
    }

    @Test func theEndDeliveredBeforeTheLoopStartsIsItsFirstMail() {
        var machine = machine(.requested)
        let woken = machine.endDelivered()
        #expect(woken == nil)
        machine.loopStarted()
        let mail = machine.takeMail()
        #expect(mail.map { Array($0.jobs) } == ["first"])
        #expect(mail?.end == true)
    }

    // MARK: loopWaits

    @Test func theLoopWaitsWhenThereIsNoMail() {
        var machine = machine(.serving)
        let waits = machine.loopWaits(7)
        #expect(waits)
        #expect(machine.phase == .waiting)
        let woken = machine.endDelivered()
        #expect(woken == 7)
        #expect(machine.phase == .serving)
    }

    @Test func theLoopDoesNotWaitWhenAJobIsPending() {
        var machine = machine(.serving, pending: ["h"])
        let waits = machine.loopWaits(7)
        #expect(!waits)
        let woken = machine.endDelivered()
        #expect(woken == nil)
    }

    @Test func theLoopDoesNotWaitOnceTheEndIsDelivered() {
        var machine = machine(.serving)
        _ = machine.endDelivered()
        let waits = machine.loopWaits(7)
        #expect(!waits)
    }

    // MARK: endDelivered

    @Test func theEndWakesAWaitingLoopOnce() {
        var machine = machine(.waiting)
        let woken = machine.endDelivered()
        #expect(woken == 7)
        let wokenAgain = machine.endDelivered()
        #expect(wokenAgain == nil)
    }

    @Test func theEndWakesNothingWithoutALoop() {
        var machine = machine(.noLoop)
        let woken = machine.endDelivered()
        #expect(woken == nil)
        #expect(!machine.hasLoop)
    }

    // MARK: teardownWaits

    @Test(arguments: [
        (Machine.Phase.noLoop, false), (.requested, true), (.serving, true), (.waiting, true), (.returned, false),
    ])
    func theLoopIsLiveFromWhenItIsAskedForUntilItReturns(phase: Machine.Phase, isLive: Bool) {
        #expect(machine(phase).loopIsLive == isLive)
    }

    @Test func theTeardownDoesNotWaitWithoutALoop() {
        var machine = machine(.noLoop)
        let waits = machine.teardownWaits(9)
        #expect(!waits)
    }

    /// The teardown may begin to wait as soon as the end is recorded, before it is delivered
    /// to the loop: its waiter stays through the loop's steps until the loop returns.
    @Test(arguments: [Machine.Phase.requested, .serving, .waiting])
    func theTeardownWaitsForALoopThatHasNotReturned(phase: Machine.Phase) {
        var machine = machine(phase)
        let waits = machine.teardownWaits(9)
        #expect(waits)
        if phase == .requested { machine.loopStarted() }
        let wokenLoop = machine.endDelivered()
        #expect(wokenLoop == (phase == .waiting ? 7 : nil))
        #expect(machine.takeMail()?.end == true)
        let woken = machine.loopReturned()
        #expect(woken == 9)
    }

    @Test func theTeardownDoesNotWaitForALoopThatHasReturned() {
        var machine = machine(.returned)
        let waits = machine.teardownWaits(9)
        #expect(!waits)
    }

    // MARK: loopReturned

    @Test func theLoopReturningWithoutATeardownWaitingWakesNothing() {
        var machine = machine(.serving)
        _ = machine.endDelivered()
        _ = machine.takeMail()
        let woken = machine.loopReturned()
        #expect(woken == nil)
        #expect(machine.phase == .returned)
        #expect(machine.hasLoop)
    }
}
