import Testing

@testable import Coordinators

/// A presentation's phases, one (phase, event) pair per test, where the order of events
/// cannot be arranged from outside: reports and gestures while it is being shown.
struct PresentationPhaseTests {
    /// A presentation being shown by a coordinator that was never run (no tree, no events).
    func beingShown() -> Presentation {
        Presentation(
            id: PresentationID(rawValue: 1), screen: TestScreen("sheet"), isMain: false, presenter: ModalPresenter(),
            owner: Node.make(), expectedAnswer: nil)
    }

    @Test func aReportWhileBeingShownDismissesItForThatReason() {
        let presentation = beingShown()
        #expect(presentation.reportDismissal(.byUser))
        #expect(presentation.dismissalReason == .byUser)
        guard case .alreadyGone(.byUser) = presentation.markPresented() else {
            Issue.record("the presenting call must learn that it is gone")
            return
        }
    }

    @Test func aPresenterThatFailsAfterReportingTheScreenGoneLeavesTheReportInForce() {
        let presentation = beingShown()
        #expect(presentation.reportDismissal(.byUser))
        presentation.markFailed()
        #expect(presentation.dismissalReason == .byUser, "the first dismissal wins")
    }

    @Test func aPersonMaySwipeAwayAScreenBeingShown() {
        guard case .free = beingShown().userDismissalCheck() else {
            Issue.record("a screen being shown is on the surface")
            return
        }
    }

    @Test func aReportAfterTheTeardownClaimedItLeavesItTornDown() {
        let presentation = beingShown()
        presentation.withLock { $0.phase = .presenting(teardownRequested: true) }
        guard case .leaving = presentation.userDismissalCheck() else {
            Issue.record("no person's gesture decides about a screen its teardown claimed")
            return
        }
        #expect(!presentation.reportDismissal(.byUser), "the runtime is already dismissing it")
        #expect(presentation.dismissalReason == .tornDown)
        guard case .alreadyGone(.tornDown) = presentation.markPresented() else {
            Issue.record("the presenting call must learn that its flow's teardown took it")
            return
        }
    }

    @Test func aScreenTheTeardownClaimedIsDismissedByThePresentingCall() {
        let presentation = beingShown()
        presentation.withLock { $0.phase = .presenting(teardownRequested: true) }
        guard case .tearDown = presentation.markPresented() else {
            Issue.record("the presenting call must dismiss it")
            return
        }
    }
}
