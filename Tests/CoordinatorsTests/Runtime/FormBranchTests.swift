import Coordinators
import CoordinatorsTesting
import Testing

/// A form whose body takes another branch after a step back: the screen that now stands at a
/// step's place is not handed the answer another screen gave there.
@Suite(.timeLimit(.minutes(1)))
struct FormBranchTests {
    /// How to sign in: "email" or "phone".
    struct MethodScreen: Screen { typealias Answer = String }
    struct EmailScreen: Screen {
        typealias Answer = String
        var last: String?
    }
    struct PhoneScreen: Screen {
        typealias Answer = String
        var last: String?
    }

    /// How the person signs in (email or phone), then their address there, then a confirmation.
    actor SignIn: Coordinator {
        let flow = Flow<String>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws -> String {
            try await flow.form(on: navigation) { form in
                let method = try await form.ask(MethodScreen())
                let address =
                    if method == "email" {
                        try await form.ask { last in EmailScreen(last: last) }
                    } else {
                        try await form.ask { last in PhoneScreen(last: last) }
                    }
                let confirmed = try await form.ask(MethodScreen())
                return "\(address) \(confirmed)"
            }
        }
    }

    @Test func anotherScreenAtAStepsPlaceStartsEmpty() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: SignIn(navigation: navigation), atEnd: .cancelTree) { test in
            try await test.answer(MethodScreen.self, on: navigation, with: "email")
            try await test.answer(EmailScreen.self, on: navigation, with: "ada@example.com")
            _ = try await test.presentation(of: MethodScreen.self, on: navigation) { _ in navigation.stack.count == 3 }
            try await test.swipeBack(on: navigation)  // back to the email
            try await test.swipeBack(on: navigation)  // back to the method: the phone, this time
            try await test.answer(MethodScreen.self, on: navigation, with: "phone")
            let phone = try await test.screen(PhoneScreen.self, on: navigation)
            #expect(phone.last == nil, "not the email another screen gave in this place")
        }
    }

    @Test func theSameScreenAtAStepsPlaceGetsItsLastAnswer() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: SignIn(navigation: navigation), atEnd: .cancelTree) { test in
            try await test.answer(MethodScreen.self, on: navigation, with: "email")
            try await test.answer(EmailScreen.self, on: navigation, with: "ada@example.com")
            _ = try await test.presentation(of: MethodScreen.self, on: navigation) { _ in navigation.stack.count == 3 }
            try await test.swipeBack(on: navigation)  // back to the email
            try await test.swipeBack(on: navigation)  // back to the method: the email again
            try await test.answer(MethodScreen.self, on: navigation, with: "email")
            let email = try await test.screen(EmailScreen.self, on: navigation)
            #expect(email.last == "ada@example.com", "the same screen, pushed anew, shows what was entered")
        }
    }
}
