import Testing

@testable import Coordinators

/// The planner of a link's steps (or a restoration's) at one coordinator, on route values
/// alone: one case of its rule per test. Routes are strings here; the plan is generic over
/// any `Hashable`.
struct RoutePlanTests {
    typealias Plan = RoutePlan<String>

    // MARK: The rule, step by step

    @Test func aStepEqualToTheRouteAfterTheCursorKeepsIt() {
        var plan = Plan(shown: ["list", "movie 1", "movie 2"], cursor: 0)
        #expect(plan.step("movie 1") == .found(.shown(1)))
        #expect(plan.current == .shown(1))
        #expect(plan.added.isEmpty)
    }

    @Test func aFirstStepThatIsShownGoesBackToItsMostRecentOccurrence() {
        var plan = Plan(shown: ["list", "movie 1", "list", "movie 2"])
        #expect(plan.step("list") == .found(.shown(2)))
        #expect(plan.current == .shown(2))
        #expect(plan.result.keptShown == 3)
    }

    @Test func aStepThatIsNotShownIsAddedOnTop() {
        var plan = Plan(shown: ["list", "movie 1"])
        #expect(plan.step("movie 5") == .new(index: 0))
        #expect(plan.added == ["movie 5"])
        #expect(plan.current == .added(0))
        #expect(plan.result.keptShown == 2)
        #expect(plan.result.keptAdded == [0])
    }

    @Test func theSameStepsAsShownKeepEverything() {
        let shown = ["list", "movie 1", "reviews 1"]
        var plan = Plan(shown: shown)
        #expect(shown.map { plan.step($0) } == [.found(.shown(0)), .found(.shown(1)), .found(.shown(2))])
        #expect(plan.result.keptShown == shown.count)
        #expect(plan.result.keptAdded.isEmpty)
        #expect(plan.added.isEmpty)
    }

    @Test func aLinkThatDiffersAfterItsFirstStepKeepsTheCommonStartAndAddsTheRest() {
        var plan = Plan(shown: ["list", "movie 1", "movie 2"])
        #expect(plan.step("list") == .found(.shown(0)))
        #expect(plan.step("movie 5") == .new(index: 0))
        #expect(plan.result.keptShown == 1)
        #expect(plan.result.keptAdded == [0])
        #expect(plan.added == ["movie 5"])
    }

    @Test func aStepAfterAGoBackThatMatchesTheNextKeptRouteKeepsIt() {
        var plan = Plan(shown: ["list", "movie 1", "reviews 1", "review 3"])
        #expect(plan.step("movie 1") == .found(.shown(1)))
        #expect(plan.step("reviews 1") == .found(.shown(2)))
        #expect(plan.result.keptShown == 3)
        #expect(plan.result.keptAdded.isEmpty)
    }

    @Test func aStepThatMatchesARouteAPreviousStepAddedIsAddedAgain() {
        var plan = Plan(shown: ["list"])
        #expect(plan.step("movie 1") == .new(index: 0))
        #expect(plan.step("reviews 1") == .new(index: 1))
        #expect(plan.step("movie 1") == .new(index: 2), "a link is a path: it never goes back over what it added")
        #expect(plan.result.keptShown == 1)
        #expect(plan.result.keptAdded == [0, 1, 2])
    }

    @Test func aStepThatMatchesAShownRouteAfterNewStepsGoesBackToIt() {
        var plan = Plan(shown: ["list", "movie 1"])
        #expect(plan.step("movie 5") == .new(index: 0))
        #expect(plan.step("list") == .found(.shown(0)))
        #expect(plan.result.keptShown == 1)
        #expect(plan.result.keptAdded.isEmpty, "what lay after the route it went back to is dropped")
    }

    @Test func aStepShownBeforeTheLinkGoesBackOverARouteTheLinkAdded() {
        // Routing.md's example: [list, movie 1, movie 2] with the link [movie 3, movie 1].
        var plan = Plan(shown: ["list", "movie 1", "movie 2"])
        #expect(plan.step("movie 3") == .new(index: 0))
        #expect(plan.step("movie 1") == .found(.shown(1)))
        #expect(plan.result.keptShown == 2)
        #expect(plan.result.keptAdded.isEmpty)
    }

    // MARK: A restoration (never goes back)

    @Test func aRestorationOfTheRoutesShownKeepsThemAll() {
        var plan = Plan(shown: ["root", "a", "b", "a"], cursor: -1, goesBack: false)
        for (index, route) in ["root", "a", "b", "a"].enumerated() {
            #expect(plan.step(route) == .found(.shown(index)))
        }
        #expect(plan.result.keptShown == 4)
        #expect(plan.result.keptAdded.isEmpty)
    }

    @Test func aRestorationWithARepeatedRouteAddsItAgain() {
        var plan = Plan(shown: ["root"], cursor: -1, goesBack: false)
        #expect(plan.step("root") == .found(.shown(0)))
        #expect(plan.step("a") == .new(index: 0))
        #expect(plan.step("b") == .new(index: 1))
        #expect(plan.step("a") == .new(index: 2))
        #expect(plan.result.keptShown == 1)
        #expect(plan.result.keptAdded == [0, 1, 2])
    }

    @Test func aRestorationShorterThanWhatIsShownDropsTheRest() {
        var plan = Plan(shown: ["a", "b", "a"], cursor: -1, goesBack: false)
        #expect(plan.step("a") == .found(.shown(0)))
        #expect(plan.result.keptShown == 1, "it ends with exactly the routes it was given")
    }

    @Test func aRestorationThatDiffersKeepsTheCommonStartAndNeverGoesBack() {
        var plan = Plan(shown: ["root", "x", "a"], cursor: -1, goesBack: false)
        #expect(plan.step("root") == .found(.shown(0)))
        #expect(plan.step("a") == .new(index: 0), "not back to the shown a: it lies after x, which goes")
        #expect(plan.result.keptShown == 1)
        #expect(plan.result.keptAdded == [0])
    }

