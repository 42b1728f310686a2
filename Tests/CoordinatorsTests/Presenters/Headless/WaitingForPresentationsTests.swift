import Coordinators
import Testing

/// A headless presenter's `waitUntil` on a presentation's own state (`isPresented`,
/// `isAnswered`, `dismissalReason`, `confirmsUserDismissal`), which changes after the
/// presenter's state, or without it: the waiters are re-checked when it changes.
///
/// Each wait begins while its condition does not hold yet and has a short time limit of its
/// own: before presentations told their presenters of their changes, it hung for ever.
@Suite(.timeLimit(.minutes(1)))
struct WaitingForPresentationsTests {
    struct Picker: Screen { typealias Answer = Int }

    /// Waits on `presenter` until `condition` holds; once the condition has been checked (and
    /// found false), runs `act`, which makes it hold. The wait must then return, within
    /// `withinTimeLimit`'s limit.
    private func expectWait<Waiting: WaitsUntil>(
        on presenter: Waiting, until condition: @escaping @Sendable (Waiting.State) -> Bool,
        after act: () async throws -> Void
    ) async throws {
        let checked = Gate()
        let firstCheck = Mutex<Bool?>(nil)
        async let waited: Void = withinTimeLimit {
            try await presenter.waitUntil { state in
                let holds = condition(state)
                firstCheck.withLock { if $0 == nil { $0 = holds } }
                checked.open()
                return holds
            }
        }
        await checked.wait()
        #expect(firstCheck.withLock { $0 } == false, "the condition must not hold before the change it waits for")
        try await act()
        try await waited
    }

    /// Shows a main screen on `surface` through a presenter that animates, and waits on
    /// `presenter` until the screen `shown(state)` finds is presented, which happens when the
    /// animation ends — after the screen joined the presenter's state.
    private func expectWaitForPresented<Waiting: WaitsUntil>(
        on surface: some Presenter, waitingOn presenter: Waiting,
        shown: @escaping @Sendable (Waiting.State) -> Presentation?
    ) async throws {
        let animating = AnimatingPresenter(surface)
        let owner = Branch("screen", on: animating)
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await presenter.waitUntil { shown($0) != nil }
        try await expectWait(
            on: presenter, until: { shown($0)?.isPresented == true }, after: { animating.endAnimation() })
        try await owner.done("done")
        #expect(await outcome.output == "done", "the screen's coordinator must finish as it was told")
    }

    // MARK: isPresented, per presenter

    @Test func aModalWaitReturnsOnceItsTopIsPresented() async throws {
        let modal = ModalPresenter()
        try await expectWaitForPresented(on: modal, waitingOn: modal, shown: \.top)
    }

    @Test func aNavigationWaitReturnsOnceItsTopIsPresented() async throws {
        let navigation = NavigationPresenter()
        try await expectWaitForPresented(on: navigation, waitingOn: navigation, shown: \.top)
    }

    @Test func aModalNavigationWaitReturnsOnceItsRootIsPresented() async throws {
        let modal = ModalNavigationPresenter()
        try await expectWaitForPresented(on: modal, waitingOn: modal, shown: \.stack.first)
    }

    @Test func aSlotWaitReturnsOnceItsPresentationIsPresented() async throws {
        let window = SlotPresenter()
        try await expectWaitForPresented(on: window, waitingOn: window, shown: \.presentation)
    }

    @Test func aTabBarWaitReturnsOnceATabsScreenIsPresented() async throws {
        let tabs = TabPresenter(items: [TabItem(title: "Feed"), TabItem(title: "Search")])
        try await expectWaitForPresented(
            on: try tabs.presenter(forTab: 1), waitingOn: tabs, shown: \.tabs[1].top)
    }

    @Test func aTabBarWaitReturnsOnceTheTopOfATabsStackIsPresented() async throws {
        let tabs = TabPresenter(items: [
            TabItem(title: "Feed", content: .stack), TabItem(title: "Search", content: .stack),
        ])
        try await expectWaitForPresented(
            on: try tabs.presenter(forTab: 1), waitingOn: tabs, shown: \.tabs[1].presentations.last)
    }

