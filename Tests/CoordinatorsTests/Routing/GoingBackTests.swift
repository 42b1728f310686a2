import Coordinators
import Testing

/// Going back over a coordinator's routes: by a count, to a route (its most recent or its
/// oldest occurrence), or to a route a condition picks — each one change, and an error that
/// changes nothing when there is nowhere to go.
@Suite(.timeLimit(.minutes(1)))
struct GoingBackTests {
    /// Runs a lane on a navigation stack of its own, forwards it to `screens` (after its
    /// root), runs `body`, and ends the tree.
    private func withLane(
        showing screens: [String] = [],
        _ body: (LaneFlow, NavigationPresenter) async throws -> Void
    ) async throws {
        let navigation = NavigationPresenter()
        let lane = LaneFlow(on: navigation)
        try await withRunning(lane, until: !navigation.state.stack.isEmpty) { _ in
            for screen in screens { try await lane.go(.forward(to: .screen(screen))) }
            try await body(lane, navigation)
        }
    }

    private static func isLetter(_ route: Lane) -> Bool {
        [.screen("a"), .screen("b")].contains(route)
    }

    // MARK: By a count

    @Test func goingBackTwoRemovesTheTwoMostRecentRoutesInOneChange() async throws {
        try await withLane(showing: ["a", "b", "c"]) { lane, navigation in
            let revision = navigation.state.revision
            try await lane.go(.back(count: 2))
            #expect(lane.routes == [.screen("root"), .screen("a")])
            #expect(navigation.state.screenNames == ["root", "a"])
            #expect(navigation.state.revision == revision + 1)
        }
    }

    @Test func goingBackTwoOverAChildEndsItAndTakesItsScreens() async throws {
        try await withLane(showing: ["a"]) { lane, navigation in
            try await lane.go(.forward(to: .sub("x")))
            let child = try #require(lane.child("x"))
            try await child.go(.forward(to: .screen("x 1")))
            #expect(navigation.state.screenNames == ["root", "a", "x 0", "x 1"])
            let revision = navigation.state.revision

            try await lane.go(.back(count: 2))
            #expect(lane.routes == [.screen("root")])
            #expect(navigation.state.screenNames == ["root"])
            #expect(navigation.state.revision == revision + 1)
            #expect(child.flow.state == .ended)
        }
    }

    @Test func goingBackZeroRoutesThrowsNothingToPopAndChangesNothing() async throws {
        try await withLane(showing: ["a"]) { lane, navigation in
            let revision = navigation.state.revision
            let error = await #expect(throws: CoordinatorError.self) { try await lane.go(.back(count: 0)) }
            #expect(error?.code == .nothingToPop)
            #expect(lane.routes == [.screen("root"), .screen("a")])
            #expect(navigation.state.revision == revision)
        }
    }

    @Test func goingBackANegativeCountThrowsNothingToPopAndChangesNothing() async throws {
        try await withLane(showing: ["a"]) { lane, navigation in
            let revision = navigation.state.revision
            let error = await #expect(throws: CoordinatorError.self) { try await lane.go(.back(count: -1)) }
            #expect(error?.code == .nothingToPop)
            #expect(lane.routes == [.screen("root"), .screen("a")])
            #expect(navigation.state.revision == revision)
        }
    }

    @Test func goingBackMoreRoutesThanAreShownThrowsNothingToPopAndChangesNothing() async throws {
        try await withLane(showing: ["a", "b"]) { lane, navigation in
            let revision = navigation.state.revision
            let error = await #expect(throws: CoordinatorError.self) { try await lane.go(.back(count: 4)) }
            #expect(error?.code == .nothingToPop)
            #expect(lane.routes == [.screen("root"), .screen("a"), .screen("b")])
            #expect(navigation.state.revision == revision)
        }
    }

    @Test func goingBackByCountPastTheMainScreenThrowsNothingToPopAndChangesNothing() async throws {
        try await withLane(showing: ["a", "b"]) { lane, navigation in
            let revision = navigation.state.revision
            let error = await #expect(throws: CoordinatorError.self) { try await lane.go(.back(count: 3)) }
            #expect(error?.code == .nothingToPop)
            #expect(lane.routes == [.screen("root"), .screen("a"), .screen("b")])
            #expect(navigation.state.revision == revision)
            #expect(lane.flow.state == .running)
        }
    }

    // MARK: To a route

    @Test func goingBackToARouteGoesToItsMostRecentOccurrence() async throws {
        try await withLane(showing: ["a", "b", "a", "c"]) { lane, navigation in
            let revision = navigation.state.revision
            try await lane.go(.back(to: .screen("a")))
            #expect(lane.routes == [.screen("root"), .screen("a"), .screen("b"), .screen("a")])
            #expect(navigation.state.screenNames == ["root", "a", "b", "a"])
            #expect(navigation.state.revision == revision + 1)
        }
    }

