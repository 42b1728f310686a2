import Coordinators
import Testing

/// `SlotPresenter`: one screen, replaced as a whole.
@Suite(.timeLimit(.minutes(1)))
struct SlotPresenterTests {
    /// The app: onboarding (with a sign-in child pushed on its own stack) until the person
    /// signs in, then home — both as the window's root.
    actor App: Coordinator {
        let flow = Flow<Void>()
        let window: SlotPresenter
        let onboarding: Onboarding
        init(window: SlotPresenter, onboarding: Onboarding) {
            self.window = window
            self.onboarding = onboarding
        }

        func start() async throws {
            let child = try flow.start(onboarding)
            try await onboarding.journal.waitUntil { $0.contains(.finishing("onboarding")) }
            try await flow.present(TestScreen("home"), on: window)
            _ = await child.outcome
            onboarding.journal.record(.ended("onboarding", await child.outcome.ending))
            try await flow.finished
        }
    }

    /// Shows its screen as the window's root and runs a sign-in child on a stack.
    actor Onboarding: Coordinator {
        let flow = Flow<Void>()
        let window: SlotPresenter
        let stack = NavigationPresenter(name: "onboarding stack")
        let journal = Journal()
        init(window: SlotPresenter) { self.window = window }

        func start() async throws {
            try await flow.present(TestScreen("welcome"), on: window)
            try flow.start(
                Branch("sign in", on: stack, children: [Branch("2FA", on: stack, journal: journal)], journal: journal))
            try await flow.finished
        }

        /// The person signed in: the app ends onboarding, showing home in its place.
        func signedIn() { journal.record(.finishing("onboarding")) }
    }

    @Test func replacingTheRootAfterLoginDismissesTheWholeOnboardingTree() async throws {
        let window = SlotPresenter(name: "window")
        let onboarding = Onboarding(window: window)
        let tree = CoordinatorTree()
        async let outcome = tree.runForOutcome(App(window: window, onboarding: onboarding))
        try await onboarding.stack.waitUntil { $0.stack.count == 2 }
        let welcome = try #require(window.presentation)
        let signIn = onboarding.stack.stack

        await onboarding.signedIn()

        try await onboarding.journal.waitUntil { $0.ending(of: "onboarding") != nil }
        #expect(onboarding.journal.all.contains(.ended("onboarding", .dismissed(.replaced))))
        #expect(window.state.screenNames == ["home"])
        #expect(welcome.dismissalReason == .replaced)
        #expect(signIn.map(\.dismissalReason) == [.tornDown, .tornDown], "its subtree is torn down with it")
        #expect(onboarding.stack.stack.isEmpty)
        // Released too (a leak fails the suite's time limit).
        try await onboarding.journal.waitUntil {
            $0.contains(.deinitialized("2FA")) && $0.contains(.deinitialized("sign in"))
        }
        tree.cancel()
        _ = await outcome
        #expect(window.presentation == nil)
    }

    @Test func aCoordinatorReplacingItsOwnRootGoesOn() async throws {
        let window = SlotPresenter(name: "window")
        let app = Branch("splash", on: window)
        async let outcome = CoordinatorTree().runForOutcome(app)
        try await window.waitUntil { $0.screenNames == ["splash"] }
        let splash = try #require(window.presentation)
        let revision = window.state.revision

        let home = try await app.flow.present(TestScreen("home"), on: window)

        #expect(window.state.screenNames == ["home"])
        #expect(window.state.revision == revision + 1)
        #expect(splash.dismissalReason == .replaced)
        #expect(home.isMain, "the new root takes over the main role")
        #expect(app.flow.state == .running)
        try await app.flow.dismiss(home)
        #expect(window.presentation == nil)
        #expect(
            await outcome.ending == .dismissed(.byCoordinator), "dismissing its only main screen ends the coordinator")
    }

    @Test func replacingAnotherCoordinatorsRootEndsIt() async throws {
        let window = SlotPresenter(name: "window")
        let shell = ModalPresenter()
        let parent = Branch("shell", on: shell)
        async let outcome = CoordinatorTree().runForOutcome(parent)
        try await shell.waitUntil { $0.top != nil }
        let first = try parent.flow.start(Branch("first", on: window))
        try await window.waitUntil { $0.screenNames == ["first"] }
        let second = try parent.flow.start(Branch("second", on: window))
        #expect(
            await first.outcome.ending == .dismissed(.replaced),
            "the replaced root's coordinator ends as dismissed(replaced)")
        #expect(window.state.screenNames == ["second"])
        #expect(second.state == .running)
        try await parent.done("done")
        _ = await outcome
        #expect(window.presentation == nil)
    }
}
