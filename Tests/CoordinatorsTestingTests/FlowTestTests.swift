import Coordinators
import CoordinatorsTesting
import Testing

/// The kit used as users use it: a flow end to end, answers, taps, swipes, a timeout.
@Suite(.timeLimit(.minutes(1)))
struct FlowTestTests {
    @Test func aFlowEndToEnd() async throws {
        let navigation = NavigationPresenter()
        let user = try await withFlowTest(of: AppFlow(navigation: navigation)) { test in
            try await test.answer(LoginScreen.self, on: navigation, with: "ada")
            try await test.tap(HomeScreen.self, on: navigation) { home in try await home.openDetails() }
            _ = try await test.screen(DetailScreen.self, on: navigation)
            try await test.swipeBack(on: navigation)
            try await test.ended(DetailsFlow.self)
            try await test.tap(HomeScreen.self, on: navigation) { home in try await home.signOut() }
            return try await test.output
        }
        #expect(user == User(name: "ada"))
    }

    @Test func aTappedActionRunsWhileTheTestGoesOn() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: AppFlow(navigation: navigation)) { test in
            try await test.answer(LoginScreen.self, on: navigation, with: "ada")
            let details = try await test.tap(HomeScreen.self, on: navigation) { try await $0.runDetails() }
            _ = try await test.screen(DetailScreen.self, on: navigation)
            try await test.swipeBack(on: navigation)
            await #expect(throws: FlowDismissed(reason: .byUser)) { try await details.value }
            try await test.tap(HomeScreen.self, on: navigation) { try await $0.signOut() }
        }
    }

    @Test func endedWaitsForTheCoordinatorAskedFor() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: AppFlow(navigation: navigation)) { test in
            try await test.answer(LoginScreen.self, on: navigation, with: "ada")
            for _ in 1...2 {
                try await test.tap(HomeScreen.self, on: navigation) { try await $0.openDetails() }
                let details = try await test.coordinator(DetailsFlow.self)
                _ = try await test.screen(DetailScreen.self, on: navigation)
                try await test.swipeBack(on: navigation)
                let end = try await test.ended(details)
                #expect(end.kind == .endedByDismissal(.byUser))
            }
            #expect(try await test.ended(DetailsFlow.self).coordinator.rawValue == 4, "the first one that ended")
            try await test.tap(HomeScreen.self, on: navigation) { try await $0.signOut() }
        }
    }

    @Test func selectingATabByTitle() async throws {
        let tabs = TabPresenter(items: [
            TabItem(title: "Home", content: .stack), TabItem(title: "Details", content: .stack),
        ])
        try await withFlowTest(
            of: ClosureCoordinator<Void> { flow in
                try await flow.present(DetailScreen(), on: tabs.presenter(forTab: 1))
                try await flow.finished
            }
        ) { test in
            _ = try await test.screen(DetailScreen.self, on: tabs)
            try await test.selectTab(titled: "Details", on: tabs)
            try await test.tap(DetailScreen.self, on: tabs) { _ in try test.root.flow.finish() }
        }
    }

    @Test func findsARunningCoordinatorByType() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: AppFlow(navigation: navigation)) { test in
            try await test.answer(LoginScreen.self, on: navigation, with: "ada")
            try await test.coordinator(AppFlow.self).openDetails()
            let details = try await test.coordinator(DetailsFlow.self)
            #expect(details.navigation === navigation)
            try await test.coordinator(AppFlow.self).signOut()
            _ = try await test.output
        }
    }

    @Test func aTimeoutDrivenByTheManualClock() async throws {
        let modal = ModalPresenter()
        let result = try await withFlowTest(of: TimedSignIn(modal: modal)) { test in
            _ = try await test.screen(LoginScreen.self, on: modal)
            try await test.advanceClock(by: .seconds(30))  // once the timeout's timer sleeps
            return try await test.output
        }
        #expect(result == "timed out after 30.0 seconds")
    }

    @Test func environmentOverridesReachTheFlow() async throws {
        let clock = ManualClock()
        var environment = FlowEnvironment()
        environment.clock = clock
        let seen = try await withFlowTest(
            of: ClosureCoordinator<Bool> { flow in try flow.environment.clock as? ManualClock === clock },
            environment: environment
        ) { test in try await test.output }
        #expect(seen)
    }

    @Test func cancellingTheTreeAtTheEnd() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: DetailsFlow(navigation: navigation), atEnd: .cancelTree) { test in
            _ = try await test.screen(DetailScreen.self, on: navigation)
        }
        #expect(navigation.stack.isEmpty)
    }

    @Test func exhaustiveEventAssertions() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: DetailsFlow(navigation: navigation), exhaustivity: .on, atEnd: .cancelTree) {
            test in
            try await test.expectEvents([
                "DetailsFlow #1 started",
                "DetailsFlow #1 presented p2 DetailScreen (main) on NavigationPresenter",
            ])
            test.tree.cancel()
            try await test.expectEvents([
                "DetailsFlow #1 dismissed p2 DetailScreen (main) on NavigationPresenter (tornDown)",
                "DetailsFlow #1 cancelled",
            ])
        }
    }

    @Test func eventsAmongOthers() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: AppFlow(navigation: navigation)) { test in
            try await test.answer(LoginScreen.self, on: navigation, with: "ada")
            try await test.expectEvents([
                "AppFlow #1 started", "AppFlow #1 presented p3 HomeScreen on NavigationPresenter",
            ])
            try await test.coordinator(AppFlow.self).signOut()
            try await test.expectEvents(["AppFlow #1 finished"])
        }
    }

    @Test func aBeganSwipeAbandonedChangesNothing() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: AppFlow(navigation: navigation)) { test in
            try await test.answer(LoginScreen.self, on: navigation, with: "ada")
            try await test.tap(HomeScreen.self, on: navigation) { try await $0.openDetails() }
            _ = try await test.screen(DetailScreen.self, on: navigation)
            try test.beginSwipeBack(on: navigation).cancel()
            #expect(navigation.state.screenNames == ["LoginScreen", "HomeScreen", "DetailScreen"])
            try await test.coordinator(AppFlow.self).signOut()
        }
    }

    @Test func selectingATabShowsItsScreenToTap() async throws {
        let tabs = TabPresenter(items: [TabItem(title: "Home"), TabItem(title: "Details")])
        try await withFlowTest(
            of: ClosureCoordinator<Void> { flow in
                try await flow.present(LoginScreen(), on: tabs.presenter(forTab: 0))
                try await flow.present(DetailScreen(), on: tabs.presenter(forTab: 1), role: .auxiliary)
                try await flow.finished
            }
        ) { test in
            _ = try await test.screen(DetailScreen.self, on: tabs)
            try await test.selectTab(1, on: tabs)
            try await test.tap(DetailScreen.self, on: tabs) { _ in try test.root.flow.finish() }
        }
        #expect(tabs.state.presentations.isEmpty)
    }

    @Test func aClosureCoordinatorAsATestDouble() async throws {
        let modal = ModalPresenter()
        let answer = try await withFlowTest(
            of: ClosureCoordinator<String> { flow in
                try await flow.run(ClosureCoordinator { child in try await child.ask(LoginScreen(), on: modal) })
            }
        ) { test in
            try await test.answer(LoginScreen.self, on: modal, with: "grace")
            return try await test.output
        }
        #expect(answer == "grace")
    }
}
