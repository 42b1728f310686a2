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

    @Test func anAutomaticFirstPresentationIsMain() {
        var machine = machine(hasMain: false)
        let isMain = machine.recorded(.automatic)
        #expect(isMain)
        #expect(machine.hasMain)
    }

    @Test func anAutomaticPresentationAfterAMainOneIsAuxiliary() {
        var machine = machine(hasMain: true)
        let isMain = machine.recorded(.automatic)
        #expect(!isMain)
        #expect(machine.hasMain)
    }

    @Test(arguments: [false, true])
    func aMainPresentationIsMainWhateverCameBefore(hasMain: Bool) {
        var machine = machine(hasMain: hasMain)
        let isMain = machine.recorded(.main)
        #expect(isMain)
        #expect(machine.hasMain)
    }

    @Test func anAuxiliaryFirstPresentationLeavesTheRoleFree() {
        var machine = machine(hasMain: false)
        let isMain = machine.recorded(.auxiliary)
        #expect(!isMain)
        #expect(!machine.hasMain)
        let nextIsMain = machine.recorded(.automatic)
        #expect(nextIsMain)
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

    @Test func anAuxiliaryFailingKeepsTheRole() {
        var machine = machine(hasMain: true)
        machine.failed(wasMain: false, mainRemains: false)
        #expect(machine.hasMain)
    }

    // MARK: left

    @Test func theLastMainLeavingARunningFlowEndsIt() {
        let machine = machine(hasMain: true)
        #expect(machine.left(wasMain: true, flowRunning: true, mainRemains: false) == .endsFlow)
    }

    @Test func aMainLeavingWhileAnotherRemainsEndsNothing() {
        let machine = machine(hasMain: true)
        #expect(machine.left(wasMain: true, flowRunning: true, mainRemains: true) == .none)
    }

    @Test func aMainLeavingAnEndingFlowEndsNothingAgain() {
        let machine = machine(hasMain: true)
        #expect(machine.left(wasMain: true, flowRunning: false, mainRemains: false) == .none)
    }

    @Test func anAuxiliaryLeavingEndsNothingAndLooksNoFurther() {
        let machine = machine(hasMain: true)
        var looked = false
        let departure = machine.left(
            wasMain: false, flowRunning: true,
            mainRemains: {
                looked = true
                return false
            }())
        #expect(departure == .none)
        #expect(!looked)
    }

    @Test func theRoleIsNotGivenBackWhenTheMainLeaves() {
        var machine = machine(hasMain: true)
        _ = machine.left(wasMain: true, flowRunning: true, mainRemains: false)
        let isMain = machine.recorded(.automatic)
        #expect(!isMain)
    }
}
