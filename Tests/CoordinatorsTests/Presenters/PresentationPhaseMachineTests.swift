import Testing

@testable import Coordinators

/// `PresentationPhase` on its own: one (phase, event) pair per test, no presenter, no task.
/// (`PresentationPhaseTests` drives the same pairs through a `Presentation` where the order
/// of events cannot be arranged from outside.)
struct PresentationPhaseMachineTests {
    /// The phases by name, for parameterized tests.
    enum Start: String, CaseIterable, CustomTestStringConvertible {
        case presenting, claimedWhilePresenting, presented, dismissing, dismissed

        var phase: PresentationPhase {
            switch self {
            case .presenting: .presenting(teardownRequested: false)
            case .claimedWhilePresenting: .presenting(teardownRequested: true)
            case .presented: .presented
            case .dismissing: .dismissing(.byUser)
            case .dismissed: .dismissed(.byUser)
            }
        }

        var testDescription: String { rawValue }
    }

    private func name(_ phase: PresentationPhase) -> String {
        switch phase {
        case .presenting(teardownRequested: false): "presenting"
        case .presenting(teardownRequested: true): "claimedWhilePresenting"
        case .presented: "presented"
        case .dismissing(let reason): "dismissing(\(reason))"
        case .dismissed(let reason): "dismissed(\(reason))"
        }
    }

    // MARK: presented

    @Test func presentedWhileBeingShownIsOnTheSurface() {
        var phase = Start.presenting.phase
        guard case .presented = phase.presented() else {
            Issue.record("expected .presented")
            return
        }
        #expect(name(phase) == "presented")
        #expect(phase.isPresented)
    }

    @Test func presentedAfterTheTeardownClaimedItMustBeDismissed() {
        var phase = Start.claimedWhilePresenting.phase
        guard case .tearDown = phase.presented() else {
            Issue.record("expected .tearDown")
            return
        }
        #expect(name(phase) == "dismissing(tornDown)")
    }

    @Test func presentedTwiceChangesNothing() {
        var phase = Start.presented.phase
        guard case .alreadyPresented = phase.presented() else {
            Issue.record("expected .alreadyPresented")
            return
        }
        #expect(name(phase) == "presented")
    }

    @Test(arguments: [Start.dismissing, .dismissed])
    func presentedAfterAReportSaysItIsAlreadyGone(start: Start) {
        var phase = start.phase
        guard case .alreadyGone(.byUser) = phase.presented() else {
            Issue.record("expected .alreadyGone(.byUser)")
            return
        }
        #expect(name(phase) == name(start.phase))
    }

    // MARK: failed

    @Test(arguments: [Start.presenting, .claimedWhilePresenting, .presented])
    func aFailureLeavesItTornDown(start: Start) {
        var phase = start.phase
        let changed = phase.failed()
        #expect(changed)
        #expect(phase.dismissalReason == .tornDown)
    }

    @Test(arguments: [Start.dismissing, .dismissed])
    func aFailureAfterAReportChangesNothing(start: Start) {
        var phase = start.phase
        let changed = phase.failed()
        #expect(!changed)
        #expect(name(phase) == name(start.phase))
    }

    // MARK: beginDismissal

    @Test func dismissingAPresentedScreenBeginsItsDismissal() {
        var phase = Start.presented.phase
        #expect(phase.beginDismissal(.byCoordinator) == nil)
        #expect(phase.leavingReason == .byCoordinator)
    }

    @Test(arguments: [Start.presenting, .claimedWhilePresenting])
    func dismissingAScreenBeingShownIsRefused(start: Start) {
        var phase = start.phase
        #expect(phase.beginDismissal(.byCoordinator) == .stillPresenting)
        #expect(name(phase) == start.rawValue)
    }

    @Test(arguments: [Start.dismissing, .dismissed])
    func dismissingAgainIsRefusedWithTheEarlierReason(start: Start) {
        var phase = start.phase
        #expect(phase.beginDismissal(.byCoordinator) == .alreadyLeft(.byUser))
        #expect(name(phase) == name(start.phase))
    }

    // MARK: report

    @Test(arguments: [Start.presenting, .presented])
    func aReportBeginsTheDismissalForItsReason(start: Start) {
        var phase = start.phase
        #expect(phase.report(.byUser) == .reported)
        #expect(phase.leavingReason == .byUser)
    }

    @Test func aReportAfterTheTeardownClaimedItLeavesItTornDown() {
        var phase = Start.claimedWhilePresenting.phase
        #expect(phase.report(.byUser) == .tornDown)
        #expect(phase.leavingReason == .tornDown)
    }

    @Test(arguments: [Start.dismissing, .dismissed])
    func aLaterReportIsIgnored(start: Start) {
        var phase = start.phase
        #expect(phase.report(.byCoordinator) == .ignored)
        #expect(name(phase) == name(start.phase))
    }

    // MARK: tearDown

    @Test func theTeardownDismissesAPresentedScreen() {
        var phase = Start.presented.phase
        #expect(phase.tearDown() == .dismiss)
        #expect(phase.leavingReason == .tornDown)
    }

    @Test(arguments: [Start.presenting, .claimedWhilePresenting])
    func theTeardownClaimsAScreenBeingShownAndWaits(start: Start) {
        var phase = start.phase
        #expect(phase.tearDown() == .wait)
        #expect(name(phase) == "claimedWhilePresenting")
    }

    @Test func theTeardownWaitsForADismissalUnderWay() {
        var phase = Start.dismissing.phase
        #expect(phase.tearDown() == .wait)
        #expect(phase.leavingReason == .byUser)
    }

    @Test func theTeardownHasNothingToDoForADismissedScreen() {
        var phase = Start.dismissed.phase
        #expect(phase.tearDown() == .done)
    }

    // MARK: dismissalCompleted

    @Test func completingADismissalLeavesItDismissedForItsReason() {
        var phase = Start.dismissing.phase
        #expect(phase.dismissalCompleted() == .byUser)
        #expect(phase.dismissalReason == .byUser)
    }

    @Test(arguments: [Start.presenting, .claimedWhilePresenting, .presented, .dismissed])
    func completingWithNoDismissalUnderWayChangesNothing(start: Start) {
        var phase = start.phase
        #expect(phase.dismissalCompleted() == nil)
        #expect(name(phase) == name(start.phase))
    }
}
