import Coordinators
import CoordinatorsTesting
import Testing

/// Route changes that race each other, end a child early or meet another coordinator's
/// screens: each move is one transition, keeps `routes` in the stack's order, and throws only
/// documented errors.
@Suite(.timeLimit(.minutes(1)))
struct RouteMoveDefectTests {
    @Test func aForwardToAChildThatEndsBeforeItIsSetUpReturns() async throws {
        let navigation = NavigationPresenter()
        let lane = LaneFlow(on: navigation)
        try await withRunning(lane, until: !navigation.state.stack.isEmpty) { _ in
            for _ in 0..<20 {
                try await lane.go(.forward(to: .quick))
            }
            #expect(lane.routes == [.screen("root")])
            #expect(navigation.state.screenNames == ["root"])
        }
    }

    @Test func goingBackPastAChildRouteUnderAStrangersScreenIsNotOwnerAndChangesNothing() async throws {
        let navigation = NavigationPresenter()
        let shelf = LaneFlow("shelf", on: navigation, first: .screen("home"))
        try await withRunning(shelf, until: !navigation.state.stack.isEmpty) { _ in
            try await shelf.go(.forward(to: .sub("pages")))
            #expect(navigation.state.screenNames == ["home", "pages 0"])
            let other = CoordinatorTree()
            let stranger = Task { try await other.run(Stranger("page 9", on: navigation)) }
            try await navigation.waitUntil { $0.stack.count == 3 }

            let backOne = await #expect(throws: CoordinatorError.self) { try await shelf.go(.backOne) }
            #expect(backOne?.code == .notOwner)
            let backTo = await #expect(throws: CoordinatorError.self) { try await shelf.go(.back(to: .screen("home"))) }
            #expect(backTo?.code == .notOwner)
            #expect(navigation.state.screenNames == ["home", "pages 0", "page 9"])
            #expect(shelf.routes == [.screen("home"), .sub("pages")])
            other.cancel()
            _ = await stranger.result
        }
    }

    @Test func concurrentForwardsKeepTheRoutesInTheOrderTheirScreensLand() async throws {
        let stack = ScriptedStack(latePush: "slow")
        let lane = LaneFlow(on: stack)
        try await withRunning(lane, until: stack.screenNames == ["root"]) { _ in
            let slow = Task { try await lane.go(.forward(to: .screen("slow"))) }
            await stack.waitForLatePush()
            let fast = Task { try await lane.go(.forward(to: .screen("fast"))) }
            await lane.waitUntilAskedForFast()
            stack.landPush()
            try await slow.value
            try await fast.value

            #expect(lane.routeNames == stack.screenNames)
            try await lane.go(.backOne)
            #expect(stack.screenNames.count == 2)
            #expect(lane.routeNames == stack.screenNames)
        }
    }

    @Test func aForwardToAChildKeepsItsTurnUntilTheChildsFirstScreenLands() async throws {
        // The child's first push is slow at the presenter; a forward made meanwhile waits for
        // the first move's turn, which lasts until the child has set up, and lands above it.
        let stack = ScriptedStack(latePush: "pages 0")
        let shelf = LaneFlow("shelf", on: stack, first: .screen("home"))
        try await withRunning(shelf, until: stack.screenNames == ["home"]) { _ in
            let pages = Task { try await shelf.go(.forward(to: .sub("pages"))) }
            await stack.waitForLatePush()
            let detail = Task { try await shelf.go(.forward(to: .screen("fast"))) }
            await shelf.waitUntilAskedForFast()
            stack.landPush()
            try await pages.value
            try await detail.value

            #expect(stack.screenNames == ["home", "pages 0", "fast"])
            #expect(shelf.routeNames == ["home", "sub pages", "fast"])
            #expect(shelf.currentRoute == .screen("fast"))
            try await shelf.go(.backOne)
            #expect(stack.screenNames == ["home", "pages 0"], "back one removes exactly the most recent route")
            #expect(shelf.routeNames == ["home", "sub pages"])
        }
    }

