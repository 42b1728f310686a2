import Coordinators
import CoordinatorsTesting
import Testing

/// A person's gestures end exactly the coordinators whose main screen they removed.
@Suite(.timeLimit(.minutes(1)))
struct UserDismissalTests {
    /// A parent that shows "parent" on `navigation`, then runs a `Branch` "child" over it.
    static func childOverParent(on navigation: NavigationPresenter) -> Runs<Branch> {
        Runs(Branch("child", on: navigation), showingFirst: "parent", on: navigation)
    }

    @Test func swipingBackAChildsMainScreenResumesTheParentWithDismissedByUser() async throws {
        let navigation = NavigationPresenter()
        let journal = Journal()
        try await withFlowTest(
            of: Runs(
                Branch("child", on: navigation, children: [Branch("grandchild", on: navigation)], journal: journal),
                showingFirst: "parent", on: navigation)
        ) { test in
            _ = try await test.screen(TestScreen.self, on: navigation, where: { $0.name == "grandchild" })
            let parent = try await test.presentation(
                of: TestScreen.self, on: navigation, where: { $0.name == "parent" })
            try await navigation.userPop(to: parent)  // a long press on back
            let outcome = try await test.output
            #expect(
                outcome.ending == .dismissed(.byUser), "expected the child to end dismissed(byUser), got \(outcome)")
        }  // and the kit checked that the stack is empty and the child released
        #expect(journal.all == [.deinitialized("child")])
    }

    @Test func theBackButtonOnTheChildsOnlyScreenEndsIt() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: Self.childOverParent(on: navigation)) { test in
            _ = try await test.screen(TestScreen.self, on: navigation, where: { $0.name == "child" })
            try await test.swipeBack(on: navigation)
            #expect(try await test.output.ending == .dismissed(.byUser))
        }
    }

    @Test func poppingAScreenThatIsNotMainDoesNotEndItsCoordinator() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: Self.childOverParent(on: navigation)) { test in
            _ = try await test.screen(TestScreen.self, on: navigation, where: { $0.name == "child" })
            let child = try await test.coordinator(Branch.self)
            let detail = try await child.flow.present(TestScreen("detail"), on: navigation, role: .auxiliary)
            try await test.swipeBack(on: navigation)
            #expect(try await detail.dismissal == .byUser)
            #expect(child.flow.state == .running)
            #expect(navigation.state.screenNames == ["parent", "child"])
            try await child.done("kept going")
            #expect(try await test.output.output == "kept going")
        }
    }

    @Test func onlyTheFirstPresentationIsMainByDefault() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: Self.childOverParent(on: navigation)) { test in
            let first = try await test.presentation(of: TestScreen.self, on: navigation, where: { $0.name == "child" })
            let child = try await test.coordinator(Branch.self)
            let second = try await child.flow.present(TestScreen("second"), on: navigation)
            #expect(first.isMain)
            #expect(!second.isMain)
            try await child.done("done")
        }
    }

    /// Fails its first `present`, then shows everything; can report a swipe on anything.
    final class FlakyPresenter: Presenter {
        struct Refused: Error {}
        private let calls = Mutex(0)
        private let shown = Mutex<[Presentation]>([])
        var screens: [Presentation] { shown.withLock { $0 } }

        func present(_ presentation: Presentation, animated: Bool) async throws {
            let call = calls.withLock { count -> Int in
                count += 1
                return count
            }
            if call == 1 { throw Refused() }
            shown.withLock { $0.append(presentation) }
        }
        func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws {
            shown.withLock { $0.removeAll { $0 == presentation } }
        }
        func userRemoves(_ presentation: Presentation) {
            shown.withLock { $0.removeAll { $0 == presentation } }
            presentation.reportDismissal(.byUser)
        }
    }

    /// Regression: a first `present` that threw still spent the main role, so the screen shown
    /// next was not main and a person's swipe of it could not end the coordinator.
    @Test func aFailedFirstPresentationDoesNotSpendTheMainRole() async throws {
        actor RetriesAFailedPresentation: Coordinator {
            let flow = Flow<String>()
            let presenter: FlakyPresenter
            init(_ presenter: FlakyPresenter) { self.presenter = presenter }
            func start() async throws -> String {
                do {
                    try await flow.present(TestScreen("first try"), on: presenter)
                } catch is FlakyPresenter.Refused {
                    try await flow.present(TestScreen("second try"), on: presenter)
                }
                return try await flow.finished
            }
        }
        let presenter = FlakyPresenter()
        let tree = CoordinatorTree()
        var events = tree.events().makeAsyncIterator()
        async let outcome = tree.runForOutcome(RetriesAFailedPresentation(presenter))
        while let event = await events.next() {
            guard case .presented(let info) = event.kind else { continue }
            #expect(info.screen == "second try")
            #expect(info.isMain)
            break
        }
        let shown = try #require(presenter.screens.first)
        presenter.userRemoves(shown)
        // It would hang with no main screen to end it.
        #expect(await outcome.ending == .dismissed(.byUser))
    }

    @Test func swipingDownAModalChildEndsIt() async throws {
        let navigation = NavigationPresenter()
        let modal = ModalPresenter()
        try await withFlowTest(of: Runs(Branch("sheet", on: modal), showingFirst: "home", on: navigation)) { test in
            _ = try await test.screen(TestScreen.self, on: modal)
            try await test.swipeDown(on: modal)
            #expect(try await test.output.ending == .dismissed(.byUser))
        }  // and the kit checked that the modal is empty
    }

    @Test func aCustomPresenterReportsASwipeThroughTheSamePath() async throws {
        let journal = Journal()
        let presenter = RecordingPresenter(journal: journal)
        let host = Runs(Branch("swipeable", on: presenter), showingFirst: "host", on: presenter)
        async let result = CoordinatorTree().run(host)
        try await waitForScreens(2, journal: journal)
        presenter.userRemoves("swipeable")
        #expect(try await result.ending == .dismissed(.byUser))
        // The runtime does not dismiss again what the presenter already removed.
        #expect(!journal.all.contains(.dismissed("swipeable", .tornDown)))
        #expect(journal.all.contains(.dismissed("host", .tornDown)))
    }

    @Test func aSecondReportOfTheSameDismissalChangesNothing() async throws {
        let navigation = NavigationPresenter()
        let child = Branch("child", on: navigation)
        async let result = CoordinatorTree().run(Runs(child, showingFirst: "parent", on: navigation))
        try await navigation.waitUntil { $0.stack.count == 2 }
        let screen = navigation.stack[1]
        #expect(screen.reportDismissal(.byUser))
        #expect(!screen.reportDismissal(.replaced))
        #expect(screen.dismissalReason == .byUser)
        #expect(try await result.ending == .dismissed(.byUser))
    }

    // MARK: A gesture while the screen appears (its presenter's `present` has not returned)

    @Test func swipingBackAScreenWhileItsPushAnimatesEndsItsCoordinator() async throws {
        let navigation = NavigationPresenter()
        let animating = AnimatingPresenter(navigation)
        try await withFlowTest(
            of: Runs(Branch("child", on: animating), showingFirst: "parent", on: navigation)
        ) { test in
            try await navigation.waitUntil { $0.stack.count == 2 }  // on the surface, still appearing
            try await test.swipeBack(on: navigation)  // the screen is on the surface: the swipe is honoured
            #expect(navigation.state.screenNames == ["parent"])
            animating.endAnimation()
            #expect(try await test.output.ending == .dismissed(.byUser))
        }
    }

    @Test func swipingDownAQuestionWhileItAppearsEndsTheAskWithTheDismissal() async throws {
        struct Picker: Screen { typealias Answer = Int }
        let modal = ModalPresenter()
        let animating = AnimatingPresenter(modal)
        let outcome = try await withFlowTest(of: Asking(Picker(), on: animating)) { test in
            try await modal.waitUntil { $0.modals.count == 1 }  // on the surface, still appearing
            try await test.swipeDown(on: modal)
            animating.endAnimation()
            return try await test.outcome
        }  // and the kit checked that the modal is empty
        guard case .failed(let error as FlowDismissed) = outcome else {
            Issue.record("expected the ask to throw FlowDismissed")
            return
        }
        #expect(error.reason == .byUser)
    }

    /// Reports every presentation gone while presenting it, as a UI might if the person
    /// closes a screen during its appearance.
    final class VanishingPresenter: Presenter {
        func present(_ presentation: Presentation, animated: Bool) async throws {
            presentation.reportDismissal(.byUser)
        }
        func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws {}
    }

    /// Regression: a screen its presenter reported dismissed before `present` returned was
    /// still reported as presented.
    @Test func aScreenGoneBeforeItsPresentReturnedIsNotReportedAsPresented() async throws {
        actor ExpectsItsScreenGoneOnArrival: Coordinator {
            let flow = Flow<Void>()
            let presenter: VanishingPresenter
            init(_ presenter: VanishingPresenter) { self.presenter = presenter }
            func start() async throws {
                let screen = try await flow.present(TestScreen("fleeting"), on: presenter)
                #expect(screen.dismissalReason == .byUser)
                try await flow.finished
            }
        }
        let tree = CoordinatorTree()
        let events = tree.events()
        async let log = collect(events)
        let shows = ExpectsItsScreenGoneOnArrival(VanishingPresenter())
        #expect(await tree.runForOutcome(shows).ending == .dismissed(.byUser))
        let kinds = await log.map(\.kind)
        #expect(!kinds.contains { if case .presented = $0 { true } else { false } })
        #expect(kinds.last == .endedByDismissal(.byUser))
    }

    @Test func aSwipeOverAScreenItsCoordinatorIsDismissingRemovesItWithTheCoordinatorsReason() async throws {
        let navigation = NavigationPresenter()
        let animating = AnimatingPresenter(navigation, animatesDismissals: true)
        try await withFlowTest(of: Self.childOverParent(on: navigation)) { test in
            _ = try await test.screen(TestScreen.self, on: navigation, where: { $0.name == "child" })
            let child = try await test.coordinator(Branch.self)
            animating.endAnimation()  // presents at once; dismissals wait for the test
            let detail = try await child.flow.present(TestScreen("detail"), on: animating, role: .auxiliary)
            async let dismissed: Void = child.flow.dismiss(detail)
            await animating.waitForDismissal()
            // The coordinator's dismissal is under way, the screen still on the surface.
            #expect(navigation.state.screenNames == ["parent", "child", "detail"])
            try await test.swipeBack(on: navigation)
            animating.endDismissalAnimation()
            try await dismissed
            #expect(detail.dismissalReason == .byCoordinator)
            #expect(navigation.state.screenNames == ["parent", "child"])
            try await child.done("kept going")
            #expect(try await test.output.output == "kept going")
        }
    }

    @Test func aLongPressBackToAScreenThatHasLeftChangesNothing() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: Branch("root", on: navigation)) { test in
            _ = try await test.screen(TestScreen.self, on: navigation)
            let child = Branch("child", on: navigation)  // the body's: released when it returns
            let handle = try test.root.flow.start(child)
            let childScreen = try await test.presentation(
                of: TestScreen.self, on: navigation, where: { $0.name == "child" })
            try await child.flow.present(TestScreen("detail"), on: navigation, role: .auxiliary)
            // The person long-presses back towards the child's screen just as the child ends.
            try await child.done("ended")
            _ = await handle.outcome
            #expect(try await !navigation.userPop(to: childScreen))
            #expect(navigation.state.screenNames == ["root"])
            try await test.root.done("done")
        }
    }

    @Test func aConfirmationSetWhileTheSwipeIsAskedIsAskedToo() async throws {
        let navigation = NavigationPresenter()
        let asked = Journal()
        try await withFlowTest(of: Self.childOverParent(on: navigation)) { test in
            let screen = try await test.presentation(of: TestScreen.self, on: navigation, where: { $0.name == "child" })
            // The first confirmation agrees, but sets a second one before it returns (the
            // coordinator changed its mind meanwhile); the second refuses.
            screen.setUserDismissalConfirmation {
                asked.record(.asked("first"))
                screen.setUserDismissalConfirmation {
                    asked.record(.asked("second"))
                    return false
                }
                return true
            }
            #expect(try await !navigation.userPop())
            #expect(asked.all == [.asked("first"), .asked("second")])
            #expect(navigation.stack.count == 2)
            try await test.coordinator(Branch.self).done("stayed")
            #expect(try await test.output.output == "stayed")
        }
    }
}