    @Test func goingBackToTheFirstOfARouteGoesToItsOldestOccurrence() async throws {
        try await withLane(showing: ["a", "b", "a", "c"]) { lane, navigation in
            let revision = navigation.state.revision
            try await lane.go(.back(toFirst: .screen("a")))
            #expect(lane.routes == [.screen("root"), .screen("a")])
            #expect(navigation.state.screenNames == ["root", "a"])
            #expect(navigation.state.revision == revision + 1)
        }
    }

    @Test func goingBackToTheRouteOnTopChangesNothing() async throws {
        try await withLane(showing: ["a", "b"]) { lane, navigation in
            let revision = navigation.state.revision
            try await lane.go(.back(to: .screen("b")))
            #expect(lane.routes == [.screen("root"), .screen("a"), .screen("b")])
            #expect(navigation.state.revision == revision)
        }
    }

    @Test func goingBackToARouteThatIsNotShownThrowsRouteNotShownAndChangesNothing() async throws {
        try await withLane(showing: ["a", "b"]) { lane, navigation in
            let revision = navigation.state.revision
            let error = await #expect(throws: CoordinatorError.self) { try await lane.go(.back(to: .screen("z"))) }
            #expect(error?.code == .routeNotShown)
            #expect(lane.routes == [.screen("root"), .screen("a"), .screen("b")])
            #expect(navigation.state.revision == revision)
        }
    }

    // MARK: To a route a condition picks

    @Test func goingBackWhereAConditionHoldsGoesToTheMostRecentMatch() async throws {
        try await withLane(showing: ["a", "b", "c", "d"]) { lane, navigation in
            let revision = navigation.state.revision
            try await lane.go(.back(where: Self.isLetter))
            #expect(lane.routes == [.screen("root"), .screen("a"), .screen("b")])
            #expect(navigation.state.screenNames == ["root", "a", "b"])
            #expect(navigation.state.revision == revision + 1)
        }
    }

    @Test func goingBackToTheFirstWhereAConditionHoldsGoesToTheOldestMatch() async throws {
        try await withLane(showing: ["a", "b", "c", "d"]) { lane, navigation in
            let revision = navigation.state.revision
            try await lane.go(.back(toFirstWhere: Self.isLetter))
            #expect(lane.routes == [.screen("root"), .screen("a")])
            #expect(navigation.state.screenNames == ["root", "a"])
            #expect(navigation.state.revision == revision + 1)
        }
    }

    @Test func aConditionThatMatchesAChildsRouteGoesBackToTheChild() async throws {
        try await withLane(showing: ["a"]) { lane, navigation in
            try await lane.go(.forward(to: .sub("x")))
            try await lane.go(.forward(to: .screen("b")))
            #expect(navigation.state.screenNames == ["root", "a", "x 0", "b"])
            try await lane.go(.back(where: { if case .sub = $0 { true } else { false } }))
            #expect(lane.routes == [.screen("root"), .screen("a"), .sub("x")])
            #expect(navigation.state.screenNames == ["root", "a", "x 0"])
        }
    }

    @Test func aConditionThatMatchesNothingThrowsRouteNotShownAndChangesNothing() async throws {
        try await withLane(showing: ["c", "d"]) { lane, navigation in
            let revision = navigation.state.revision
            let mostRecent = await #expect(throws: CoordinatorError.self) {
                try await lane.go(.back(where: Self.isLetter))
            }
            #expect(mostRecent?.code == .routeNotShown)
            let oldest = await #expect(throws: CoordinatorError.self) {
                try await lane.go(.back(toFirstWhere: Self.isLetter))
            }
            #expect(oldest?.code == .routeNotShown)
            #expect(lane.routes == [.screen("root"), .screen("c"), .screen("d")])
            #expect(navigation.state.revision == revision)
        }
    }

    // MARK: Descriptions

    @Test func eachTransitionDescribesItselfAsItIsWritten() {
        #expect(RouteTransition<Lane>.forward(to: .screen("a")).description == #".forward(to: screen("a"))"#)
        #expect(RouteTransition<Lane>.backOne.description == ".backOne")
        #expect(RouteTransition<Lane>.back(count: 1).description == ".backOne")
        #expect(RouteTransition<Lane>.back(count: 2).description == ".back(count: 2)")
        #expect(RouteTransition<Lane>.back(to: .screen("a")).description == #".back(to: screen("a"))"#)
        #expect(RouteTransition<Lane>.back(toFirst: .screen("a")).description == #".back(toFirst: screen("a"))"#)
        #expect(
            RouteTransition<Lane>.back(where: Self.isLetter).description
                == ".back(to: a route that matches the condition)")
        #expect(
            RouteTransition<Lane>.back(toFirstWhere: Self.isLetter).description
                == ".back(toFirst: a route that matches the condition)")
    }
}