    @Test func aChildThatAsksItsParentToMoveBeforeItHasSetUpDoesNotWaitForItself() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: Eager.Parent(navigation: navigation), atEnd: .cancelTree, presenters: [navigation]) {
            test in
            _ = try await test.screen(TestScreen.self, on: navigation) { $0.name == "home" }
            try await test.root.go(.forward(to: .eager))
            _ = try await test.screen(TestScreen.self, on: navigation) { $0.name == "eager 0" }
            #expect(navigation.state.screenNames == ["home", "note", "eager 0"])
            #expect(try test.root.routes == [.home, .note, .eager], "ordered as their screens landed")
            try await test.root.go(.backOne)
            #expect(navigation.state.screenNames == ["home", "note"], "back one removes exactly the child")
        }
    }

    @Test func aChildsGoRacingItsParentsMovePastItCompletesAgainstTheNewState() async throws {
        let stack = ScriptedStack(lateFirstPop: true)
        let parent = LaneFlow("parent", on: stack, first: .screen("home"))
        try await withRunning(parent, until: stack.screenNames == ["home"]) { _ in
            try await parent.go(.forward(to: .sub("child")))
            let child = try #require(parent.child("child"))
            try await child.go(.forward(to: .screen("child 1")))
            #expect(stack.screenNames == ["home", "child 0", "child 1"])

            let childBack = Task { try await child.go(.backOne) }
            await stack.waitForLatePop()
            let parentBack = Task { try await parent.go(.back(to: .screen("home"))) }
            await stack.waitUntil { $0 == ["home"] }
            stack.landPop()
            await #expect(throws: Never.self) { try await childBack.value }
            await #expect(throws: Never.self) { try await parentBack.value }
            #expect(stack.screenNames == ["home"])
            #expect(parent.routes == [.screen("home")])
        }
    }

    @Test func goingBackOverThreeRoutesIsOnePresenterCall() async throws {
        let stack = ScriptedStack()
        let lane = LaneFlow(on: stack)
        try await withRunning(lane, until: stack.screenNames == ["root"]) { _ in
            try await lane.go(.forward(to: .screen("a")))
            try await lane.go(.forward(to: .screen("b")))
            try await lane.go(.forward(to: .sub("c")))
            #expect(stack.screenNames == ["root", "a", "b", "c 0"])
            let before = stack.calls.count

            try await lane.go(.back(to: .screen("root")))
            #expect(Array(stack.calls.dropFirst(before)) == [.pop(to: "root")])
            #expect(stack.screenNames == ["root"])
        }
    }

    @Test func goingBackOverThreeRoutesOnANavigationPresenterPublishesOneChange() async throws {
        let navigation = NavigationPresenter()
        let lane = LaneFlow(on: navigation)
        try await withRunning(lane, until: !navigation.state.stack.isEmpty) { _ in
            for name in ["a", "b", "c"] { try await lane.go(.forward(to: .screen(name))) }
            let revision = navigation.state.revision

            try await lane.go(.back(to: .screen("root")))
            #expect(navigation.state.revision == revision + 1)
            #expect(navigation.state.screenNames == ["root"])
        }
    }

    @Test func aModalLayerWithPushesLeavesWholeInOneChange() async throws {
        let navigation = NavigationPresenter()
        let sheet = ModalNavigationPresenter()
        let lane = LaneFlow(on: navigation, sheet: sheet)
        try await withRunning(lane, until: !navigation.state.stack.isEmpty) { _ in
            try await lane.go(.forward(to: .sheet))
            let child = try #require(lane.child("sheet"))
            try await child.go(.forward(to: .screen("s2")))
            try await child.go(.forward(to: .screen("s3")))
            #expect(sheet.state.screenNames == ["s1", "s2", "s3"])
            let revision = sheet.state.revision

            try await lane.go(.backOne)
            #expect(sheet.state.revision == revision + 1)
            #expect(!sheet.isShown)
            #expect(lane.routes == [.screen("root")])
        }
    }

    @Test func threeModalLayersLeaveInOneChange() async throws {
        let navigation = NavigationPresenter()
        let modal = ModalPresenter()
        let lane = LaneFlow(on: navigation, modal: modal)
        try await withRunning(lane, until: !navigation.state.stack.isEmpty) { _ in
            for name in ["m1", "m2", "m3"] { try await lane.go(.forward(to: .modal(name))) }
            #expect(modal.state.screenNames == ["m1", "m2", "m3"])
            let revision = modal.state.revision

            try await lane.go(.back(to: .screen("root")))
            #expect(modal.state.revision == revision + 1)
            #expect(modal.state.modals.isEmpty)
        }
    }

    @Test func aLinkOfThreeScreensOntoOneStackIsOneChange() async throws {
        let navigation = NavigationPresenter()
        let lane = LaneFlow(on: navigation)
        try await withRunning(lane, until: !navigation.state.stack.isEmpty) { _ in
            let revision = navigation.state.revision

            try await lane.open(DeepLink([Lane.screen("a"), .screen("b"), .screen("c")]))
            #expect(navigation.state.screenNames == ["root", "a", "b", "c"])
            #expect(navigation.state.revision == revision + 1)
            #expect(lane.routes == [.screen("root"), .screen("a"), .screen("b"), .screen("c")])
        }
    }

    @Test func aMoveMadeAfterTheCoordinatorEndedThrowsFlowEndedAndChangesNothing() async throws {
        let navigation = NavigationPresenter()
        let parent = LaneFlow("parent", on: navigation, first: .screen("home"))
        try await withRunning(parent, until: !navigation.state.stack.isEmpty) { _ in
            try await parent.go(.forward(to: .sub("child")))
            let child = try #require(parent.child("child"))
            try await child.go(.forward(to: .screen("child 1")))
            try await parent.go(.backOne)
            #expect(navigation.state.screenNames == ["home"])

            let backOne = await #expect(throws: CoordinatorError.self) { try await child.go(.backOne) }
            #expect(backOne?.code == .flowEnded)
            let forward = await #expect(throws: CoordinatorError.self) {
                try await child.go(.forward(to: .screen("x")))
            }
            #expect(forward?.code == .flowEnded)
            #expect(navigation.state.screenNames == ["home"])
        }
    }
}

/// A parent whose routed child asks it for a move from `start()` before the child has set up
/// (a delegate call): the parent's move that started the child keeps its turn until the child
/// has set up, so the child's request counts as its set-up instead of waiting for that turn.
enum Eager {
    actor Parent: Routable {
        enum Route: Hashable, Sendable {
            case home
            case note
            case eager
        }
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws {
            try await go(.forward(to: .home))
            try await flow.finished
        }

        func destination(for route: Route) -> Destination? {
            switch route {
            case .home: .screen(TestScreen("home"), on: navigation)
            case .note: .screen(TestScreen("note"), on: navigation)
            case .eager: .child(Child(parent: self, navigation: navigation))
            }
        }
    }

    actor Child: Coordinator {
        let flow = Flow<Void>()
        let parent: Parent
        let navigation: NavigationPresenter
        init(parent: Parent, navigation: NavigationPresenter) { (self.parent, self.navigation) = (parent, navigation) }

        func start() async throws {
            try await parent.go(.forward(to: .note))
            try await flow.present(TestScreen("eager 0"), on: navigation)
            try await flow.finished
        }
    }
}
