import Coordinators
import CoordinatorsTesting
import Testing

/// The router of a coordinator that is not `Routable`: its screens' actions and flow events,
/// and no routes.
@Suite(.timeLimit(.minutes(1)))
struct RouterWithoutRoutesTests {
    /// An event-style step: its screen submits an email through the router.
    actor EmailStep: Coordinator {
        enum ScreenAction: Sendable { case submit(String) }
        struct EmailScreen: Screen { let router: Router<Never, ScreenAction> }

        let flow = Flow<String>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws -> String {
            try await flow.present(EmailScreen(router: router), on: navigation)
            return try await flow.finished
        }

        func perform(_ action: ScreenAction) async throws {
            switch action {
            case .submit(let email): try flow.finish(with: email)
            }
        }
    }

    @Test func aScreenOfACoordinatorWithoutRoutesPerformsItsActions() async throws {
        let navigation = NavigationPresenter()
        let email = try await withFlowTest(of: EmailStep(navigation: navigation)) { test in
            let screen = try await test.screen(EmailStep.EmailScreen.self, on: navigation)
            screen.router.perform(.submit("ada@example.com"))  // a button: returns at once
            return try await test.output
        }
        #expect(email == "ada@example.com")
    }

    @Test func goingThroughTheRouterOfACoordinatorWithoutRoutesIsNoRoute() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: EmailStep(navigation: navigation), atEnd: .cancelTree) { test in
            let screen = try await test.screen(EmailStep.EmailScreen.self, on: navigation)
            let error = await #expect(throws: CoordinatorError.self) { try await screen.router.go(.backOne).value }
            #expect(error?.code == .noRoute)
            #expect(error?.message.contains("is not Routable") == true)
        }
    }
}
