import Coordinators
import Testing

/// `SlotPresenter` / `InitialPresenter`: one screen, replaced as a whole.
@Suite(.timeLimit(.minutes(1)))
struct SlotPresenterTests {
    /// The app: onboarding (with a sign-in child pushed on its own stack) until the person
    /// signs in, then home — both as the window's root.
    actor App: Coordinator {
        let flow = Flow<Void>()
        let window: InitialPresenter
        let onboarding: Onboarding
        init(window: InitialPresenter, onboarding: Onboarding) {
            self.window = window
            self.onboarding = onboarding
        }

        func start() async throws {
            let child = try flow.start(onboarding)
            try await onboarding.journal.waitUntil { $0.contains("signed in") }
            try await flow.present(TestScreen("home"), on: window)
            _ = await child.outcome
            onboarding.journal.record("onboarding ended: \(await child.outcome)")
            try await flow.finished
        }
    }

    /// Shows its screen as the window's root and runs a sign-in child on a stack.
    actor Onboarding: Coordinator {
        let flow = Flow<Void>()
        let window: InitialPresenter
        let stack = NavigationPresenter(name: "onboarding stack")
        let journal = Journal()
        init(window: InitialPresenter) { self.window = window }

        func start() async throws {
            try await flow.present(TestScreen("welcome"), on: window)
            try flow.start(
                Branch("sign in", on: stack, children: [Branch("2FA", on: stack, journal: journal)], journal: journal))
            try await flow.finished
        }

        func signedIn() { journal.record("signed in") }
    }

    @Test func replacingTheRootAfterLoginDismissesTheWholeOnboardingTree() async throws {
        let window = InitialPresenter(name: "window")
        let onboarding = Onboarding(window: window)
        let tree = CoordinatorTree()
        async let outcome = tree.runForOutcome(App(window: window, onboarding: onboarding))
        try await onboarding.stack.waitUntil { $0.stack.count == 2 }
        let welcome = try #require(window.presentation)
        let signIn = onboarding.stack.stack

        await onboarding.signedIn()

        try await onboarding.journal.waitUntil { $0.contains { $0.hasPrefix("onboarding ended") } }
        #expect(onboarding.journal.all.contains("onboarding ended: dismissed(replaced)"))
        #expect(window.state.screenName == "home")
        #expect(welcome.dismissalReason == .replaced)
        #expect(signIn.map(\.dismissalReason) == [.tornDown, .tornDown], "its subtree is torn down with it")
        #expect(onboarding.stack.stack.isEmpty)
        // Released too (a leak fails the suite's time limit).
        try await onboarding.journal.waitUntil { $0.contains("deinit 2FA") && $0.contains("deinit sign in") }
        tree.cancel()
        _ = await outcome
        #expect(window.presentation == nil)
    }

    @Test func presentingReplacesAndDismissingEmpties() async throws {
        let slot = SlotPresenter(name: "slot")
        let first = Branch("first", on: slot)
        let tree = CoordinatorTree()
        async let firstOutcome = tree.runForOutcome(first)
        try await slot.waitUntil { $0.screenName == "first" }
        let shown = try #require(slot.presentation)
        let revision = slot.state.revision
        try await first.flow.present(TestScreen("second"), on: slot, role: .auxiliary)
        #expect(slot.state.screenName == "second")
        #expect(slot.state.revision == revision + 1)
        #expect(shown.dismissalReason == .replaced)
        guard case .dismissed(.replaced) = await firstOutcome else {
            Issue.record("the replaced main screen ends its coordinator")
            return
        }
        #expect(slot.presentation == nil, "the second screen was torn down with its owner")
    }
}
