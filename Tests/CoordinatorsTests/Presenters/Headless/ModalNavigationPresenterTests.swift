import Coordinators
import Testing

/// `ModalNavigationPresenter`: a modal hosting its own stack.
@Suite(.timeLimit(.minutes(1)))
struct ModalNavigationPresenterTests {
    /// Runs a coordinator whose main screen is the modal's root, with `pushed` on top
    /// (auxiliary), then `body`.
    private func withModalStack(
        _ pushed: [String],
        _ body: (ModalNavigationPresenter, Branch, [Presentation]) async throws -> Void
    ) async throws {
        let modal = ModalNavigationPresenter()
        #expect(!modal.isShown)
        let owner = Branch("root", on: modal)
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await modal.waitUntil { $0.stack.count == 1 }
        for name in pushed {
            try await owner.flow.present(TestScreen(name), on: modal, role: .auxiliary)
        }
        try await body(modal, owner, modal.stack)
        if owner.flow.state == .running { try await owner.done("done") }
        _ = await outcome
        #expect(!modal.isShown)
    }

    @Test func theFirstScreenIsTheRootAndLaterOnesArePushed() async throws {
        try await withModalStack(["step 2", "step 3"]) { modal, _, stack in
            #expect(modal.isShown)
            #expect(modal.state.screenNames == ["root", "step 2", "step 3"])
            #expect(modal.state.top == stack[2])
        }
    }

    @Test func aSwipeDownDismissesTheWholeStackByUser() async throws {
        try await withModalStack(["step 2", "step 3"]) { modal, owner, stack in
            let dismissed = try await modal.userDismiss()
            #expect(dismissed)
            #expect(!modal.isShown)
            #expect(stack.map(\.dismissalReason) == [.byUser, .byUser, .byUser])
            await #expect(throws: FlowDismissed(reason: .byUser)) { _ = try await owner.flow.finished }
        }
    }

    @Test func aSwipeDownAsksEveryConfirmationOnTheStack() async throws {
        try await withModalStack(["step 2"]) { modal, owner, stack in
            let asked = Journal()
            stack[0].setUserDismissalConfirmation {
                asked.record(.asked("root"))
                return true
            }
            stack[1].setUserDismissalConfirmation {
                asked.record(.asked("step 2"))
                return false
            }
            let dismissed = try await modal.userDismiss()
            #expect(!dismissed)
            #expect(asked.all == [.asked("step 2")], "most recent first; a refusal stops the gesture")
            #expect(modal.state.screenNames == ["root", "step 2"])
            #expect(owner.flow.state == .running)
        }
    }

    @Test func dismissingTheRootTakesTheWholeModalAway() async throws {
        try await withModalStack(["step 2", "step 3"]) { modal, owner, stack in
            try await owner.flow.dismiss(stack[0])
            #expect(!modal.isShown)
            #expect(stack[0].dismissalReason == .byCoordinator)
            #expect(stack[1].dismissalReason == .byCoordinator)
            #expect(stack[2].dismissalReason == .byCoordinator)
        }
    }

    @Test func dismissingAPushedScreenRemovesOnlyIt() async throws {
        try await withModalStack(["step 2", "step 3"]) { modal, owner, stack in
            try await owner.flow.dismiss(stack[1])
            #expect(modal.state.screenNames == ["root", "step 3"])
        }
    }

    @Test func popsAndBackGesturesWorkInsideTheModal() async throws {
        try await withModalStack(["step 2", "step 3", "step 4"]) { modal, owner, stack in
            let popped = try await modal.userPop()
            #expect(popped)
            #expect(stack[3].dismissalReason == .byUser)
            try await modal.pop()
            #expect(stack[2].dismissalReason == .byCoordinator)
            try await modal.pop(to: stack[0])
            #expect(modal.state.screenNames == ["root"])
            let error = await #expect(throws: CoordinatorError.self) { try await modal.userPop() }
            #expect(error?.code == .nothingToPop)
            #expect(owner.flow.state == .running)
        }
    }

    @Test func anAbandonedSwipeDownReportsNothing() async throws {
        try await withModalStack(["step 2"]) { modal, owner, stack in
            let swipe = try modal.beginUserDismiss()
            #expect(modal.state.gestureInProgress == stack)
            try swipe.cancel()
            #expect(modal.state.gestureInProgress.isEmpty)
            #expect(stack.allSatisfy { $0.isPresented })
            #expect(owner.flow.state == .running)
        }
    }

    @Test func swipingDownAModalThatIsNotShownThrowsNothingToDismiss() async throws {
        let modal = ModalNavigationPresenter()
        let error = await #expect(throws: CoordinatorError.self) { try await modal.userDismiss() }
        #expect(error?.code == .nothingToDismiss)
        let gesture = #expect(throws: CoordinatorError.self) { try modal.beginUserDismiss() }
        #expect(gesture?.code == .nothingToDismiss)
    }
}
