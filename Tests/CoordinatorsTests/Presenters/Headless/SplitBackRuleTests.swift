import Testing

@testable import Coordinators

/// `SplitBackRule`, one case per test: which column a back gesture on a split pops from, and
/// what that column keeps. Each case gives how many presentations each column holds, in
/// column order (primary, …, detail).
struct SplitBackRuleTests {
    private func target(_ counts: [Int], collapsed: Bool) throws -> SplitBackRule.Target {
        try SplitBackRule.target(counts, isCollapsed: collapsed, on: "split")
    }

    @Test func collapsedADetailsRootPopsBackToThePrimary() throws {
        #expect(try target([1, 1], collapsed: true) == .init(columnIndex: 1, keeping: 0))
    }

    @Test func collapsedASupplementarysRootPopsWhenTheDetailIsEmpty() throws {
        #expect(try target([1, 1, 0], collapsed: true) == .init(columnIndex: 1, keeping: 0))
    }

    @Test func collapsedWithNothingButThePrimaryItsRootIsKept() throws {
        #expect(try target([2, 0], collapsed: true) == .init(columnIndex: 0, keeping: 1))
    }

    @Test func collapsedTheBottomOfTheStackIsKeptWhateverColumnItIsIn() throws {
        #expect(try target([0, 2], collapsed: true) == .init(columnIndex: 1, keeping: 1))
    }

    @Test func collapsedThePrimarysRootAloneHasNothingToPop() {
        let error = #expect(throws: CoordinatorError.self) { try target([1, 0], collapsed: true) }
        #expect(error?.code == .nothingToPop)
    }

    @Test func expandedTheDetailColumnKeepsItsRoot() throws {
        #expect(try target([1, 2], collapsed: false) == .init(columnIndex: 1, keeping: 1))
    }

    @Test func expandedADetailsRootAloneHasNothingToPop() {
        let error = #expect(throws: CoordinatorError.self) { try target([2, 1], collapsed: false) }
        #expect(error?.code == .nothingToPop, "side by side, the primary's back button is its own bar's")
    }

    @Test func expandedWithAnEmptyDetailThePrimarysBackButtonPops() throws {
        #expect(try target([2, 0], collapsed: false) == .init(columnIndex: 0, keeping: 1))
    }

    @Test func anEmptySplitHasNothingToPop() {
        let error = #expect(throws: CoordinatorError.self) { try target([0, 0], collapsed: true) }
        #expect(error?.code == .nothingToPop)
    }

    @Test func whenItLandsTheColumnMustStillHaveMoreThanItKeeps() throws {
        #expect(try SplitBackRule.count(1, keeping: 0, on: "split") == 1)
        #expect(throws: CoordinatorError.self) { try SplitBackRule.count(1, keeping: 1, on: "split") }
    }
}
