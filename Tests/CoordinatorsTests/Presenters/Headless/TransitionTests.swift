import Coordinators
import Testing

/// `Presenter.transition(removing:adding:)`: the headless presenters carry out a move as one
/// change (one revision), and the defaults — a `StackPresenter`'s and a plain `Presenter`'s —
/// make the calls they document. Presentations are made by the runtime, so each test runs a
/// `LaneFlow` (or a plain routable on a recording presenter) and takes the presentations it
/// shows; a call made straight to a presenter stands for the runtime's.
@Suite(.timeLimit(.minutes(1)))
struct TransitionTests {
    // MARK: NavigationPresenter

    @Test func aNavigationPresenterRemovesExactlyTheGivenPresentationsInOneRevision() async throws {
        let navigation = NavigationPresenter()
        let lane = LaneFlow(on: navigation)
        try await withRunning(lane, until: navigation.state.stack.count == 1) { _ in
            for name in ["a", "b", "c"] { try await lane.go(.forward(to: .screen(name))) }
            let stack = navigation.state.stack
            let (a, c) = (stack[1], stack[3])
            let revision = navigation.state.revision

            try await navigation.transition(removing: [a, c], adding: [], animated: true)
            #expect(navigation.state.screenNames == ["root", "b"])
            #expect(navigation.state.revision == revision + 1)
            #expect(a.dismissalReason == nil && c.dismissalReason == nil, "the runtime records them, not the presenter")
            // What the runtime does once `transition` returns.
            c.reportDismissal(.byCoordinator)
            a.reportDismissal(.byCoordinator)
            #expect(lane.routes == [.screen("root"), .screen("b")])
        }
    }

    @Test func aNavigationPresenterTransitionThatRemovesNothingShownChangesNothing() async throws {
        let navigation = NavigationPresenter()
        let lane = LaneFlow(on: navigation)
        try await withRunning(lane, until: navigation.state.stack.count == 1) { _ in
            try await lane.go(.forward(to: .screen("a")))
            let a = navigation.state.stack[1]
            try await lane.go(.backOne)
            let revision = navigation.state.revision

            try await navigation.transition(removing: [a], adding: [], animated: true)
            #expect(navigation.state.screenNames == ["root"])
            #expect(navigation.state.revision == revision)
        }
    }

