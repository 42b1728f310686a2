import Coordinators
import CoordinatorsTesting
import Testing

/// Alerts and confirmation dialogs: `flow.ask` returns the tapped button's value; a person's
/// dismissal without a button answers the cancel button's; without one, it is refused.
@Suite(.timeLimit(.minutes(1)))
struct AlertTests {
    enum Choice: Sendable, Equatable { case delete, keep, archive }

    static let deleteDraft = Alert(
        title: "Delete draft?", message: "It cannot be undone.",
        buttons: [AlertButton("Delete", role: .destructive, value: Choice.delete), .cancel(value: Choice.keep)])

    static func asking<S: Screen>(_ screen: S, on modal: ModalPresenter) -> ClosureCoordinator<S.Answer> {
        ClosureCoordinator { flow in try await flow.ask(screen, on: modal) }
    }

    @Test func aTappedButtonAnswersItsValueByTitleOrByRole() async throws {
        let modal = ModalPresenter()
        try await withFlowTest(of: Self.asking(Self.deleteDraft, on: modal)) { test in
            try await test.tap(button: "Delete", on: modal)
            #expect(try await test.output == .delete)
        }
        try await withFlowTest(of: Self.asking(Self.deleteDraft, on: modal)) { test in
            try await test.tap(button: .cancel, on: modal)
            #expect(try await test.output == .keep)
        }
        #expect(modal.state.modals.isEmpty)
    }

    @Test func anAlertDismissedWithoutAButtonAnswersTheCancelValue() async throws {
        let modal = ModalPresenter()
        try await withFlowTest(of: Self.asking(Self.deleteDraft, on: modal)) { test in
            let alert = try await test.presentation(of: Alert<Choice>.self, on: modal)
            #expect(alert.options.allowsInteractiveDismissal)
            try await test.swipeDown(on: modal)
            #expect(try await test.output == .keep)
        }
    }

    @Test func anAlertWithoutACancelButtonRefusesTheSwipeAndWaitsForAButton() async throws {
        let modal = ModalPresenter()
        let mustChoose = Alert(
            title: "Your session ended",
            buttons: [AlertButton("Sign In", value: Choice.keep), AlertButton("Archive", value: Choice.archive)])
        try await withFlowTest(of: Self.asking(mustChoose, on: modal)) { test in
            let alert = try await test.presentation(of: Alert<Choice>.self, on: modal)
            #expect(!alert.options.allowsInteractiveDismissal)
            let refused = await #expect(throws: FlowTestFailure.self) { try await test.swipeDown(on: modal) }
            #expect(refused?.kind == .gestureRefused)
            #expect(alert.isPresented)
            try await test.tap(button: "Archive", on: modal)
            #expect(try await test.output == .archive)
        }
    }

    @Test func aDestructiveConfirmationIsTappedByRoleAndItsSwipeAnswersCancel() async throws {
        let modal = ModalPresenter()
        let dialog = ConfirmationDialog(
            title: "Sign out?",
            buttons: [AlertButton("Sign Out", role: .destructive, value: true), .cancel("Stay", value: false)])
        try await withFlowTest(of: Self.asking(dialog, on: modal)) { test in
            let shown = try await test.screen(ConfirmationDialog<Bool>.self, on: modal)
            #expect(shown.buttons.map(\.role) == [.destructive, .cancel])
            try await test.tap(button: .destructive, on: modal)
            #expect(try await test.output == true)
        }
        try await withFlowTest(of: Self.asking(dialog, on: modal)) { test in
            _ = try await test.screen(ConfirmationDialog<Bool>.self, on: modal)
            try await test.swipeDown(on: modal)
            #expect(try await test.output == false)
        }
    }

    @Test func anAlertNoOneCouldAnswerIsRefusedBeforeAnythingIsShown() async throws {
        let modal = ModalPresenter()
        let unanswerable = [
            Alert<Choice>(title: "No buttons", buttons: []),
            Alert(title: "Two cancels", buttons: [.cancel(value: Choice.keep), .cancel("Back", value: Choice.keep)]),
        ]
        for alert in unanswerable {
            let error = try await withFlowTest(
                of: ClosureCoordinator { flow -> CoordinatorError? in
                    do {
                        _ = try await flow.ask(alert, on: modal)
                        return nil
                    } catch let error as CoordinatorError {
                        return error
                    }
                }
            ) { test in try await test.output }
            #expect(error?.code == .invalidAlert, "\(alert.title)")
        }
        #expect(modal.state.revision == 0)
    }

    /// An alert of a user's own whose cancel button answers a value of the wrong type.
    struct MistypedAlert: AlertContent {
        typealias Answer = Int
        var alertTitle: String? { "Mistyped" }
        var alertMessage: String? { nil }
        var isConfirmationDialog: Bool { false }
        var buttonLabels: [(title: String, role: AlertButtonRole)] { [("Cancel", .cancel)] }
        func answer(forButtonAt index: Int) -> any Sendable { "not an Int" }
    }

    @Test func aUsersOwnAlertWhoseCancelValueHasTheWrongTypeThrowsWrongAnswerType() async throws {
        let modal = ModalPresenter()
        let error = try await withFlowTest(
            of: ClosureCoordinator { flow -> CoordinatorError? in
                do {
                    _ = try await flow.ask(MistypedAlert(), on: modal)
                    return nil
                } catch let error as CoordinatorError {
                    return error
                }
            }
        ) { test in
            _ = try await test.presentation(of: MistypedAlert.self, on: modal)
            try await test.swipeDown(on: modal)
            return try await test.output
        }
        #expect(error?.code == .wrongAnswerType)
    }
}
