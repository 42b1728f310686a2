import Testing

@testable import Coordinators

/// One (state, event) pair per test.
struct MainRoleStateMachineTests {
    private func machine(hasMain: Bool) -> MainRoleStateMachine {
        var machine = MainRoleStateMachine()
        if hasMain { _ = machine.recorded(.main) }
        return machine
    }

    // MARK: recorded

    /// Every (state, role) pair: whether the presentation is main, and whether the
    /// coordinator has a main presentation afterwards.
    @Test(arguments: [
        (hasMain: false, role: PresentationRole.automatic, isMain: true, hasMainAfter: true),
        (hasMain: true, role: .automatic, isMain: false, hasMainAfter: true),
        (hasMain: false, role: .main, isMain: true, hasMainAfter: true),
        (hasMain: true, role: .main, isMain: true, hasMainAfter: true),
        (hasMain: false, role: .auxiliary, isMain: false, hasMainAfter: false),
        (hasMain: true, role: .auxiliary, isMain: false, hasMainAfter: true),
    ])
    func recordingAPresentation(
        _ pair: (hasMain: Bool, role: PresentationRole, isMain: Bool, hasMainAfter: Bool)
    ) {
        var machine = machine(hasMain: pair.hasMain)
        let isMain = machine.recorded(pair.role)
        #expect(isMain == pair.isMain)
        #expect(machine.hasMain == pair.hasMainAfter)
    }

    // MARK: failed

    @Test func theOnlyMainFailingGivesTheRoleBack() {
        var machine = machine(hasMain: true)
        machine.failed(wasMain: true, mainRemains: false)
        #expect(!machine.hasMain)
        let isMain = machine.recorded(.automatic)
        #expect(isMain)
    }

    @Test func aMainFailingWhileAnotherRemainsKeepsTheRole() {
        var machine = machine(hasMain: true)
        machine.failed(wasMain: true, mainRemains: true)
        #expect(machine.hasMain)
    }

    @Test(arguments: [false, true])
    func anAuxiliaryFailingChangesNothing(hasMain: Bool) {
        var machine = machine(hasMain: hasMain)
        machine.failed(wasMain: false, mainRemains: false)
        #expect(machine.hasMain == hasMain)
    }

    // MARK: left

    /// `left` with `mainRemains` recorded: whether it was read.
    private func departure(wasMain: Bool, flowRunning: Bool, mainRemains: Bool) -> (
        MainRoleStateMachine.Departure, looked: Bool
    ) {
        var looked = false
        let departure = MainRoleStateMachine.left(
            wasMain: wasMain, flowRunning: flowRunning,
            mainRemains: {
                looked = true
                return mainRemains
            }())
        return (departure, looked)
    }

    @Test func theLastMainLeavingARunningFlowEndsIt() {
        #expect(departure(wasMain: true, flowRunning: true, mainRemains: false) == (.endsFlow, looked: true))
    }

    @Test func aMainLeavingWhileAnotherRemainsEndsNothing() {
        #expect(departure(wasMain: true, flowRunning: true, mainRemains: true) == (.nothing, looked: true))
    }

    @Test func aMainLeavingAnEndingFlowEndsNothingAgainAndLooksNoFurther() {
        #expect(departure(wasMain: true, flowRunning: false, mainRemains: false) == (.nothing, looked: false))
    }

    @Test(arguments: [false, true])
    func anAuxiliaryLeavingEndsNothingAndLooksNoFurther(flowRunning: Bool) {
        #expect(departure(wasMain: false, flowRunning: flowRunning, mainRemains: false) == (.nothing, looked: false))
    }
}
