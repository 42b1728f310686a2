import Observation

/// A split's own state: its horizontal size class (collapsed or not) and its revision; the
/// columns' content lives in the columns.
struct SplitLayout: HeadlessState {
    var horizontalSizeClass: SplitPresenter.SizeClass
    var revision = 0
}

/// A headless split view: a primary column, an optional supplementary one and a detail
/// column, side by side in regular width and collapsed into one stack in compact width, as
/// `UISplitViewController` and `NavigationSplitView` do.
///
/// Not itself a `Presenter`: a container of presenters, one `NavigationPresenter` per column
/// (`presenter(forColumn:)`). The columns are the source of truth: coordinators present,
/// push and pop on a column's stack, and routes, deep links and restoration act on those
/// stacks as on any other. The horizontal size class is an input, as a gesture is
/// (`setHorizontalSizeClass(_:)`): it changes only how the columns are shown, never what
/// they hold. Collapsed, a person sees one stack, the primary's, then the supplementary's,
/// then the detail's (`State.collapsedStack`): a detail shown while expanded is on top of
/// it, and going back from the detail's root shows the primary; expanded again, it is back
/// in the detail column. Nothing is dismissed by collapsing or expanding.
///
/// `userPop()` and `beginUserPop()` are a person's back gesture on the split (see
/// `SplitBackRule`): collapsed, it pops the top of the collapsed stack, which may be a
/// column's root but never the primary's; expanded, it is the back button of the rightmost
/// column that shows anything (the detail, usually), which keeps that column's root. Each
/// column's own `userPop()` stays the back button of that column's own bar. Not bound to
/// the main actor.
///
/// ```text
///   regular: primary [Mailboxes] │ detail [Message]
///   setHorizontalSizeClass(.compact) ──▶ [Mailboxes, Message] ──userPop()──▶ [Mailboxes]  (Message: byUser)
/// ```
public final class SplitPresenter: Observable, Sendable {
    /// A column of the split.
    public enum Column: Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The leading column: a sidebar, a list of mailboxes. Its root is the bottom of
        /// the collapsed stack.
        case primary
        /// The middle column of a three-column split: the messages of a mailbox.
        case supplementary
        /// The trailing column: what the others select, a message.
        case detail

