import Coordinators
import Observation
import Testing

/// Every headless presenter publishes its state through Observation, so a SwiftUI view
/// that reads `state` is told when it changes.
@Suite(.timeLimit(.minutes(1)))
struct ObservationTests {
    /// Reads `state` under observation tracking, presents a screen on `presenter`, and
    /// checks the tracking fired.
    private func expectObserved(
        _ read: @escaping @Sendable () -> Void, on presenter: any Presenter
    ) async throws {
        let changed = Journal()
        withObservationTracking(read) { changed.record(.changed("state")) }
        let owner = Branch("observed", on: presenter)
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await changed.waitUntil { !$0.isEmpty }
        try await owner.done("done")
        _ = await outcome
        #expect(changed.all == [.changed("state")])
    }

    @Test func theStackPresentersPublishTheirState() async throws {
        let navigation = NavigationPresenter()
        try await expectObserved({ _ = navigation.state }, on: navigation)
        let modal = ModalPresenter()
        try await expectObserved({ _ = modal.state }, on: modal)
        let modalNavigation = ModalNavigationPresenter()
        try await expectObserved({ _ = modalNavigation.state }, on: modalNavigation)
        let slot = SlotPresenter()
        try await expectObserved({ _ = slot.state }, on: slot)
    }

    @Test func containersPublishTheirPartsChanges() async throws {
        let container = try ContainerPresenter(slots: ["main"])
        try await expectObserved(
            { _ = container.state }, on: try container.presenter(forSlot: "main"))
        let tabs = TabPresenter(items: [TabItem(title: "A")])
        try await expectObserved({ _ = tabs.state }, on: try tabs.presenter(forTab: 0))
    }

    /// A presenter tells Observation of its changes only once someone has observed it; one
    /// first observed after it changed is told of every change from then on.
    @Test func aPresenterFirstObservedAfterItChangedPublishesLaterChanges() async throws {
        let navigation = NavigationPresenter()
        let owner = Branch("shown before anyone observes", on: navigation)
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await navigation.waitUntil { $0.stack.count == 1 }  // waiting is not observing
        let changed = Journal()
        withObservationTracking({ _ = navigation.state }, onChange: { changed.record(.changed("stack")) })
        try await owner.done("done")
        _ = await outcome
        #expect(changed.all == [.changed("stack")], "the teardown's dismissal is published")
        #expect(navigation.stack.isEmpty)
    }

    @Test func noOpsAndFailedCallsPublishNothing() async throws {
        let tabs = TabPresenter(items: [TabItem(title: "A", content: .stack), TabItem(title: "B", content: .stack)])
        let navigation = try tabs.stack(forTab: 0)
        let changed = Journal()
        withObservationTracking({ _ = tabs.state }, onChange: { changed.record(.changed("tab bar")) })
        withObservationTracking({ _ = navigation.state }, onChange: { changed.record(.changed("stack")) })
        let before = tabs.state

        try await tabs.select(0)  // already selected
        let userTap = try await tabs.userSelectTab(0)  // selected, and nothing to pop
        _ = try? await navigation.pop()  // nothingToPop
        _ = try? await navigation.userPop()  // nothingToPop

        #expect(!userTap)
        #expect(changed.all.isEmpty, "Observation fires synchronously, so it would have been recorded")
        #expect(tabs.state == before, "same revision too")
        try await tabs.select(1)
        #expect(changed.all == [.changed("tab bar")])
    }

    @Test func anObserverOfATabBarSeesATabsChangeCountedInItsRevision() async throws {
        let tabs = TabPresenter(items: [TabItem(title: "A", content: .stack)])
        let seen = Mutex<[Int]>([])
        withObservationTracking({ _ = tabs.state }, onChange: { seen.withLock { $0.append(tabs.state.revision) } })
        let owner = Branch("tab root", on: try tabs.presenter(forTab: 0))
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await tabs.waitUntil { $0.tabs[0].presentations.count == 1 }
        #expect(seen.withLock { $0 } == [1], "the bar's revision already counts the change its observer hears of")
        try await owner.done("done")
        _ = await outcome
    }

    @Test func selectionAndItemsArePublished() async throws {
        let tabs = TabPresenter(items: [TabItem(title: "A", content: .stack), TabItem(title: "B", content: .stack)])
        let changed = Journal()
        withObservationTracking({ _ = tabs.state }, onChange: { changed.record(.changed("selection")) })
        try await tabs.userSelectTab(1)
        try await changed.waitUntil { $0 == [.changed("selection")] }
        withObservationTracking({ _ = tabs.state }, onChange: { changed.record(.changed("badge")) })
        try await tabs.setItem(TabItem(title: "B", badge: "2"), forTab: 1)
        try await changed.waitUntil { $0 == [.changed("selection"), .changed("badge")] }
        #expect(tabs.state.tabs[1].item.badge == "2")
    }
}
