import Coordinators
import CoordinatorsTesting
import Testing

/// A sheet's detents: the selected one kept on the presentation, a person's drag reported by
/// the presenter, observed as an event and awaited by the coordinator.
@Suite(.timeLimit(.minutes(1)))
struct SheetDetentTests {
    static let sheet = PresentationOptions(style: .sheet, detents: SheetDetents([.medium, .large], showsGrabber: true))

    /// Shows a sheet and returns the detent it rests at once a person drags it to large.
    static func waitsForLarge(on modal: ModalPresenter) -> ClosureCoordinator<SheetDetents.Detent> {
        ClosureCoordinator { flow in
            let sheet = try await flow.present(TestScreen("filters"), on: modal, options: sheet)
            return try await sheet.waitForDetent { $0 == .large }
        }
    }

    @Test func aDetentADraggedSheetRestsAtIsObservedAndAwaited() async throws {
        let modal = ModalPresenter()
        try await withFlowTest(of: Self.waitsForLarge(on: modal)) { test in
            let sheet = try await test.presentation(of: TestScreen.self, on: modal)
            #expect(sheet.selectedDetent == .medium)
            #expect(sheet.options == Self.sheet)
            try test.dragSheet(to: .large, on: modal)
            #expect(try await test.output == .large)
            #expect(sheet.selectedDetent == .large)
            #expect(
                test.events.contains {
                    if case .detentChanged(let info, .large) = $0.kind { info.id == sheet.id } else { false }
                })
        }
    }

    @Test func aDragMadeBeforeTheCoordinatorWaitsIsNotMissed() async throws {
        let modal = ModalPresenter()
        let gate = Gate()
        try await withFlowTest(
            of: ClosureCoordinator { flow -> SheetDetents.Detent in
                let sheet = try await flow.present(TestScreen("filters"), on: modal, options: Self.sheet)
                await gate.wait()
                return try await sheet.waitForDetent { $0 != .medium }
            }
        ) { test in
            _ = try await test.presentation(of: TestScreen.self, on: modal)
            try test.dragSheet(to: .large, on: modal)
            gate.open()
            #expect(try await test.output == .large)
        }
    }

    @Test func aDragToADetentTheOptionsDoNotListIsRefusedAndOneToWhereItRestsChangesNothing() async throws {
        let modal = ModalPresenter()
        try await withFlowTest(of: Self.waitsForLarge(on: modal)) { test in
            let sheet = try await test.presentation(of: TestScreen.self, on: modal)
            let notListed = #expect(throws: CoordinatorError.self) { try modal.userSelectDetent(.fraction(0.3)) }
            #expect(notListed?.code == .noSuchDetent)
            #expect(try modal.userSelectDetent(.medium) == false)
            let refused = #expect(throws: FlowTestFailure.self) { try test.dragSheet(to: .medium, on: modal) }
            #expect(refused?.kind == .gestureRefused)
            #expect(sheet.selectedDetent == .medium)
            #expect(!test.events.contains { if case .detentChanged = $0.kind { true } else { false } })
            try test.dragSheet(to: .large, on: modal)
            _ = try await test.output
        }
    }

    @Test func waitingOnASheetThatLeavesThrowsAlreadyDismissedAndOneWithoutDetentsNoSuchDetent() async throws {
        let modal = ModalPresenter()
        let left = try await withFlowTest(
            of: ClosureCoordinator { flow -> CoordinatorError? in
                let sheet = try await flow.present(
                    TestScreen("filters"), on: modal, role: .auxiliary, options: Self.sheet)
                do {
                    _ = try await sheet.waitForDetent { $0 == .large }
                    return nil
                } catch let error as CoordinatorError {
                    return error
                }
            }
        ) { test in
            _ = try await test.presentation(of: TestScreen.self, on: modal)
            try await test.swipeDown(on: modal)
            return try await test.output
        }
        #expect(left?.code == .alreadyDismissed)

        let plain = try await withFlowTest(
            of: ClosureCoordinator { flow -> CoordinatorError? in
                let screen = try await flow.present(TestScreen("plain"), on: modal)
                #expect(screen.selectedDetent == nil)
                do {
                    _ = try await screen.waitForDetent { _ in true }
                    return nil
                } catch let error as CoordinatorError {
                    return error
                }
            }
        ) { test in try await test.output }
        #expect(plain?.code == .noSuchDetent)
    }

    @Test func aModalNavigationStacksRootCarriesTheModalsDetents() async throws {
        let modal = ModalNavigationPresenter()
        try await withFlowTest(
            of: ClosureCoordinator { flow -> SheetDetents.Detent in
                let root = try await flow.present(TestScreen("settings"), on: modal, options: Self.sheet)
                try await flow.present(TestScreen("account"), on: modal, role: .auxiliary)
                return try await root.waitForDetent { $0 == .large }
            }
        ) { test in
            _ = try await test.presentation(of: TestScreen.self, on: modal, where: { $0.name == "account" })
            try test.dragSheet(to: .large, on: modal)
            #expect(try await test.output == .large)
        }
    }
}
