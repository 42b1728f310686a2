import Coordinators
import Testing

/// `ModalPresenter`: present over, dismiss with what lies above, swipe down.
@Suite(.timeLimit(.minutes(1)))
struct ModalPresenterTests {
    private func withModals(
        _ screens: [String],
        _ body: (ModalPresenter, Branch, [Presentation]) async throws -> Void
    ) async throws {
        let modal = ModalPresenter()
        let owner = Branch(screens[0], on: modal)
        async let result = CoordinatorTree().runForOutcome(owner)
        try await modal.waitUntil { $0.modals.count == 1 }
        for name in screens.dropFirst() {
            try await owner.flow.present(TestScreen(name), on: modal, role: .auxiliary)
        }
        try await body(modal, owner, modal.modals)
        if owner.flow.state == .running { try await owner.done("done") }
        _ = await result
        #expect(modal.modals.isEmpty)
    }

    @Test func presentStacksModalsOverEachOther() async throws {
        try await withModals(["sheet", "alert"]) { modal, _, modals in
            #expect(modal.state.screenNames == ["sheet", "alert"])
            #expect(modal.state.top == modals[1])
        }
    }

    @Test func userDismissRemovesTheTopByUser() async throws {
        try await withModals(["sheet", "alert"]) { modal, owner, modals in
            try await modal.userDismiss()
            #expect(modals[1].dismissalReason == .byUser)
            #expect(owner.flow.state == .running)
        }
    }

    @Test func dismissingAModalAlsoDismissesWhatIsPresentedOverIt() async throws {
        try await withModals(["sheet", "picker", "alert"]) { modal, owner, modals in
            try await owner.flow.dismiss(modals[1])
            #expect(modal.state.screenNames == ["sheet"])
            #expect(modals[1].dismissalReason == .byCoordinator)
            #expect(modals[2].dismissalReason == .byCoordinator)
        }
    }

    @Test func swipingDownTheMainModalEndsItsCoordinator() async throws {
        try await withModals(["sheet"]) { modal, owner, _ in
            try await modal.userDismiss()
            await #expect(throws: FlowDismissed(reason: .byUser)) { _ = try await owner.flow.finished }
        }
    }
}