    @Test func aContainerWaitReturnsOnceASlotsScreenIsPresented() async throws {
        let split = try ContainerPresenter(slots: ["primary", "secondary"])
        try await expectWaitForPresented(
            on: try split.presenter(forSlot: "secondary"), waitingOn: split,
            shown: { $0.presentation(inSlot: "secondary") })
    }

    @Test func aSplitWaitReturnsOnceTheTopOfAColumnIsPresented() async throws {
        let split = SplitPresenter(horizontalSizeClass: .compact)
        try await expectWaitForPresented(
            on: try split.presenter(forColumn: .detail), waitingOn: split, shown: \.top)
    }

    // MARK: Other changes of a presentation

    @Test func aWaitReturnsOnceTheScreenAnswers() async throws {
        let modal = ModalPresenter()
        // The question's dismissal after its answer waits for the test: until then, the
        // answer is the only change.
        let animating = AnimatingPresenter(modal, animatesDismissals: true)
        animating.endAnimation()
        async let outcome = CoordinatorTree().runForOutcome(Asking(Picker(), on: animating))
        defer { animating.endDismissalAnimation() }  // before the outcome is awaited, should the test fail
        try await modal.waitUntil { $0.top != nil }
        let question = try #require(modal.state.top)
        let revision = modal.state.revision
        try await expectWait(
            on: modal, until: { $0.top?.isAnswered == true },
            after: {
                try question.answer(3)
            })
        #expect(modal.state.revision == revision, "an answer is not a change of the presenter")
        animating.endDismissalAnimation()
        #expect(await outcome.output == 3, "the ask must return the answer")
    }

    @Test func aWaitReturnsOnceAKeptPresentationHasLeft() async throws {
        let modal = ModalPresenter()
        let owner = Branch("sheet", on: modal)
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await modal.waitUntil { $0.top != nil }
        let alert = try await owner.flow.present(TestScreen("alert"), on: modal, role: .auxiliary)
        // The swipe down takes the alert off the chain (a change, re-checked while the alert is
        // not dismissed yet), then the alert records its dismissal.
        try await expectWait(
            on: modal, until: { _ in alert.dismissalReason != nil },
            after: {
                let swiped = try await modal.userDismiss()
                #expect(swiped)
            })
        #expect(alert.dismissalReason == .byUser)
        try await owner.done("done")
        _ = await outcome
    }

    @Test func aTabBarWaitReturnsOnceAPresentationPoppedFromATabHasLeft() async throws {
        let tabs = TabPresenter(items: [
            TabItem(title: "Feed", content: .stack), TabItem(title: "Search", content: .stack),
        ])
        let search = try tabs.stack(forTab: 1)
        let owner = Branch("results", on: search)
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await tabs.waitUntil { !$0.tabs[1].presentations.isEmpty }
        let detail = try await owner.flow.present(TestScreen("detail"), on: search, role: .auxiliary)
        try await expectWait(
            on: tabs, until: { _ in !detail.isPresented },
            after: {
                let popped = try await search.userPop()
                #expect(popped)
            })
        #expect(detail.dismissalReason == .byUser)
        try await owner.done("done")
        _ = await outcome
    }

    @Test func aWaitReturnsOnceAConfirmationIsSet() async throws {
        let navigation = NavigationPresenter()
        let owner = Branch("form", on: navigation)
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await navigation.waitUntil { $0.top != nil }
        let form = try #require(navigation.state.top)
        try await expectWait(
            on: navigation, until: { $0.top?.confirmsUserDismissal == true },
            after: {
                form.setUserDismissalConfirmation { true }
            })
        try await owner.done("done")
        _ = await outcome
    }

    /// Puts each presentation on `surface`, then fails once the test lets it: the runtime
    /// marks the presentation failed (dismissed, `.tornDown`), which is left on `surface`.
    final class FailsAfterShowing<Surface: Presenter>: Presenter {
        struct Failure: Error {}
        let surface: Surface
        private let failing = Gate()
        init(_ surface: Surface) { self.surface = surface }