    @Test func aStepThatRepeatsTheCurrentRouteStaysOnIt() {
        var plan = Plan(shown: ["list", "movie 1"])
        #expect(plan.step("movie 1") == .found(.shown(1)))
        #expect(plan.result.keptShown == 2)
        #expect(plan.result.keptAdded.isEmpty)
    }

    @Test func aNewStepAfterAGoBackDropsWhatLayAfterIt() {
        var plan = Plan(shown: ["list", "movie 1", "movie 2"])
        #expect(plan.step("list") == .found(.shown(0)))
        #expect(plan.step("search") == .new(index: 0))
        #expect(plan.step("movie 2") == .new(index: 1), "movie 2 was dropped by the step before")
        #expect(plan.result.keptShown == 1)
        #expect(plan.result.keptAdded == [0, 1])
    }

    // MARK: Withdrawing

    @Test func withdrawingANewStepPutsTheCursorBackWhereItWas() {
        var plan = Plan(shown: ["home", "tabs"])
        #expect(plan.step("settings tab") == .new(index: 0))
        plan.withdrawLast()
        #expect(plan.current == .shown(1))
        #expect(plan.result.keptShown == 2)
        #expect(plan.result.keptAdded.isEmpty)
        #expect(plan.added == ["settings tab"], "the routes added stay, so indexes given out stay valid")
    }

    @Test func aWithdrawnStepIsNotFoundAgain() {
        var plan = Plan(shown: ["home"])
        #expect(plan.step("tab") == .new(index: 0))
        plan.withdrawLast()
        #expect(plan.step("other") == .new(index: 1))
        #expect(plan.step("tab") == .new(index: 2), "its old place now holds another route")
        #expect(plan.result.keptAdded == [1, 2])
    }

    @Test func withdrawingWhenTheLastOfTheListWasShownChangesNothing() {
        var plan = Plan(shown: ["list", "movie 1"])
        #expect(plan.step("list") == .found(.shown(0)))
        plan.withdrawLast()
        #expect(plan.current == .shown(0))
        #expect(plan.result.keptShown == 1)
    }

    // MARK: The cursor

    @Test func aPlanStartsOnTheMostRecentRouteByDefault() {
        let plan = Plan(shown: ["list", "movie 1", "movie 2"])
        #expect(plan.current == .shown(2))
        #expect(plan.result.keptShown == 3)
    }

    @Test func aCursorBeforeTheFirstKeepsNothingUntilAStepMatchesTheFirstRoute() {
        var plan = Plan(shown: ["list", "movie 1"], cursor: -1)
        #expect(plan.current == nil)
        #expect(plan.result.keptShown == 0)
        #expect(plan.step("list") == .found(.shown(0)))
        #expect(plan.result.keptShown == 1)
    }

    @Test func aNewFirstStepWithTheCursorBeforeTheFirstDropsEverythingShown() {
        var plan = Plan(shown: ["list", "movie 1"], cursor: -1)
        #expect(plan.step("search") == .new(index: 0))
        #expect(plan.step("list") == .new(index: 1), "list was dropped by the step before")
        #expect(plan.result.keptShown == 0)
        #expect(plan.result.keptAdded == [0, 1])
    }

    @Test func aCursorInsideTheRoutesGoesOnFromThere() {
        var plan = Plan(shown: ["list", "movie 1", "reviews 1"], cursor: 1)
        #expect(plan.current == .shown(1))
        #expect(plan.step("reviews 1") == .found(.shown(2)))
        #expect(plan.result.keptShown == 3)
    }

    @Test func aCursorPastTheLastRouteStopsOnTheLast() {
        let plan = Plan(shown: ["list", "movie 1"], cursor: 7)
        #expect(plan.current == .shown(1))
    }

    @Test func aPlanOverNoRoutesHasNoCursor() {
        var plan = Plan(shown: [])
        #expect(plan.current == nil)
        #expect(plan.step("list") == .new(index: 0))
        #expect(plan.result.keptAdded == [0])
    }

    // MARK: The result

    @Test func theResultDropsWhatLiesAfterTheCursor() {
        var plan = Plan(shown: ["list", "movie 1", "reviews 1", "review 3"])
        #expect(plan.step("movie 1") == .found(.shown(1)))
        #expect(plan.result.keptShown == 2)
        #expect(plan.result.keptAdded.isEmpty)
    }

    @Test func theResultOfACursorInsideWithNoStepsDropsWhatLiesAfterIt() {
        let plan = Plan(shown: ["list", "movie 1", "reviews 1"], cursor: 0)
        #expect(plan.result.keptShown == 1)
    }

    // MARK: Size

    @Test func aPlanOfTenThousandDistinctStepsFinishes() {
        let count = 10_000
        var plan = RoutePlan<Int>(shown: [])
        var new = 0
        for route in 0..<count {
            if case .new = plan.step(route) { new += 1 }
        }
        #expect(new == count)
        #expect(plan.result.keptShown == 0)
        #expect(plan.result.keptAdded == Array(0..<count))
    }

    @Test func tenThousandStepsThatEachGoBackOverTheRoutesShownFinish() {
        let count = 10_000
        var plan = RoutePlan<Int>(shown: Array(0..<count))
        var found = 0
        // Every route once more, oldest first: the first goes back to the oldest, each next
        // one keeps the route after the cursor.
        for route in 0..<count {
            if plan.step(route) == .found(.shown(route)) { found += 1 }
        }
        #expect(found == count)
        #expect(plan.result.keptShown == count)
        #expect(plan.result.keptAdded.isEmpty)
    }
}
