import Testing

@testable import Coordinators

/// One (phase, event) pair per test.
struct LifecycleStateMachineTests {
    private func machine(in phase: String) -> LifecycleStateMachine {
        var machine = LifecycleStateMachine()
        if phase == "idle" { return machine }
        try? machine.bind(coordinator: "C")
        if phase == "running" { return machine }
        _ = machine.requestEnd(.cancelled)
        if phase == "ending" { return machine }
        _ = machine.teardownCompleted()
        return machine
    }

    private func phaseName(_ machine: LifecycleStateMachine) -> String {
        machine.phase.description
    }

    // MARK: bind

    @Test func bindingIdleStartsRunning() throws {
        var machine = machine(in: "idle")
        try machine.bind(coordinator: "C")
        #expect(phaseName(machine) == "running")
    }

    @Test(arguments: ["running", "ending", "ended"])
    func bindingAgainThrowsAlreadyRun(phase: String) {
        var machine = machine(in: phase)
        let error = #expect(throws: CoordinatorError.self) { try machine.bind(coordinator: "LoginCoordinator") }
        #expect(error?.code == .alreadyRun)
        #expect(error?.message.contains("LoginCoordinator") == true)
        #expect(phaseName(machine) == phase)
    }

    // MARK: requestEnd

    @Test func requestEndWhileRunningRecordsTheCause() {
        var machine = machine(in: "running")
        let decided = machine.requestEnd(.dismissed(.byUser))
        #expect(decided)
        #expect(machine.phase == .ending)
        guard case .dismissed(.byUser) = machine.endCause else {
            Issue.record("the cause is \(String(describing: machine.endCause))")
            return
        }
    }

    @Test(arguments: ["idle", "ending", "ended"])
    func requestEndOutsideRunningChangesNothing(phase: String) {
        var machine = machine(in: phase)
        let decided = machine.requestEnd(.failed(CancellationError()))
        #expect(!decided)
        #expect(phaseName(machine) == phase)
        if phase != "idle" {
            guard case .cancelled = machine.endCause else {
                Issue.record("the first cause must win, got \(String(describing: machine.endCause))")
                return
            }
        }
    }

    // MARK: finish

    @Test func finishWhileRunningRecordsTheOutput() throws {
        var machine = machine(in: "running")
        try machine.finish(.finished(7), coordinator: "C")
        #expect(machine.phase == .ending)
        guard case .finished(let value) = machine.endCause else {
            Issue.record("the cause is \(String(describing: machine.endCause))")
            return
        }
        #expect(value as? Int == 7)
    }

    @Test func finishBeforeRunningThrowsNotRunning() {
        var machine = machine(in: "idle")
        let error = #expect(throws: CoordinatorError.self) { try machine.finish(.finished(1), coordinator: "C") }
        #expect(error?.code == .notRunning)
        #expect(phaseName(machine) == "idle")
    }

    @Test(arguments: ["ending", "ended"])
    func finishAfterTheEndThrowsAlreadyFinished(phase: String) {
        var machine = machine(in: phase)
        let error = #expect(throws: CoordinatorError.self) { try machine.finish(.finished(1), coordinator: "C") }
        #expect(error?.code == .alreadyFinished)
        #expect(error?.message.contains("cancelled") == true)
        #expect(phaseName(machine) == phase)
    }

    // MARK: checkRunning

    @Test func runningFlowsMayPresentAndStartChildren() throws {
        try machine(in: "running").checkRunning(to: "present", coordinator: "C")
    }

    @Test func idleFlowsMayNotPresent() {
        let error = #expect(throws: CoordinatorError.self) {
            try machine(in: "idle").checkRunning(to: "present", coordinator: "C")
        }
        #expect(error?.code == .notRunning)
    }

    @Test(arguments: ["ending", "ended"])
    func endedFlowsMayNotPresent(phase: String) {
        let error = #expect(throws: CoordinatorError.self) {
            try machine(in: phase).checkRunning(to: "present HomeScreen", coordinator: "C")
        }
        #expect(error?.code == .flowEnded)
        #expect(error?.message.contains("present HomeScreen") == true)
    }

    // MARK: teardownCompleted

    @Test func teardownCompletionMakesTheCauseFinal() {
        var machine = machine(in: "ending")
        guard case .cancelled = machine.teardownCompleted() else {
            Issue.record("wrong cause")
            return
        }
        #expect(phaseName(machine) == "ended")
    }
}
