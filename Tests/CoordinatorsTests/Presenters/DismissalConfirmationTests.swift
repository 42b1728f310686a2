import Coordinators
import CoordinatorsTesting
import Testing

/// Vetoes: a user dismissal that asks its coordinator first; interactive gestures that a
/// person completes or abandons.
@Suite(.timeLimit(.minutes(1)))
struct DismissalConfirmationTests {
    struct DiscardQuestion: Screen { typealias Answer = Bool }

    /// Shows a list (main) and a form over it whose back gesture asks "discard changes?"
    /// as a question on `modal`; journals `.shown("form")` once the form is up and guarded.
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
            journal.record(.shown("form"))
            return try await flow.finished
        }

        func confirmDiscard() async throws -> Bool {
            try await flow.ask(DiscardQuestion(), on: modal)
        }

        func done() throws { try flow.finish(with: "done") }
    }

    /// Runs an `Editor` in a flow test until its form is up, then `body` (with the test, to act
    /// as the person), then ends it; the kit checks that both presenters are left empty.
    private func withEditor(
        _ body:
            @escaping @Sendable (FlowTest<Editor>, NavigationPresenter, ModalPresenter, Editor, Presentation)
            async throws -> Void
    ) async throws {
        let navigation = NavigationPresenter()
        let modal = ModalPresenter()
        try await withFlowTest(
            of: Editor(navigation: navigation, modal: modal), presenters: [navigation, modal]
        ) { test in
            let editor = try test.root
            try await editor.journal.waitUntil { $0.contains(.shown("form")) }
            #expect(navigation.state.screenNames == ["list", "form"])
            #expect(navigation.stack[1].confirmsUserDismissal)
            try await body(test, navigation, modal, editor, navigation.stack[1])
            if editor.flow.state == .running { try await editor.done() }
        }
    }

    @Test func anAcceptedConfirmationLetsTheGestureProceed() async throws {
        try await withEditor { test, navigation, modal, editor, form in
            try await test.swipeBack(on: navigation) {
                _ = try await test.screen(DiscardQuestion.self, on: modal)
                #expect(modal.state.screenNames == ["DiscardQuestion"])
                #expect(form.isPresented, "nothing moves while the coordinator is asked")
                try await test.answer(DiscardQuestion.self, on: modal, with: true)
            }
            #expect(form.dismissalReason == .byUser)
            #expect(navigation.state.screenNames == ["list"])
            #expect(editor.flow.state == .running)
        }
    }

    @Test func aRefusedConfirmationLeavesEverythingAsItWas() async throws {
        try await withEditor { test, navigation, modal, editor, form in
            let before = navigation.state
            async let popped = navigation.userPop()
            try await test.answer(DiscardQuestion.self, on: modal, with: false)
            #expect(try await popped == false)
            #expect(navigation.state == before, "same stack, same revision")
            #expect(form.isPresented && form.dismissalReason == nil)
            #expect(editor.flow.state == .running)
        }
    }

    @Test func aConfirmationCancelledWithItsCoordinatorRefusesTheGesture() async throws {
        let navigation = NavigationPresenter()
        let modal = ModalPresenter()
        try await withFlowTest(
            of: Editor(navigation: navigation, modal: modal), presenters: [navigation, modal]
        ) { test in
            try await test.root.journal.waitUntil { $0.contains(.shown("form")) }
            let form = navigation.stack[1]
            async let popped = navigation.userPop()
            _ = try await test.screen(DiscardQuestion.self, on: modal)

            test.tree.cancel()  // logout while "discard changes?" is up

            #expect(try await popped == false)
            #expect(try await test.outcome.ending == .cancelled, "expected the editor to end cancelled")
            #expect(form.dismissalReason == .tornDown, "torn down with its coordinator, not popped by the person")
        }  // and the kit checked that both presenters are empty
    }

    @Test func aConfirmationWhoseGestureIsCancelledRefusesIt() async throws {
        try await withEditor { test, navigation, modal, editor, form in
            let gesture = Task { try await navigation.userPop() }
            let question = try await test.presentation(of: DiscardQuestion.self, on: modal)
            gesture.cancel()
            #expect(try await gesture.value == false)
            #expect(question.dismissalReason == .byCoordinator, "the unanswered question is taken away")
            #expect(form.isPresented)
            #expect(editor.flow.state == .running)
        }
    }

    @Test func aConfirmationWhoseQuestionIsSwipedAwayRefusesTheGesture() async throws {
        try await withEditor { test, navigation, modal, _, form in
            async let popped = navigation.userPop()
            _ = try await test.screen(DiscardQuestion.self, on: modal)
            try await test.swipeDown(on: modal)
            #expect(try await popped == false)
            #expect(form.isPresented)
        }
    }

    @Test func coordinatorPopsAreNeverConfirmed() async throws {
        try await withEditor { _, navigation, modal, _, form in
            try await navigation.pop()
            #expect(form.dismissalReason == .byCoordinator)
            #expect(modal.modals.isEmpty)
        }
    }

    @Test func removingTheConfirmationLetsTheGestureThrough() async throws {
        try await withEditor { test, navigation, _, _, form in
            form.setUserDismissalConfirmation(nil)
            try await test.swipeBack(on: navigation)
            #expect(form.dismissalReason == .byUser)
        }
    }

    // MARK: Interactive gestures

    @Test func anAbandonedSwipeBackReportsNothing() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: Branch("root", on: navigation)) { test in
            _ = try await test.screen(TestScreen.self, on: navigation)
            let child = try test.root.flow.start(Branch("detail", on: navigation))
            let detail = try await test.presentation(
                of: TestScreen.self, on: navigation, where: { $0.name == "detail" })

            let swipe = try test.beginSwipeBack(on: navigation)
            #expect(navigation.state.gestureInProgress == [detail])
            #expect(swipe.presentations == [detail])
            try swipe.cancel()

            #expect(navigation.state.gestureInProgress.isEmpty)
            #expect(navigation.state.screenNames == ["root", "detail"])
            #expect(detail.isPresented && detail.dismissalReason == nil)
            #expect(child.state == .running, "the child's flow goes on")

            let completed = try test.beginSwipeBack(on: navigation)
            let popped = try await completed.complete()
            #expect(popped)
            #expect(await child.outcome.isDismissedByUser)
            try await test.root.done("done")
        }
    }

    @Test func aCompletedGestureAsksTheConfirmationToo() async throws {
        try await withEditor { test, navigation, modal, _, form in
            let swipe = try test.beginSwipeBack(on: navigation)
            async let popped = swipe.complete()
            _ = try await test.screen(DiscardQuestion.self, on: modal)
            #expect(navigation.state.gestureInProgress == [form], "still in progress while confirming")
            try await test.answer(DiscardQuestion.self, on: modal, with: false)
            #expect(try await popped == false)
            #expect(navigation.state.gestureInProgress.isEmpty)
            #expect(form.isPresented)
        }
    }

    @Test func aSecondGestureWhileOneIsInProgressThrowsGestureInProgress() async throws {
        try await withEditor { _, navigation, _, _, _ in
            let swipe = try navigation.beginUserPop()
            let error = #expect(throws: CoordinatorError.self) { try navigation.beginUserPop() }
            #expect(error?.code == .gestureInProgress)
            try swipe.cancel()
        }
    }

    @Test func endingAGestureTwiceThrowsGestureEnded() async throws {
        try await withEditor { _, navigation, _, _, _ in
            let swipe = try navigation.beginUserPop()
            try swipe.cancel()
            let error = await #expect(throws: CoordinatorError.self) { try await swipe.complete() }
            #expect(error?.code == .gestureEnded)
            let again = #expect(throws: CoordinatorError.self) { try swipe.cancel() }
            #expect(again?.code == .gestureEnded)
        }
    }

    @Test func aDroppedGestureIsCancelled() async throws {
        try await withEditor { _, navigation, _, _, form in
            do { _ = try navigation.beginUserPop() }
            #expect(navigation.state.gestureInProgress.isEmpty)
            #expect(form.isPresented)
            let swipe = try navigation.beginUserPop()  // a new gesture is accepted
            try swipe.cancel()
        }
    }

    @Test func anImmediateGestureDuringAnInteractiveOneThrowsGestureInProgress() async throws {
        try await withEditor { _, navigation, _, _, form in
            let swipe = try navigation.beginUserPop()
            let error = await #expect(throws: CoordinatorError.self) { try await navigation.userPop() }
            #expect(error?.code == .gestureInProgress)
            #expect(form.isPresented)
            try swipe.cancel()
        }
    }

    @Test func aGestureWhoseScreenTheCoordinatorPoppedIsOver() async throws {
        try await withEditor { _, navigation, _, _, form in
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
        try await withFlowTest(of: Branch("root", on: navigation)) { test in
            _ = try await test.screen(TestScreen.self, on: navigation)
            let error = #expect(throws: CoordinatorError.self) { try test.beginSwipeBack(on: navigation) }
            #expect(error?.code == .nothingToPop)
            #expect(navigation.state.gestureInProgress.isEmpty)
            try await test.root.done("done")
        }
    }

    @Test func aSwipeDownOnNothingThrowsNothingToDismiss() {
        let error = #expect(throws: CoordinatorError.self) { try ModalPresenter().beginUserDismiss() }
        #expect(error?.code == .nothingToDismiss)
    }

    @Test func anAbandonedSwipeDownReportsNothing() async throws {
        let modal = ModalPresenter()
        try await withFlowTest(of: Branch("sheet", on: modal)) { test in
            _ = try await test.screen(TestScreen.self, on: modal)
            let swipe = try test.beginSwipeDown(on: modal)
            #expect(modal.state.gestureInProgress == modal.modals)
            try swipe.cancel()
            #expect(modal.state.gestureInProgress.isEmpty)
            #expect(try test.root.flow.state == .running)
            let dismissed = try await test.beginSwipeDown(on: modal).complete()
            #expect(dismissed)
            #expect(try await test.outcome.isDismissedByUser)
        }
    }
}
