import Coordinators
import CoordinatorsTesting
import XCTest

/// The kit from XCTest: its failures are thrown errors, which XCTest reports as well.
final class XCTestUsageTests: XCTestCase {
    func testAFlowEndToEnd() async throws {
        let navigation = NavigationPresenter()
        let user = try await withFlowTest(of: AppFlow(navigation: navigation)) { test in
            try await test.answer(LoginScreen.self, on: navigation, with: "ada")
            try await test.tap(HomeScreen.self, on: navigation) { try await $0.signOut() }
            return try await test.output
        }
        XCTAssertEqual(user, User(name: "ada"))
    }

    func testAFailureIsAThrownError() async throws {
        do {
            try await withFlowTest(of: LeakingFlow()) { test in try await test.output }
            XCTFail("the leak was not reported")
        } catch let failure as FlowTestFailure {
            XCTAssertEqual(failure.kind, .leaked)
        }
    }
}
