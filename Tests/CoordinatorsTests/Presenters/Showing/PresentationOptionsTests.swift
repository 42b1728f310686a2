import Coordinators
import CoordinatorsTesting
import Testing

/// Presentation options: handed to a presenter unchanged by every way of showing a screen,
/// checked before anything is shown, and honoured by the headless presenters.
@Suite(.timeLimit(.minutes(1)))
struct PresentationOptionsTests {
    static let sheet = PresentationOptions(
        style: .sheet, detents: SheetDetents([.medium, .large], selected: .large, showsGrabber: true),
        allowsInteractiveDismissal: false, allowsInteractionBehind: true)

    struct Question: Screen {
        typealias Answer = Int
    }

    @Test func aPresentersCheckRunsForEveryPresentationWhoseOptionsAreNotAutomatic() async throws {
        let presenter = OptionsRecordingPresenter()
        try await withFlowTest(
            of: ClosureCoordinator { flow in
                try await flow.present(TestScreen("plain"), on: presenter)
                try await flow.present(TestScreen("filters"), on: presenter, options: Self.sheet)
            }
        ) { test in
            _ = try await test.outcome
        }
        #expect(presenter.received.filter { $0.kind == .present }.map(\.screen) == ["plain", "filters"])
        #expect(presenter.checked == [Self.sheet], "no check for .automatic, the presenter's own way")
    }

    @Test func optionsReachAUsersOwnPresenterUnchangedFromPresentAndAsk() async throws {
        let presenter = OptionsRecordingPresenter()
        let cover = PresentationOptions(style: .fullScreenCover)
        try await withFlowTest(
            of: ClosureCoordinator { flow -> Int in
                try await flow.present(TestScreen("filters"), on: presenter, options: Self.sheet)
                return try await flow.ask(Question(), on: presenter, options: cover)
            }
        ) { test in
            try await test.answer(Question.self, on: presenter.surface, with: 3)
            #expect(try await test.output == 3)
        }
        #expect(presenter.received.map(\.options) == [Self.sheet, cover, cover, Self.sheet])
        #expect(presenter.received.map(\.kind) == [.present, .present, .dismiss, .dismiss])
    }

    /// A routed coordinator whose route shows a sheet, and a child run as a sheet.
    actor Filters: Routable {
        enum Route: Hashable, Sendable { case list, filters }
        let flow = Flow<Void>()
        let presenter: OptionsRecordingPresenter
        init(presenter: OptionsRecordingPresenter) { self.presenter = presenter }

        func start() async throws {
            try await go(.forward(to: .list))
            try await go(.forward(to: .filters))
            _ = try await flow.run(
                ClosureCoordinator { [presenter] flow -> Int in
                    try await flow.present(TestScreen("child's first"), on: presenter)
                    try await flow.present(TestScreen("child's second"), on: presenter)
                    return 0
                }, options: PresentationOptionsTests.sheet)
        }

        func destination(for route: Route) -> Destination? {
            switch route {
            case .list: .screen(TestScreen("list"), on: presenter)
            case .filters: .screen(TestScreen("filters"), on: presenter, options: PresentationOptionsTests.sheet)
            }
        }
    }

    @Test func optionsReachTheirPresenterFromARouteAndFromAChildRunWithThem() async throws {
        let presenter = OptionsRecordingPresenter()
        try await withFlowTest(of: Filters(presenter: presenter)) { test in
            _ = try await test.outcome
        }
        let presented = presenter.received.filter { $0.kind == .present }
        #expect(presented.map(\.screen) == ["list", "filters", "child's first", "child's second"])
        #expect(presented.map(\.options) == [.automatic, Self.sheet, Self.sheet, .automatic])
    }

    @Test func optionsThatContradictThemselvesAreRefusedBeforeAnythingIsShown() async throws {
        let presenter = OptionsRecordingPresenter()
        let contradictions = [
            PresentationOptions(style: .push, detents: SheetDetents([.medium])),
            PresentationOptions(style: .fullScreenCover, detents: SheetDetents([.large])),
            PresentationOptions(detents: SheetDetents([])),
            PresentationOptions(detents: SheetDetents([.medium], selected: .large)),
            PresentationOptions(detents: SheetDetents([.fraction(1.5)])),
            PresentationOptions(detents: SheetDetents([.height(0)])),
        ]
        for options in contradictions {
            let error = try await withFlowTest(
                of: ClosureCoordinator { flow -> CoordinatorError? in
                    do {
                        try await flow.present(TestScreen("sheet"), on: presenter, options: options)
                        return nil
                    } catch let error as CoordinatorError {
                        #expect(flow.presentations.isEmpty)
                        return error
                    }
                }
            ) { test in try await test.output }
            #expect(error?.code == .invalidOptions, "\(options)")
        }
        #expect(presenter.received.isEmpty)
    }