        func present(_ presentation: Presentation, animated: Bool) async throws {
            try await surface.present(presentation, animated: animated)
            await failing.wait()
            throw Failure()
        }
        func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws {
            try await surface.dismiss(presentation, reason: reason, animated: animated)
        }
        func fail() { failing.open() }
    }

    @Test func aWaitReturnsOnceAPresentationFailedToShow() async throws {
        let modal = ModalPresenter()
        let failing = FailsAfterShowing(modal)
        async let outcome = CoordinatorTree().runForOutcome(Branch("sheet", on: failing))
        try await modal.waitUntil { $0.top != nil }
        try await expectWait(
            on: modal, until: { $0.top?.dismissalReason != nil },
            after: {
                failing.fail()
            })
        #expect(modal.state.top?.dismissalReason == .tornDown)
        guard case .failed(let error) = await outcome, error is FailsAfterShowing<ModalPresenter>.Failure else {
            Issue.record("the coordinator must fail with its presenter's error")
            return
        }
    }

    // MARK: No lost wake-up

    /// The lost wake-up, made to happen: the presentation changes after the condition read it
    /// and before the wait registered (here, the condition itself changes it, the first time).
    /// The wait must see that something changed meanwhile, and check again.
    @Test func aChangeBetweenTheCheckAndTheRegistrationIsNotMissed() async throws {
        let navigation = NavigationPresenter()
        let owner = Branch("form", on: navigation)
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await navigation.waitUntil { $0.top != nil }
        let form = try #require(navigation.state.top)
        let checks = Mutex(0)
        try await withinTimeLimit {
            try await navigation.waitUntil { state in
                let confirms = state.top?.confirmsUserDismissal == true
                let isFirst = checks.withLock { checks in
                    checks += 1
                    return checks == 1
                }
                if isFirst { form.setUserDismissalConfirmation { true } }
                return confirms
            }
        }
        #expect(checks.withLock { $0 } == 2, "checked, found false, changed, checked again")
        try await owner.done("done")
        _ = await outcome
    }

    /// Lingers a little after putting a presentation on `surface`, for a time that varies,
    /// before its `present` returns (and the presentation is marked presented).
    final class LingeringPresenter<Surface: Presenter>: Presenter {
        let surface: Surface
        init(_ surface: Surface) { self.surface = surface }

        func present(_ presentation: Presentation, animated: Bool) async throws {
            try await surface.present(presentation, animated: animated)
            linger(for: .microseconds(Int.random(in: 0..<40)))
        }
        func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws {
            try await surface.dismiss(presentation, reason: reason, animated: animated)
        }
    }

    /// Waits that begin as a screen arrives, while its `present` returns: none may miss the
    /// change of phase — a wait that checked its condition just before the change and
    /// registered just after it. The presenter and the condition linger, which widens that
    /// window.
    @Test func concurrentWaitsForScreensBeingShownAllReturn() async throws {
        try await withinTimeLimit(.seconds(40)) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<400 {
                    group.addTask {
                        let modal = ModalPresenter()
                        let owner = Branch("sheet", on: LingeringPresenter(modal))
                        async let outcome = CoordinatorTree().runForOutcome(owner)
                        try await modal.waitUntil { $0.top != nil }
                        try await modal.waitUntil { state in
                            let isPresented = state.top?.isPresented == true
                            linger(for: .microseconds(Int.random(in: 0..<40)))
                            return isPresented
                        }
                        try await owner.done("done")
                        #expect(
                            await outcome.ending == .finished, "the screen's coordinator must finish as it was told")
                    }
                }
                try await group.waitForAll()
            }
        }
    }
}

/// A headless presenter, as these tests wait on it.
protocol WaitsUntil: Sendable {
    associatedtype State
    func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws
}

extension ModalPresenter: WaitsUntil {}
extension NavigationPresenter: WaitsUntil {}
extension ModalNavigationPresenter: WaitsUntil {}
extension SlotPresenter: WaitsUntil {}
extension TabPresenter: WaitsUntil {}
extension ContainerPresenter: WaitsUntil {}
extension SplitPresenter: WaitsUntil {}

/// Busy for `duration`, without suspending.
private func linger(for duration: Duration) {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: duration)
    while clock.now < end {}
}