        /// The column's name, such as `detail`.
        public var description: String {
            switch self {
            case .primary: "primary"
            case .supplementary: "supplementary"
            case .detail: "detail"
            }
        }
    }

    /// How many columns the split has, as `UISplitViewController.Style` says.
    public enum Style: Sendable, Hashable {
        /// A primary and a detail column.
        case doubleColumn
        /// A primary, a supplementary and a detail column.
        case tripleColumn

        /// The columns of this style, in order.
        var columns: [Column] {
            switch self {
            case .doubleColumn: [.primary, .detail]
            case .tripleColumn: [.primary, .supplementary, .detail]
            }
        }
    }

    /// The width the split has, as the horizontal size class of its trait collection says.
    public enum SizeClass: Sendable, Hashable {
        /// Narrow (an iPhone, a slide-over): the columns collapse into one stack.
        case compact
        /// Wide (an iPad in full screen): the columns are side by side.
        case regular
    }

    /// One column, as plain values.
    public struct ColumnStack: Sendable, Hashable {
        /// Which column it is.
        public var column: Column
        /// Its stack, root first.
        public var stack: [Presentation]
        /// What a person's swipe in progress on this column would pop; empty when none is.
        public var gestureInProgress: [Presentation]

        /// The top of its stack.
        public var top: Presentation? { stack.last }
    }

    /// The split as plain values. Each column's stack is read from its presenter in turn, so
    /// it is consistent column by column (not one atomic snapshot of all columns).
    public struct State: Sendable, Hashable {
        /// The columns, in order: primary, supplementary (a three-column split only), detail.
        public var columns: [ColumnStack]
        /// The split's width now.
        public var horizontalSizeClass: SizeClass
        /// Counts the changes applied; a size class change or any column's change adds one.
        public var revision: Int

        /// Whether the columns are collapsed into one stack (compact width).
        public var isCollapsed: Bool { horizontalSizeClass == .compact }

        /// The one stack the columns collapse into, root first: the primary's stack, then the
        /// supplementary's, then the detail's — what a person sees in compact width (its top).
        public var collapsedStack: [Presentation] { columns.flatMap(\.stack) }

        /// What a person's swipe in progress would pop, whichever column it is on; empty when
        /// none is.
        public var gestureInProgress: [Presentation] { columns.flatMap(\.gestureInProgress) }

        /// The stack of `column`, root first (empty for a column the split does not have).
        public func stack(of column: Column) -> [Presentation] {
            columns.first { $0.column == column }?.stack ?? []
        }
    }

    /// A name for logs and snapshots.
    public let name: String
    /// The split's columns, in order.
    public let columns: [Column]
    /// One stack per column, in column order.
    private let parts: [NavigationPresenter]
    private let store: HeadlessStore<SplitLayout>

    /// Creates a split with empty columns, two or three as `style` says, in
    /// `horizontalSizeClass` (`.compact` starts collapsed).
    public init(name: String = "split", style: Style = .doubleColumn, horizontalSizeClass: SizeClass = .regular) {
        self.name = name
        columns = style.columns
        let store = HeadlessStore(SplitLayout(horizontalSizeClass: horizontalSizeClass))
        self.store = store
        // A column's change is a change of the split. (The column holds the split's store,
        // never the other way round: no cycle.)
        parts = columns.map { column in
            NavigationPresenter(name: "\(name).\(column)", containerDidChange: { store.partDidChange($0) })
        }
    }

    /// The split now (observable: reading it observes the split and every column's stack).
    public var state: State { compose(store.observed) }

    /// The navigation stack of `column`: hand it to the coordinator whose screens go there.
    ///
    /// Throws `CoordinatorError` `noSuchColumn` if the split has no such column (the
    /// supplementary column of a two-column split).
    public func presenter(forColumn column: Column) throws(CoordinatorError) -> NavigationPresenter {
        guard let index = columns.firstIndex(of: column) else {
            throw CoordinatorError(
                .noSuchColumn,
                "\(name) has no \(column) column; its columns are \(columns). Create it with "
                    + "SplitPresenter(style: .tripleColumn) to give it a supplementary column.")
        }
        return parts[index]
    }

    /// Sets the split's width, as a change of its trait collection does: `.compact`
    /// collapses the columns into one stack, `.regular` puts them side by side again. One
    /// change of the split (none if it has that size class already); nothing is presented or
    /// dismissed, and a gesture in progress goes on.
    public func setHorizontalSizeClass(_ sizeClass: SizeClass) {
        store.update { state in
            defer { state.horizontalSizeClass = sizeClass }
            return ((), changed: state.horizontalSizeClass != sizeClass)
        }
    }

    /// Returns once `condition` holds for the split (at once if it holds now); see "Waiting
    /// for a state" in `Guides/Presenters.md`. `condition` is re-checked after each change of
    /// the split, of its columns, and of the presentations they show (`isPresented`,
    /// `isAnswered`, `dismissalReason`), so it may read their state.
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError`.
    public func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await store.waitUntil { [self] own in condition(compose(own)) }
    }

    // MARK: A person's back gesture

    /// Does what a person's back button or completed swipe back on the split does (see
    /// `SplitBackRule`): collapsed, pops the top of the collapsed stack — a detail's root
    /// too, which shows the primary again; expanded, pops the top of the rightmost column
    /// that shows anything, keeping its root. What it pops reports `.byUser`, after its
    /// confirmation agreed. Returns `false`, changing nothing, if the confirmation refused
    /// (or the column changed while it was being confirmed).
    ///
    /// The column is chosen from the split as it is when the gesture lands; the pop is then
    /// judged again, in one step with the removal, on that column as `NavigationPresenter`'s
    /// gestures are.
    ///
    /// Throws `CoordinatorError` `nothingToPop` if there is nothing to go back from (the
    /// primary's root alone when collapsed; a column's root alone when expanded),
    /// `gestureInProgress` while an interactive gesture on a column has not ended.
    ///
    /// Cancellation: a confirmation runs in the calling task and sees its cancellation; if
    /// it throws, the gesture is refused.
    @discardableResult
    public func userPop() async throws(CoordinatorError) -> Bool {
        let (part, keeping) = try backTarget()
        let name = part.name
        return try await part.core.store.removeTopByUser(keeping: keeping) { stack throws(CoordinatorError) in
            try SplitBackRule.count(stack.count, keeping: keeping, on: name)
        }
    }

    /// A person starts swiping back on the split: returns the gesture over what `userPop()`
    /// would pop, to `complete()` (as `userPop()`) or `cancel()` (nothing is reported).
    /// Meanwhile `state.gestureInProgress` holds it.
    ///
    /// Throws `CoordinatorError` `nothingToPop` as `userPop()` does, `gestureInProgress` if
    /// another gesture has not ended.
    public func beginUserPop() throws(CoordinatorError) -> UserGesture {
        let (part, keeping) = try backTarget()
        let name = part.name
        return try part.core.store.beginUserGesture(keeping: keeping) { stack throws(CoordinatorError) in
            try SplitBackRule.count(stack.count, keeping: keeping, on: name)
        }
    }

    /// The column a back gesture pops from, and how many presentations it keeps at least,
    /// judged on the split as it is now.
    private func backTarget() throws(CoordinatorError) -> (NavigationPresenter, keeping: Int) {
        let isCollapsed = store.state.horizontalSizeClass == .compact
        let stacks = parts.map(\.core.store.state)
        if let busy = stacks.first(where: { !$0.gestureInProgress.isEmpty }) {
            throw CoordinatorError(
                .gestureInProgress,
                "A back gesture was made on \(name) while an interactive one, over "
                    + "\(busy.gestureInProgress.map(\.description)), was in progress. A person makes one gesture at "
                    + "a time: complete or cancel the interactive one first.")
        }
        let target = try SplitBackRule.target(stacks.map(\.stack.count), isCollapsed: isCollapsed, on: name)
        return (parts[target.columnIndex], target.keeping)
    }

    private func compose(_ own: SplitLayout) -> State {
        State(
            columns: zip(columns, parts).map { column, part in
                let stack = part.state
                return ColumnStack(column: column, stack: stack.stack, gestureInProgress: stack.gestureInProgress)
            },
            horizontalSizeClass: own.horizontalSizeClass, revision: own.revision)
    }
}
