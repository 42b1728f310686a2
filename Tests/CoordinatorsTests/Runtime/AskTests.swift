import Coordinators
import CoordinatorsTesting
import Testing

/// Screens that answer: `flow.ask`, `Presentation.answer`.
@Suite(.timeLimit(.minutes(1)))
struct AskTests {
    struct EmailForm: Screen { typealias Answer = String }
    struct PasswordForm: Screen { typealias Answer = String }
    struct TermsAlert: Screen { typealias Answer = Bool }

    /// DESIGN §3's sign-up script: two form steps kept on the stack, a question dismissed
    /// once answered.
    actor SignUp: Coordinator {
        let flow = Flow<String>()
        let navigation: NavigationPresenter
        let modal: ModalPresenter
        init(navigation: NavigationPresenter, modal: ModalPresenter) {
            self.navigation = navigation
            self.modal = modal
        }

        func start() async throws -> String {
            let email = try await flow.ask(EmailForm(), on: navigation, then: .keep)
            let password = try await flow.ask(PasswordForm(), on: navigation, then: .keep)
            let accepted = try await flow.ask(TermsAlert(), on: modal)
            return "\(email) \(password) \(accepted)"
        }
    }

    /// Runs a parent with one screen on a navigation stack in a flow test, then `body`, then
    /// ends it; the kit checks that every screen left and every coordinator was released.
    private func withParent(
        _ body: @escaping @Sendable (Branch, NavigationPresenter) async throws -> Void
    ) async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: Branch("parent", on: navigation)) { test in
            _ = try await test.screen(TestScreen.self, on: navigation)
            try await body(test.root, navigation)
            try await test.root.done("done")
        }
    }

    @Test func aScriptReadsTopToBottomWithEachScreensAnswer() async throws {
        let navigation = NavigationPresenter()
        let modal = ModalPresenter()
        let account = try await withFlowTest(of: SignUp(navigation: navigation, modal: modal)) { test in
            let email = try await test.presentation(of: EmailForm.self, on: navigation)
            #expect(email.isMain)
            try await test.answer(EmailForm.self, on: navigation, with: "ada@example.com")
            try await test.answer(PasswordForm.self, on: navigation, with: "secret")

            let terms = try await test.presentation(of: TermsAlert.self, on: modal)
            #expect(navigation.state.screenNames == ["EmailForm", "PasswordForm"], "kept steps stay on the stack")
            #expect(!terms.isMain)
            try await test.answer(TermsAlert.self, on: modal, with: true)

            let account = try await test.output
            #expect(terms.dismissalReason == .byCoordinator, "a dismissed question leaves once answered")
            #expect(email.dismissalReason == .tornDown, "kept steps leave with their coordinator")
            return account
        }  // and the kit checked that both presenters are empty
        #expect(account == "ada@example.com secret true")
    }

    @Test func aQuestionDismissedByThePersonEndsTheAskWithTheDismissal() async throws {
        let modal = ModalPresenter()
        let outcome = try await withFlowTest(of: Asking(EmailForm(), on: modal)) { test in
            _ = try await test.screen(EmailForm.self, on: modal)
            try await test.swipeDown(on: modal)
            return try await test.outcome
        }
        guard case .failed(let error) = outcome else {
            Issue.record("expected the ask to throw")
            return
        }
        #expect(error as? FlowDismissed == FlowDismissed(reason: .byUser))
    }

    @Test func anAskCancelledByTheParentDismissesItsQuestion() async throws {
        try await withParent { parent, _ in
            let modal = ModalPresenter()
            let child = try parent.flow.start(Asking(EmailForm(), on: modal))
            try await modal.waitUntil { $0.top != nil }
            let question = try #require(modal.state.top)

            child.cancel()

            #expect(await child.outcome.ending == .cancelled, "expected the child to end cancelled")
            #expect(question.dismissalReason == .byCoordinator, "the ask removes its question before teardown")
            #expect(!question.isAnswered)
            #expect(modal.modals.isEmpty)
            #expect(parent.flow.state == .running)
        }
    }

    @Test func anAnswerGivenBeforeTheDismissalIsNotLost() async throws {
        let modal = ModalPresenter()
        try await withFlowTest(of: Asking(EmailForm(), on: modal)) { test in
            try await test.answer(EmailForm.self, on: modal, with: "kept")
            // The person swipes it away before the coordinator has read the answer (or after).
            _ = try? await modal.userDismiss()
            #expect(try await test.output == "kept")
        }
    }

    @Test func aKeptScreenStaysAfterItsAnswer() async throws {
        try await withParent { parent, navigation in
            let child = try parent.flow.start(Asking(EmailForm(), on: navigation, then: .keep))
            try await navigation.waitUntil { $0.stack.count == 2 }
            try navigation.stack[1].answer("x")
            #expect(try await child.value == "x")
        }
    }

    @Test func answeringAPresentedScreenThrowsNotAsking() async throws {
        let modal = ModalPresenter()
        try await withFlowTest(of: Branch("plain", on: modal)) { test in
            let plain = try await test.presentation(of: TestScreen.self, on: modal)
            let error = #expect(throws: CoordinatorError.self) { try plain.answer("x") }
            #expect(error?.code == .notAsking)
            try await test.root.done("done")
        }
    }

    @Test func askingAScreenThatAnswersNothingThrowsNotAsking() async throws {
        // Through a generic function too, where nothing tells the compiler.
        @Sendable func askGenerically<S: Screen>(
            _ screen: S, _ flow: Flow<String>, on presenter: ModalPresenter
        ) async throws {
            _ = try await flow.ask(screen, on: presenter)
        }
        try await withParent { parent, _ in
            let modal = ModalPresenter()
            let error = await #expect(throws: CoordinatorError.self) {
                try await askGenerically(TestScreen("silent"), parent.flow, on: modal)
            }
            #expect(error?.code == .notAsking)
            #expect(modal.modals.isEmpty, "nothing was shown")
        }
    }

    @Test func askingOnTheWindowThatShowsYourOwnRootThrowsReplacesOwnMain() async throws {
        let window = SlotPresenter()
        try await withFlowTest(of: Branch("root", on: window)) { test in
            let root = try await test.presentation(of: TestScreen.self, on: window)
            let owner = try test.root
            let error = await #expect(throws: CoordinatorError.self) {
                _ = try await owner.flow.ask(EmailForm(), on: window)
            }
            #expect(error?.code == .replacesOwnMain)
            let auxiliary = await #expect(throws: CoordinatorError.self) {
                try await owner.flow.present(TestScreen("banner"), on: window, role: .auxiliary)
            }
            #expect(auxiliary?.code == .replacesOwnMain)
            #expect(window.presentation == root && root.isPresented, "nothing was replaced")
            try await owner.done("done")
        }
    }

    @Test func answeringAfterTheAskWasCancelledThrowsNotAsking() async throws {
        try await withParent { parent, navigation in
            let asking = Task { try await parent.flow.ask(EmailForm(), on: navigation, then: .keep) }
            try await navigation.waitUntil { $0.stack.count == 2 }
            let form = navigation.stack[1]
            asking.cancel()
            await #expect(throws: CancellationError.self) { try await asking.value }
            let error = #expect(throws: CoordinatorError.self) { try form.answer("too late") }
            #expect(error?.code == .notAsking)
            #expect(!form.isAnswered)
            #expect(form.isPresented, "a kept screen stays with its coordinator")
        }
    }

    /// Asks `question` on a modal, answers it with `wrong` — which must throw
    /// `wrongAnswerType`, naming `answerTypeName` — then with `right`, and returns what the
    /// ask returned.
    private func answerWrongThenRight<Question: Screen>(
        _ question: Question, wrong: some Sendable, naming answerTypeName: String, right: Question.Answer
    ) async throws -> Question.Answer {
        let modal = ModalPresenter()
        return try await withFlowTest(of: Asking(question, on: modal)) { test in
            let shown = try await test.presentation(of: Question.self, on: modal)
            let error = #expect(throws: CoordinatorError.self) { try shown.answer(wrong) }
            #expect(error?.code == .wrongAnswerType)
            #expect(error?.message.contains(answerTypeName) == true)
            try shown.answer(right)
            return try await test.output
        }
    }

    @Test func answeringWithAnotherTypeThrowsWrongAnswerType() async throws {
        #expect(try await answerWrongThenRight(EmailForm(), wrong: 42, naming: "String", right: "right") == "right")
    }

    /// An answer type that is a protocol: any conforming value is an answer.
    protocol Rating: Sendable { var stars: Int { get } }
    struct Stars: Rating { let stars: Int }
    struct RatingForm: Screen { typealias Answer = any Rating }

    @Test func anExistentialAnswerTypeAcceptsAnyConformingValueAndNothingElse() async throws {
        let answer = try await answerWrongThenRight(RatingForm(), wrong: 5, naming: "Rating", right: Stars(stars: 4))
        #expect(answer.stars == 4)
    }

    @Test func answeringTwiceThrowsAlreadyAnswered() async throws {
        try await withParent { parent, navigation in
            let child = try parent.flow.start(Asking(EmailForm(), on: navigation, then: .keep))
            try await navigation.waitUntil { $0.stack.count == 2 }
            let form = navigation.stack[1]
            try form.answer("first")
            let error = #expect(throws: CoordinatorError.self) { try form.answer("second") }
            #expect(error?.code == .alreadyAnswered)
            #expect(try await child.value == "first")
        }
    }

    @Test func answeringAfterTheDismissalThrowsAlreadyDismissed() async throws {
        let modal = ModalPresenter()
        try await withFlowTest(of: Asking(EmailForm(), on: modal)) { test in
            let question = try await test.presentation(of: EmailForm.self, on: modal)
            try await test.swipeDown(on: modal)
            let error = #expect(throws: CoordinatorError.self) { try question.answer("late") }
            #expect(error?.code == .alreadyDismissed)
        }
    }
}
