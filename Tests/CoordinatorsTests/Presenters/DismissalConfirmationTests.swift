import Coordinators
import Testing

/// Vetoes: a user dismissal that asks its coordinator first; interactive gestures that a
/// person completes or abandons.
@Suite(.timeLimit(.minutes(1)))
struct DismissalConfirmationTests {
    struct DiscardQuestion: Screen { typealias Answer = Bool }

    /// Shows a list (main) and a form over it whose back gesture asks "discard changes?"
    /// as a question on `modal`.
    actor Editor: Coordinator {
        let flow = Flow<String>()
        let navigation: NavigationPresenter
        let modal: ModalPresenter
        let journal = Journal()
        init(navigation: NavigationPresenter, modal: ModalPresenter) {
            self.navigation = navigation
            self.modal = modal
        }

        func start() async throws -> String {
            try await flow.present(TestScreen("list"), on: navigation)
            let form = try await flow.present(TestScreen("form"), on: navigation, role: .auxiliary)
            form.setUserDismissalConfirmation { [self] in try await self.confirmDiscard() }
            journal.record("form guarded")
            return try await flow.finished
        }

        func confirmDiscard() async throws -> Bool {
            try await flow.ask(DiscardQuestion(), on: modal)
        }

        func done() throws { try flow.finish(with: "done") }
    }

    /// Runs an `Editor` until its form is up, then `body`, then ends it.
    private func withEditor(
        _ body: (NavigationPresenter, ModalPresenter, Editor, Presentation) async throws -> Void
    ) async throws {
        let navigation = NavigationPresenter()
        let modal = ModalPresenter()
        let editor = Editor(navigation: navigation, modal: modal)
        async let outcome = CoordinatorTree().runForOutcome(editor)
        try await editor.journal.waitUntil { $0.contains("form guarded") }
        #expect(navigation.state.screenNames == ["list", "form"])
        #expect(navigation.stack[1].confirmsUserDismissal)
        try await body(navigation, modal, editor, navigation.stack[1])
        if editor.flow.state == .running { try await editor.done() }
        _ = await outcome
        #expect(navigation.stack.isEmpty && modal.modals.isEmpty)
    }

    @Test func anAcceptedConfirmationLetsTheGestureProceed() async throws {
        try await withEditor { navigation, modal, editor, form in
            async let popped = navigation.userPop()
            try await modal.waitUntil { $0.screenNames == ["DiscardQuestion"] }
            #expect(form.isPresented, "nothing moves while the coordinator is asked")
            try modal.state.top?.answer(true)
            #expect(try await popped)
            #expect(form.dismissalReason == .byUser)
            #expect(navigation.state.screenNames == ["list"])
            #expect(editor.flow.state == .running)
        }
    }

    @Test func aRefusedConfirmationLeavesEverythingAsItWas() async throws {
        try await withEditor { navigation, modal, editor, form in
            let before = navigation.state
            async let popped = navigation.userPop()
            try await modal.waitUntil { $0.top != nil }
            try modal.state.top?.answer(false)
            #expect(try await popped == false)
            #expect(navigation.state == before, "same stack, same revision")
            #expect(form.isPresented && form.dismissalReason == nil)
            #expect(editor.flow.state == .running)
        }
    }

    @Test func aConfirmationCancelledWithItsCoordinatorRefusesTheGesture() async throws {
        let navigation = NavigationPresenter()
        let modal = ModalPresenter()
        let tree = CoordinatorTree()
        let editor = Editor(navigation: navigation, modal: modal)
        async let outcome = tree.runForOutcome(editor)
        try await editor.journal.waitUntil { $0.contains("form guarded") }
        let form = navigation.stack[1]
        async let popped = navigation.userPop()
        try await modal.waitUntil { $0.top != nil }

        tree.cancel()  // logout while "discard changes?" is up

        #expect(try await popped == false)
        #expect(await outcome.ending == .cancelled, "expected the editor to end cancelled")
        #expect(form.dismissalReason == .tornDown, "torn down with its coordinator, not popped by the person")
        #expect(navigation.stack.isEmpty && modal.modals.isEmpty)
    }

    @Test func aConfirmationWhoseGestureIsCancelledRefusesIt() async throws {
        try await withEditor { navigation, modal, editor, form in
            let gesture = Task { try await navigation.userPop() }
            try await modal.waitUntil { $0.top != nil }
            let question = try #require(modal.state.top)
            gesture.cancel()
            #expect(try await gesture.value == false)
            #expect(question.dismissalReason == .byCoordinator, "the unanswered question is taken away")
            #expect(form.isPresented)
            #expect(editor.flow.state == .running)
        }
    }

    @Test func aConfirmationWhoseQuestionIsSwipedAwayRefusesTheGesture() async throws {
        try await withEditor { navigation, modal, _, form in
            async let popped = navigation.userPop()
            try await modal.waitUntil { $0.top != nil }
            try await modal.userDismiss()
            #expect(try await popped == false)
            #expect(form.isPresented)
        }
    }

    @Test func coordinatorPopsAreNeverConfirmed() async throws {
        try await withEditor { navigation, modal, _, form in
            try await navigation.pop()
            #expect(form.dismissalReason == .byCoordinator)
            #expect(modal.modals.isEmpty)
        }
    }

