import Testing

@testable import Coordinators

/// `FormReplay`, one (state, event) pair per test: what a form does at its next step, and
/// after one of its steps left. A step is shown by its name here.
struct FormReplayTests {
    /// The type of screen every step of these forms is.
    private let step = ObjectIdentifier(String.self)

    /// A form whose first run pushed `names`, each answered with its name's length.
    private func replay(pushed names: [String]) -> FormReplay<String> {
        var replay = FormReplay<String>()
        for name in names { replay.pushed(name, answered: name.count, screen: step) }
        return replay
    }

    /// What `next` is, as a word and what shows it.
    private func next(_ replay: FormReplay<String>) -> String {
        switch replay.next {
        case .replayed(let shown, let answer): "replayed \(shown) \(answer)"
        case .waitsAgain(let shown): "waitsAgain \(shown)"
        case .pushed(let below, let lastAnswer):
            "pushed above \(below ?? "nothing") \(lastAnswer.map { "\($0.answer)" } ?? "-")"
        }
    }

    @Test func theFirstStepIsPushedAboveNothing() {
        #expect(next(FormReplay<String>()) == "pushed above nothing -")
    }

    @Test func aStepAnsweredIsKeptAndTheNextIsPushedAboveIt() {
        let replay = replay(pushed: ["name"])
        #expect(replay.steps.map(\.shown) == ["name"])
        #expect(replay.cursor == 1)
        #expect(next(replay) == "pushed above name -")
    }

    @Test func aPersonsPopGoesBackToTheStepLeftOnTopAndAbandonsTheRun() {
        var replay = replay(pushed: ["name", "age"])
        #expect(replay.stepLeft(.byUser, stillShown: 1, lowestGone: .byUser) == .goesBack)
        #expect(replay.steps.map(\.shown) == ["name"])
        #expect(replay.steps[0].answer == nil, "the step left on top waits for a new answer")
        #expect(replay.steppedBack)
    }

    @Test func aPopOfSeveralStepsGoesBackToTheLowestLeft() {
        var replay = replay(pushed: ["name", "age", "color"])
        #expect(replay.stepLeft(.byUser, stillShown: 1, lowestGone: nil) == .goesBack, "age may still be leaving")
        #expect(replay.steps.map(\.shown) == ["name"])
    }

    @Test func aRunAfterAStepBackReplaysTheStepsBelowTheOneThatWaitsAgain() {
        var replay = replay(pushed: ["name", "age", "color"])
        _ = replay.stepLeft(.byUser, stillShown: 2, lowestGone: .byUser)
        replay.beginRun()
        #expect(!replay.steppedBack)
        #expect(next(replay) == "replayed name 4")
        replay.replayed()
        #expect(next(replay) == "waitsAgain age")
    }

    @Test func theStepThatWaitedAgainTakesItsNewAnswerAndTheNextIsPushedWithItsLast() {
        var replay = replay(pushed: ["name", "age", "color"])
        _ = replay.stepLeft(.byUser, stillShown: 2, lowestGone: .byUser)
        replay.beginRun()
        replay.replayed()
        replay.answered(99, screen: step)
        #expect(replay.steps[1].answer as? Int == 99)
        #expect(replay.lastAnswers[1]?.answer as? Int == 99)
        #expect(next(replay) == "pushed above age 5", "color's last answer, for its screen pushed anew")
    }

    @Test func aLastAnswerKeepsTheTypeOfScreenThatGaveIt() {
        var replay = replay(pushed: ["email"])
        _ = replay.stepLeft(.byUser, stillShown: 1, lowestGone: nil)
        replay.beginRun()
        replay.answered(7, screen: ObjectIdentifier(Int.self))
        #expect(replay.lastAnswers[0]?.screen == ObjectIdentifier(Int.self), "another branch's screen here")
    }

    @Test func anAnswerInTheWrongPlaceIsRememberedForTheStepPushedThere() {
        var replay = replay(pushed: ["name"])
        replay.remember("lost", screen: step)
        #expect(replay.steps.count == 1, "not a step")
        #expect(next(replay) == "pushed above name lost")
    }

    @Test func aPopOfTheFirstStepEndsTheFormDismissedByThePerson() {
        var replay = replay(pushed: ["name", "age"])
        #expect(replay.stepLeft(.byUser, stillShown: 0, lowestGone: .byUser) == .ends(.byUser))
        #expect(!replay.steppedBack)
    }

    @Test func aRemovalThatIsNotAPersonsEndsTheFormWithItsReason() {
        var replay = replay(pushed: ["name", "age"])
        #expect(replay.stepLeft(.byCoordinator, stillShown: 1, lowestGone: .byCoordinator) == .ends(.byCoordinator))
        #expect(replay.steps.count == 2, "nothing is dropped")
    }

    @Test func aPersonsPopOverAStepRemovedAnotherWayEndsTheFormWithThatReason() {
        var replay = replay(pushed: ["name", "age", "color"])
        #expect(replay.stepLeft(.byUser, stillShown: 1, lowestGone: .replaced) == .ends(.replaced))
    }

    @Test func aRunThatStopsBeforeTheStepThatWaitsAgainDidNotReachEveryStep() {
        var replay = replay(pushed: ["name", "age"])
        #expect(replay.reachedEveryStep)
        _ = replay.stepLeft(.byUser, stillShown: 1, lowestGone: .byUser)
        replay.beginRun()
        #expect(!replay.reachedEveryStep)
    }

    @Test func theEndHandsOverTheStepsTopFirstAndKeepsNothing() {
        var replay = replay(pushed: ["name", "age"])
        #expect(replay.end() == ["age", "name"])
        #expect(replay.steps.isEmpty)
        #expect(replay.lastAnswers.isEmpty)
    }
}