    @Test func aNavigationPresenterRefusesToAddAPresentationItShowsAlready() async throws {
        let navigation = NavigationPresenter()
        let lane = LaneFlow(on: navigation)
        try await withRunning(lane, until: navigation.state.stack.count == 1) { _ in
            try await lane.go(.forward(to: .screen("a")))
            let a = navigation.state.stack[1]
            let revision = navigation.state.revision

            let error = await #expect(throws: CoordinatorError.self) {
                try await navigation.transition(removing: [], adding: [a], animated: true)
            }
            #expect(error?.code == .notInStack)
            #expect(navigation.state.screenNames == ["root", "a"])
            #expect(navigation.state.revision == revision)
        }
    }

    @Test func aLinkThatRemovesTwoScreensAndPushesOneIsOneChangeOfANavigationPresenter() async throws {
        let navigation = NavigationPresenter()
        let lane = LaneFlow(on: navigation)
        try await withRunning(lane, until: navigation.state.stack.count == 1) { _ in
            for name in ["a", "b"] { try await lane.go(.forward(to: .screen(name))) }
            let removed = Array(navigation.state.stack[1...])
            let revision = navigation.state.revision

            try await lane.open(DeepLink([Lane.screen("root"), .screen("c")]))
            #expect(navigation.state.screenNames == ["root", "c"])
            #expect(navigation.state.revision == revision + 1)
            #expect(removed.map(\.dismissalReason) == [.byCoordinator, .byCoordinator])
            #expect(lane.routes == [.screen("root"), .screen("c")])
        }
    }

    // MARK: ModalPresenter

    @Test func aModalPresenterRemovingALowerModalTakesThoseAboveItInOneRevision() async throws {
        let navigation = NavigationPresenter()
        let modal = ModalPresenter()
        let lane = LaneFlow(on: navigation, modal: modal)
        try await withRunning(lane, until: navigation.state.stack.count == 1) { _ in
            for name in ["m1", "m2", "m3"] { try await lane.go(.forward(to: .modal(name))) }
            let (m1, m2, m3) = (modal.modals[0], modal.modals[1], modal.modals[2])
            let revision = modal.state.revision

            try await modal.transition(removing: [m2], adding: [], animated: true)
            #expect(modal.state.screenNames == ["m1"])
            #expect(modal.state.revision == revision + 1)
            #expect(m3.dismissalReason == .byCoordinator, "taken along, and reported by the presenter")
            #expect(m2.dismissalReason == nil, "the runtime records the one it asked to remove")
            #expect(m1.isPresented)
            m2.reportDismissal(.byCoordinator)  // What the runtime does once `transition` returns.
            #expect(lane.routes == [.screen("root"), .modal("m1")])
        }
    }

    @Test func aModalPresenterRemovingTheTopModalLeavesTheOthers() async throws {
        let navigation = NavigationPresenter()
        let modal = ModalPresenter()
        let lane = LaneFlow(on: navigation, modal: modal)
        try await withRunning(lane, until: navigation.state.stack.count == 1) { _ in
            for name in ["m1", "m2"] { try await lane.go(.forward(to: .modal(name))) }
            let m2 = modal.modals[1]
            let revision = modal.state.revision

            try await modal.transition(removing: [m2], adding: [], animated: true)
            #expect(modal.state.screenNames == ["m1"])
            #expect(modal.state.revision == revision + 1)
            m2.reportDismissal(.byCoordinator)
        }
    }

    // MARK: ModalNavigationPresenter

    @Test func aModalNavigationPresenterRemovingItsWholeStackClosesItInOneRevision() async throws {
        let navigation = NavigationPresenter()
        let sheet = ModalNavigationPresenter()
        let lane = LaneFlow(on: navigation, sheet: sheet)
        try await withRunning(lane, until: navigation.state.stack.count == 1) { tree in
            try await lane.go(.forward(to: .sheet))
            let child = try #require(lane.child("sheet"))
            try await child.go(.forward(to: .screen("s2")))
            let shown = sheet.stack
            #expect(sheet.state.screenNames == ["s1", "s2"])
            let revision = sheet.state.revision

            try await sheet.transition(removing: shown, adding: [], animated: true)
            #expect(!sheet.isShown)
            #expect(sheet.state.revision == revision + 1)
            #expect(shown.allSatisfy { $0.dismissalReason == nil }, "the runtime records them, not the presenter")
            // What the runtime does once `transition` returns: the sheet's flow ends with its
            // main screen.
            let events = tree.events()
            for presentation in shown.reversed() { presentation.reportDismissal(.byCoordinator) }
            for await event in events where event.coordinator == child.flow.id && event.kind.isEnd { break }
            #expect(child.flow.state == .ended)
            #expect(lane.routes == [.screen("root")])
        }
    }

    @Test func aModalNavigationPresenterRemovingItsRootTakesTheWholeModalAsDismissDoes() async throws {
        let navigation = NavigationPresenter()
        let sheet = ModalNavigationPresenter()
        let lane = LaneFlow(on: navigation, sheet: sheet)
        try await withRunning(lane, until: navigation.state.stack.count == 1) { tree in
            try await lane.go(.forward(to: .sheet))
            let child = try #require(lane.child("sheet"))
            try await child.go(.forward(to: .screen("s2")))
            let (root, s2) = (sheet.stack[0], sheet.stack[1])
            let revision = sheet.state.revision
            let events = tree.events()

            try await sheet.transition(removing: [root], adding: [], animated: true)
            #expect(!sheet.isShown)
            #expect(sheet.state.revision == revision + 1)
            #expect(s2.dismissalReason == .byCoordinator, "taken along, and reported by the presenter")
            #expect(root.dismissalReason == nil, "the runtime records the one it asked to remove")
            root.reportDismissal(.byCoordinator)  // What the runtime does once `transition` returns.
            for await event in events where event.coordinator == child.flow.id && event.kind.isEnd { break }
            #expect(lane.routes == [.screen("root")])
        }
    }

    // MARK: The StackPresenter default

    @Test func theStackDefaultPopsToWhatRemainsWhenTheTopLeaves() async throws {
        let stack = ScriptedStack()
        let lane = LaneFlow(on: stack)
        try await withRunning(lane, until: stack.screenNames == ["root"]) { _ in
            for name in ["a", "b", "c"] { try await lane.go(.forward(to: .screen(name))) }
            let shown = stack.stack
            let before = stack.calls.count

            try await stack.transition(removing: [shown[2], shown[3]], adding: [], animated: true)
            #expect(Array(stack.calls.dropFirst(before)) == [.pop(to: "a")])
            #expect(stack.screenNames == ["root", "a"])
            #expect(lane.routes == [.screen("root"), .screen("a")])
        }
    }

    @Test func goingBackTwoRoutesOnAStackOfTheAppsIsOnePop() async throws {
        let stack = ScriptedStack()
        let lane = LaneFlow(on: stack)
        try await withRunning(lane, until: stack.screenNames == ["root"]) { _ in
            for name in ["a", "b", "c"] { try await lane.go(.forward(to: .screen(name))) }
            let before = stack.calls.count

            try await lane.go(.back(count: 2))
            #expect(Array(stack.calls.dropFirst(before)) == [.pop(to: "a")])
            #expect(stack.screenNames == ["root", "a"])
        }
    }

    @Test func theStackDefaultReplacesTheStackWhenAScreenInTheMiddleLeaves() async throws {
        let stack = ScriptedStack()
        let lane = LaneFlow(on: stack)
        try await withRunning(lane, until: stack.screenNames == ["root"]) { _ in
            for name in ["a", "b"] { try await lane.go(.forward(to: .screen(name))) }
            let a = stack.stack[1]
            let before = stack.calls.count

            try await stack.transition(removing: [a], adding: [], animated: true)
            #expect(Array(stack.calls.dropFirst(before)) == [.replaceStack(["root", "b"])])
            #expect(stack.screenNames == ["root", "b"])
            #expect(lane.routes == [.screen("root"), .screen("b")])
        }
    }

    @Test func theStackDefaultReplacesTheStackWhenScreensAreAddedWithRemovals() async throws {
        let stack = ScriptedStack()
        let lane = LaneFlow(on: stack)
        try await withRunning(lane, until: stack.screenNames == ["root"]) { _ in
            for name in ["a", "b"] { try await lane.go(.forward(to: .screen(name))) }
            let removed = Array(stack.stack[1...])
            let before = stack.calls.count

            try await lane.open(DeepLink([Lane.screen("root"), .screen("c"), .screen("d")]))
            #expect(Array(stack.calls.dropFirst(before)) == [.replaceStack(["root", "c", "d"])])
            #expect(stack.screenNames == ["root", "c", "d"])
            #expect(removed.map(\.dismissalReason) == [.byCoordinator, .byCoordinator])
            #expect(lane.routes == [.screen("root"), .screen("c"), .screen("d")])
        }
    }

    @Test func theStackDefaultPushesASingleScreenWithOnePresent() async throws {
        let stack = ScriptedStack()
        let lane = LaneFlow(on: stack)
        try await withRunning(lane, until: stack.screenNames == ["root"]) { _ in
            try await lane.go(.forward(to: .screen("a")))
            let before = stack.calls.count

            try await lane.go(.forward(to: .screen("b")))
            #expect(Array(stack.calls.dropFirst(before)) == [.present("b")])
            #expect(stack.screenNames == ["root", "a", "b"])
        }
    }

    @Test func theStackDefaultReplacesTheStackToPushSeveralScreens() async throws {
        let stack = ScriptedStack()
        let lane = LaneFlow(on: stack)
        try await withRunning(lane, until: stack.screenNames == ["root"]) { _ in
            let before = stack.calls.count

            try await lane.open(DeepLink([Lane.screen("a"), .screen("b")]))
            #expect(Array(stack.calls.dropFirst(before)) == [.replaceStack(["root", "a", "b"])])
            #expect(stack.screenNames == ["root", "a", "b"])
        }
    }

    @Test func theStackDefaultCallsNothingForScreensNoLongerOnTheStack() async throws {
        let stack = ScriptedStack()
        let lane = LaneFlow(on: stack)
        try await withRunning(lane, until: stack.screenNames == ["root"]) { _ in
            try await lane.go(.forward(to: .screen("a")))
            let a = stack.stack[1]
            try await lane.go(.backOne)
            let before = stack.calls.count

            try await stack.transition(removing: [a], adding: [], animated: true)
            #expect(stack.calls.count == before)
            #expect(stack.screenNames == ["root"])
        }
    }

    // MARK: The Presenter default

    @Test func thePresenterDefaultDismissesEachRemovedScreenMostRecentFirst() async throws {
        let journal = Journal()
        let presenter = RecordingPresenter(journal: journal)
        let lane = PlainLane(on: presenter)
        try await withRunning(lane, until: presenter.screens == ["root"]) { _ in
            for name in ["a", "b", "c"] { try await lane.go(.forward(to: name)) }
            let before = journal.all.count

            try await lane.go(.back(to: "root"))
            #expect(
                Array(journal.all.dropFirst(before)) == [
                    .dismissed("c", .byCoordinator), .dismissed("b", .byCoordinator), .dismissed("a", .byCoordinator),
                ])
            #expect(presenter.screens == ["root"])
            #expect(lane.routes == ["root"])
        }
    }

    @Test func thePresenterDefaultDismissesThenPresentsInOrder() async throws {
        let journal = Journal()
        let presenter = RecordingPresenter(journal: journal)
        let lane = PlainLane(on: presenter)
        try await withRunning(lane, until: presenter.screens == ["root"]) { _ in
            for name in ["a", "b"] { try await lane.go(.forward(to: name)) }
            let before = journal.all.count

            try await lane.open(DeepLink(["root", "c", "d"]))
            #expect(
                Array(journal.all.dropFirst(before)) == [
                    .dismissed("b", .byCoordinator), .dismissed("a", .byCoordinator), .presented("c"), .presented("d"),
                ])
            #expect(presenter.screens == ["root", "c", "d"])
            #expect(lane.routes == ["root", "c", "d"])
        }
    }
}

/// A routable coordinator whose routes are screen names, each shown on a plain presenter
/// (not a stack), starting at "root".
private actor PlainLane: Routable {
    let flow = Flow<Void>()
    let presenter: RecordingPresenter

    init(on presenter: RecordingPresenter) { self.presenter = presenter }

    func start() async throws {
        try await go(.forward(to: "root"))
        try await flow.finished
    }

    func destination(for route: String) -> Destination? {
        .screen(TestScreen(route), on: presenter)
    }
}
