import Testing

@testable import Coordinators

/// One (standings, event) pair per test: the first racer to end wins, later ones only count.
struct RaceStandingsTests {
    @Test func theFirstRacerToEndWins() {
        var standings = RaceStandings<String>(racers: 2)
        let won = standings.racerEnded(1, .finished("b"))
        #expect(won)
        #expect(standings.winner?.index == 1)
        #expect(standings.winner?.outcome.output == "b")
        #expect(!standings.isOver)
    }

    @Test func aRacerEndingAfterTheWinnerLosesAndLeavesTheWinnerAlone() {
        var standings = RaceStandings<String>(racers: 2)
        _ = standings.racerEnded(0, .cancelled)
        let won = standings.racerEnded(1, .finished("b"))
        #expect(!won)
        #expect(standings.winner?.index == 0)
        guard case .cancelled? = standings.winner?.outcome else {
            Issue.record("the winner's outcome changed")
            return
        }
    }

    @Test func theRaceIsOverWhenEveryRacerHasEnded() {
        var standings = RaceStandings<String>(racers: 3)
        _ = standings.racerEnded(2, .failed(CancellationError()))
        _ = standings.racerEnded(0, .cancelled)
        #expect(!standings.isOver)
        _ = standings.racerEnded(1, .cancelled)
        #expect(standings.isOver)
        #expect(standings.ended == 3)
    }

    @Test func noRacerHasWonBeforeAnyEnds() {
        let standings = RaceStandings<Int>(racers: 2)
        #expect(standings.winner == nil)
        #expect(standings.ended == 0)
        #expect(!standings.isOver)
    }
}
