/// What a person's back gesture on a `SplitPresenter` pops, decided from how many
/// presentations its columns hold (in column order: primary, supplementary if any, detail)
/// and whether it is collapsed.
///
/// Pure: the split reads its columns, asks this, then pops from the column it names with the
/// store's user-removal machinery (`removeTopByUser`, `beginUserGesture`), which judges the
/// column again when the gesture lands.
///
/// - Collapsed (compact width: one stack, the columns' stacks one after another): the top of
///   that stack, which may be a column's root — a detail's root pops back to the primary —
///   but never the bottom of the whole stack (the primary's root).
/// - Expanded (regular width: the columns side by side): the back button of the rightmost
///   column that shows anything (the detail, usually), which keeps that column's root.
enum SplitBackRule {
    /// The column a back gesture pops from (its index in the counts given), and how many
    /// presentations that column keeps at least.
    struct Target: Equatable {
        let columnIndex: Int
        let keeping: Int
    }

    /// The target of a back gesture on columns whose stacks hold `counts` presentations.
    ///
    /// Throws `CoordinatorError` `nothingToPop` if there is nothing a back gesture may pop:
    /// collapsed, fewer than two presentations in all; expanded, fewer than two in the
    /// rightmost column that shows anything.
    static func target(
        _ counts: [Int], isCollapsed: Bool, on name: String
    ) throws(CoordinatorError) -> Target {
        guard let index = counts.lastIndex(where: { $0 > 0 }) else {
            throw nothingToPop(on: name, "shows nothing")
        }
        let below = counts[..<index].reduce(0, +)
        if isCollapsed {
            guard below + counts[index] >= 2 else {
                throw nothingToPop(on: name, "is collapsed and shows only its bottom screen (the primary's root)")
            }
            // A column's root may go when something lies below it in the collapsed stack.
            return Target(columnIndex: index, keeping: below > 0 ? 0 : 1)
        }
        guard counts[index] >= 2 else {
            throw nothingToPop(
                on: name,
                "is expanded and its rightmost column that shows anything shows only its root (side by side, each "
                    + "column keeps its root)")
        }
        return Target(columnIndex: index, keeping: 1)
    }

    /// How many presentations a back gesture pops from its column, judged on the column's
    /// stack (`stackCount` presentations) as it is when the gesture lands: one, if `keeping`
    /// are left below it.
    static func count(_ stackCount: Int, keeping: Int, on name: String) throws(CoordinatorError) -> Int {
        guard stackCount > keeping else {
            throw nothingToPop(on: name, "changed before the gesture landed: its column has nothing to pop")
        }
        return 1
    }

    private static func nothingToPop(on name: String, _ why: String) -> CoordinatorError {
        CoordinatorError(
            .nothingToPop,
            "A back gesture was made on \(name), which \(why); a person can only go back when there is a screen "
                + "below the top one.")
    }
}