    @Test func aPresenterThatCannotHonourAnOptionRefusesItBeforeAnythingIsShown() async throws {
        let presenter = OptionsRecordingPresenter()
        let navigation = NavigationPresenter()
        let window = SlotPresenter()
        let modal = ModalPresenter()
        let cases: [(any Presenter, PresentationOptions)] = [
            (presenter, PresentationOptions(style: .popover(anchor: "filter button"))),
            (navigation, PresentationOptions(style: .sheet)),
            (navigation, PresentationOptions(detents: SheetDetents([.medium]))),
            (window, PresentationOptions(style: .fullScreenCover)),
            (modal, PresentationOptions(style: .push)),
        ]
        for (surface, options) in cases {
            let error = try await withFlowTest(
                of: ClosureCoordinator { flow -> CoordinatorError? in
                    do {
                        try await flow.present(TestScreen("screen"), on: surface, options: options)
                        return nil
                    } catch let error as CoordinatorError {
                        return error
                    }
                }
            ) { test in try await test.output }
            #expect(error?.code == .unsupportedOptions, "\(options) on \(surface)")
        }
        #expect(presenter.received.isEmpty)
        #expect(navigation.state.revision == 0 && window.state.revision == 0 && modal.state.revision == 0)
    }

    /// Goes forward to a sheet its stack cannot show; returns the error and what the stack
    /// showed then.
    actor WrongSurface: Routable {
        enum Route: Hashable, Sendable { case home, sheet }
        let flow = Flow<(CoordinatorError?, [String])>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws -> (CoordinatorError?, [String]) {
            try await go(.forward(to: .home))
            do {
                try await go(.forward(to: .sheet))
                return (nil, navigation.state.screenNames)
            } catch let error as CoordinatorError {
                return (error, navigation.state.screenNames)
            }
        }

        func destination(for route: Route) -> Destination? {
            switch route {
            case .home: .screen(TestScreen("home"), on: navigation)
            case .sheet: .screen(TestScreen("sheet"), on: navigation, options: PresentationOptions(style: .sheet))
            }
        }
    }

    @Test func aRouteWithOptionsItsPresenterCannotHonourMovesNothing() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: WrongSurface(navigation: navigation), atEnd: .expectEnded) { test in
            let (error, shown) = try await test.output
            #expect(error?.code == .unsupportedOptions)
            #expect(shown == ["home"])
        }
    }

    @Test func aScreenThatDoesNotAllowInteractiveDismissalRefusesAPersonsGestures() async throws {
        let navigation = NavigationPresenter()
        let modal = ModalPresenter()
        let locked = PresentationOptions(allowsInteractiveDismissal: false)
        try await withFlowTest(
            of: ClosureCoordinator { flow -> String in
                try await flow.present(TestScreen("home"), on: navigation)
                try await flow.present(TestScreen("payment"), on: navigation, role: .auxiliary, options: locked)
                try await flow.present(TestScreen("receipt"), on: modal, role: .auxiliary, options: locked)
                return try await flow.finished
            }
        ) { test in
            _ = try await test.presentation(of: TestScreen.self, on: modal)
            #expect(try await modal.userDismiss() == false)
            #expect(try await navigation.userPop() == false)
            let refused = await #expect(throws: FlowTestFailure.self) { try await test.swipeDown(on: modal) }
            #expect(refused?.kind == .gestureRefused)
            #expect(modal.state.screenNames == ["receipt"])
            #expect(navigation.state.screenNames == ["home", "payment"])
            try test.root.flow.finish(with: "done")
        }
    }

    @Test func aChildRunWithOptionsGivesThemToItsMainScreenNotToAnAuxiliaryOneItShowsFirst() async throws {
        let presenter = OptionsRecordingPresenter()
        try await withFlowTest(
            of: ClosureCoordinator { flow -> Int in
                try await flow.run(
                    ClosureCoordinator { flow -> Int in
                        try await flow.present(TestScreen("tip"), on: presenter, role: .auxiliary)
                        try await flow.present(TestScreen("main"), on: presenter)
                        return 0
                    }, options: Self.sheet)
            }
        ) { test in _ = try await test.output }
        let presented = presenter.received.filter { $0.kind == .present }
        #expect(presented.map(\.screen) == ["tip", "main"])
        #expect(presented.map(\.options) == [.automatic, Self.sheet])
    }
}