    @Test func removingTheConfirmationLetsTheGestureThrough() async throws {
        try await withEditor { navigation, _, _, form in
            form.setUserDismissalConfirmation(nil)
            let popped = try await navigation.userPop()
            #expect(popped)
            #expect(form.dismissalReason == .byUser)
        }
    }

    // MARK: Interactive gestures

    @Test func anAbandonedSwipeBackReportsNothing() async throws {
        let navigation = NavigationPresenter()
        let root = Branch("root", on: navigation)
        async let outcome = CoordinatorTree().runForOutcome(root)
        try await navigation.waitUntil { $0.stack.count == 1 }
        let child = try root.flow.start(Branch("detail", on: navigation))
        try await navigation.waitUntil { $0.stack.count == 2 }
        let detail = navigation.stack[1]

        let swipe = try navigation.beginUserPop()
        #expect(navigation.state.gestureInProgress == [detail])
        #expect(swipe.presentations == [detail])
        try swipe.cancel()

        #expect(navigation.state.gestureInProgress.isEmpty)
        #expect(navigation.state.screenNames == ["root", "detail"])
        #expect(detail.isPresented && detail.dismissalReason == nil)
        #expect(child.state == .running, "the child's flow goes on")

        let completed = try navigation.beginUserPop()
        let popped = try await completed.complete()
        #expect(popped)
        #expect(await child.outcome.isDismissedByUser)
        try await root.done("done")
        _ = await outcome
    }

    @Test func aCompletedGestureAsksTheConfirmationToo() async throws {
        try await withEditor { navigation, modal, _, form in
            let swipe = try navigation.beginUserPop()
            async let popped = swipe.complete()
            try await modal.waitUntil { $0.top != nil }
            #expect(navigation.state.gestureInProgress == [form], "still in progress while confirming")
            try modal.state.top?.answer(false)
            #expect(try await popped == false)
            #expect(navigation.state.gestureInProgress.isEmpty)
            #expect(form.isPresented)
        }
    }

    @Test func aSecondGestureWhileOneIsInProgressThrowsGestureInProgress() async throws {
        try await withEditor { navigation, _, _, _ in
            let swipe = try navigation.beginUserPop()
            let error = #expect(throws: CoordinatorError.self) { try navigation.beginUserPop() }
            #expect(error?.code == .gestureInProgress)
            try swipe.cancel()
        }
    }

    @Test func endingAGestureTwiceThrowsGestureEnded() async throws {
        try await withEditor { navigation, _, _, _ in
            let swipe = try navigation.beginUserPop()
            try swipe.cancel()
            let error = await #expect(throws: CoordinatorError.self) { try await swipe.complete() }
            #expect(error?.code == .gestureEnded)
            let again = #expect(throws: CoordinatorError.self) { try swipe.cancel() }
            #expect(again?.code == .gestureEnded)
        }
    }

    @Test func aDroppedGestureIsCancelled() async throws {
        try await withEditor { navigation, _, _, form in
            do { _ = try navigation.beginUserPop() }
            #expect(navigation.state.gestureInProgress.isEmpty)
            #expect(form.isPresented)
            let swipe = try navigation.beginUserPop()  // a new gesture is accepted
            try swipe.cancel()
        }
    }

    @Test func anImmediateGestureDuringAnInteractiveOneThrowsGestureInProgress() async throws {
        try await withEditor { navigation, _, _, form in
            let swipe = try navigation.beginUserPop()
            let error = await #expect(throws: CoordinatorError.self) { try await navigation.userPop() }
            #expect(error?.code == .gestureInProgress)
            #expect(form.isPresented)
            try swipe.cancel()
        }
    }

    @Test func aGestureWhoseScreenTheCoordinatorPoppedIsOver() async throws {
        try await withEditor { navigation, _, _, form in
            let swipe = try navigation.beginUserPop()
            try await navigation.pop()
            #expect(form.dismissalReason == .byCoordinator)
            #expect(navigation.state.gestureInProgress.isEmpty, "it holds nothing and blocks nothing")
            let completed = try await swipe.complete()
            #expect(!completed)
            #expect(navigation.state.screenNames == ["list"])
        }
    }

    @Test func aBackGestureOnTheRootThrowsNothingToPop() async throws {
        let navigation = NavigationPresenter()
        let owner = Branch("root", on: navigation)
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await navigation.waitUntil { $0.stack.count == 1 }
        let error = #expect(throws: CoordinatorError.self) { try navigation.beginUserPop() }
        #expect(error?.code == .nothingToPop)
        #expect(navigation.state.gestureInProgress.isEmpty)
        try await owner.done("done")
        _ = await outcome
    }

    @Test func aSwipeDownOnNothingThrowsNothingToDismiss() {
        let error = #expect(throws: CoordinatorError.self) { try ModalPresenter().beginUserDismiss() }
        #expect(error?.code == .nothingToDismiss)
    }

    @Test func anAbandonedSwipeDownReportsNothing() async throws {
        let modal = ModalPresenter()
        let owner = Branch("sheet", on: modal)
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await modal.waitUntil { $0.modals.count == 1 }
        let swipe = try modal.beginUserDismiss()
        #expect(modal.state.gestureInProgress == modal.modals)
        try swipe.cancel()
        #expect(modal.state.gestureInProgress.isEmpty)
        #expect(owner.flow.state == .running)
        let dismissed = try await modal.beginUserDismiss().complete()
        #expect(dismissed)
        #expect(await outcome.isDismissedByUser)
    }
}
