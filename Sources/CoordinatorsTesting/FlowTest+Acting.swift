import Coordinators

// Acting as a person through the headless presenters: tapping what is visible, answering a
// question, swiping back and down, selecting a tab, gestures begun and abandoned. Errors of
// these actions are thrown, so they fail the test.

extension FlowTest {
    /// Waits until a screen of type `S` for which `predicate` holds is visible on
    /// `presenter` (a person can only tap
    /// what they see: the top of a stack or of the modals, the selected tab), then starts
    /// `action` with it — the screen's action, as its view's button would — and returns
    /// without waiting for the action to return: an action that runs a sub-flow returns only
    /// when that flow ends, and the test goes on meanwhile.
    ///
    /// The action runs in a task the kit owns: the end of the test waits for it. Await the
    /// returned tap's `value` to check what the action returned or threw; an error nobody
    /// awaited fails the test at its end (`.actionFailed`). What it returned is kept by the
    /// tap, not by the kit: a tap the test drops releases it (see `Tap`).
    ///
    /// Throws `FlowTestFailure` `.treeEnded` if the tree ends before the screen is visible.
    ///
    /// Cancellation: throws `CancellationError` while waiting. A test that fails or is
    /// cancelled cancels the actions still running.
    @discardableResult
    public func tap<S: Screen, Value: Sendable>(
        _ type: S.Type = S.self, on presenter: some HeadlessPresenter,
        where predicate: @escaping @Sendable (S) -> Bool = { _ in true },
        _ action: @escaping @Sendable (S) async throws -> Value
    ) async throws -> Tap<Value> {
        let screen =
            try await wait(on: presenter, for: "\(S.self) to be visible on \"\(presenter.name)\"") { state in
                state.visiblePresentations.last { $0.isPresented && ($0.screen as? S).map(predicate) == true }
            }.screen as! S
        let tap = Tap(of: "\(S.self)", recorder: recorder) { try await action(screen) }
        taps.withLock { $0.append(tap.action) }
        return tap
    }

    /// Waits until a screen of type `S`, asked with `flow.ask`, for which `predicate` holds,
    /// is visible on `presenter` and not answered yet, then gives it `answer` — as a person
    /// submitting the form.
    ///
    /// Throws the `CoordinatorError` of `Presentation.answer(_:)`, or `FlowTestFailure`
    /// `.treeEnded` if the tree ends before the question is visible.
    ///
    /// Cancellation: throws `CancellationError` while waiting.
    public func answer<S: Screen>(
        _ type: S.Type = S.self, on presenter: some HeadlessPresenter,
        where predicate: @escaping @Sendable (S) -> Bool = { _ in true }, with answer: S.Answer
    ) async throws {
        let question = try await wait(
            on: presenter, for: "an unanswered \(S.self) to be visible on \"\(presenter.name)\""
        ) { state in
            state.visiblePresentations.last {
                $0.isPresented && !$0.isAnswered && ($0.screen as? S).map(predicate) == true
            }
        }
        try question.answer(answer)
    }

    /// Waits until an `Alert` or a `ConfirmationDialog` with a button titled `title` is
    /// visible on `presenter` and not answered yet, then taps that button, as a person would:
    /// the `flow.ask` that showed it returns the button's value.
    ///
    /// Throws the `CoordinatorError` of `Presentation.answer(_:)`, or `FlowTestFailure`
    /// `.treeEnded` if the tree ends before such an alert is visible.
    ///
    /// Cancellation: throws `CancellationError` while waiting.
    public func tap(button title: String, on presenter: some HeadlessPresenter) async throws {
        try await tapButton("titled \"\(title)\"", on: presenter) { $0.title == title }
    }

    /// Waits until an `Alert` or a `ConfirmationDialog` with a button of `role` is visible on
    /// `presenter` and not answered yet, then taps the first such button, as a person would.
    /// To dismiss it without a button (a tap outside), swipe it down instead
    /// (`swipeDown(on:)`).
    ///
    /// Throws as `tap(button:on:)` with a title.
    ///
    /// Cancellation: throws `CancellationError` while waiting.
    public func tap(button role: AlertButtonRole, on presenter: some HeadlessPresenter) async throws {
        try await tapButton("of role \(role)", on: presenter) { $0.role == role }
    }

    private func tapButton(
        _ described: String, on presenter: some HeadlessPresenter,
        matching matches: @escaping @Sendable ((title: String, role: AlertButtonRole)) -> Bool
    ) async throws {
        let alert = try await wait(
            on: presenter, for: "an alert with a button \(described) to be visible on \"\(presenter.name)\""
        ) { state in
            state.visiblePresentations.last {
                $0.isPresented && !$0.isAnswered
                    && (($0.screen as? any AlertContent)?.buttonLabels.contains(where: matches) ?? false)
            }
        }
        let content = alert.screen as! any AlertContent
        let index = content.buttonLabels.firstIndex(where: matches)!
        try alert.answer(content.answer(forButtonAt: index))
    }

    /// Drags the sheet on `presenter` to `detent`, as a person would: its coordinator sees
    /// the change (`Presentation.waitForDetent(where:)`, the `detentChanged` event).
    ///
    /// Throws `FlowTestFailure` `.gestureRefused` if the sheet rests there already, or the
    /// presenter's `CoordinatorError` (`nothingToDismiss`, `noSuchDetent`).
    ///
    /// Cancellation: none; the drag applies at once.
    public func dragSheet(to detent: SheetDetents.Detent, on presenter: some UserSelectingDetents) throws {
        recorder.watch(presenter)
        try expectDone(try presenter.userSelectDetent(detent), "dragging the sheet to \(detent)", on: presenter)
    }

    /// Swipes back on `navigation` (a `NavigationPresenter`, a `ModalNavigationPresenter`, or
    /// any `UserPopping` presenter): pops its top screen as a person would, after the
    /// confirmations its coordinators set.
    ///
    /// A confirmation that asks a question ("Discard your changes?") keeps the swipe waiting
    /// for its answer: answer it in `whileConfirming`, which runs alongside the swipe, as the
    /// person would:
    ///
    /// ```swift
    /// try await test.swipeBack(on: navigation) {
    ///     try await test.answer(DiscardQuestion.self, on: alerts, with: true)
    /// }
    /// ```
    ///
    /// Returns once the swipe and `whileConfirming` have both returned. Throws
    /// `FlowTestFailure` `.gestureRefused` if nothing was popped (only the root is left, or a
    /// confirmation refused), the presenter's `CoordinatorError`, or what `whileConfirming`
    /// throws, after cancelling the swipe (its confirmations see the cancellation and
    /// refuse). To test a refusal, expect `.gestureRefused`.
    ///
    /// Cancellation: cancels `whileConfirming`; the confirmations see it, and one that throws
    /// refuses.
    public func swipeBack(
        on navigation: some UserPopping, whileConfirming person: (@Sendable () async throws -> Void)? = nil
    ) async throws {
        try await swipe("swipe back", "swipeBack", on: navigation, whileConfirming: person) {
            try await navigation.userPop()
        }
    }

    /// Swipes the top modal down (of a `ModalPresenter`, a `ModalNavigationPresenter`, which
    /// leaves whole, or any `UserDismissing` presenter), after the confirmations its
    /// coordinators set.
    ///
    /// A confirmation that asks a question keeps the swipe waiting for its answer: answer it
    /// in `whileConfirming`, which runs alongside the swipe, as `swipeBack(on:whileConfirming:)`
    /// shows. Returns once both have returned.
    ///
    /// Throws `FlowTestFailure` `.gestureRefused` if nothing was dismissed (no modal, or a
    /// confirmation refused), the presenter's `CoordinatorError`, or what `whileConfirming`
    /// throws, after cancelling the swipe (its confirmations see the cancellation and
    /// refuse).
    ///
    /// Cancellation: cancels `whileConfirming`; the confirmations see it, and one that throws
    /// refuses.
    public func swipeDown(
        on modal: some UserDismissing, whileConfirming person: (@Sendable () async throws -> Void)? = nil
    ) async throws {
        try await swipe("swipe down", "swipeDown", on: modal, whileConfirming: person) {
            try await modal.userDismiss()
        }
    }

    /// Taps the tab at `index`, as a person would (tapping the selected tab of a stack pops
    /// it to its root). Throws the presenter's `CoordinatorError` (an index out of range).
    ///
    /// Cancellation: none; the tap applies at once.
    public func selectTab(_ index: Int, on tabs: TabPresenter) async throws {
        recorder.watch(tabs)
        try await tabs.userSelectTab(index)
    }

    /// Taps the tab titled `title`, as `selectTab(_:on:)` does. Throws `FlowTestFailure`
    /// `.misuse` if no tab has that title.
    ///
    /// Cancellation: none; the tap applies at once.
    public func selectTab(titled title: String, on tabs: TabPresenter) async throws {
        try await selectTab(try tabIndex(titled: title, in: tabs.tabItems, of: tabs.name), on: tabs)
    }

    /// Begins a swipe back on `navigation` (any `UserPopping` presenter) and returns it half
    /// way: `cancel()` it to abandon it (nothing changes), or `complete()` it. Throws the
    /// presenter's `CoordinatorError` (nothing to pop, a gesture already in progress).
    public func beginSwipeBack(on navigation: some UserPopping) throws -> UserGesture {
        recorder.watch(navigation)
        return try navigation.beginUserPop()
    }

    /// Begins a swipe down on `modal` (any `UserDismissing` presenter) and returns it half
    /// way, as `beginSwipeBack(on:)` does.
    public func beginSwipeDown(on modal: some UserDismissing) throws -> UserGesture {
        recorder.watch(modal)
        return try modal.beginUserDismiss()
    }

    private func tabIndex(titled title: String, in items: [TabItem], of bar: String) throws -> Int {
        guard let index = items.firstIndex(where: { $0.title == title }) else {
            throw FlowTestFailure(
                .misuse, "the test tapped a tab titled \"\(title)\", but \"\(bar)\" has \(items.map(\.title)).")
        }
        return index
    }

    /// Makes a person's `gesture` with `remove` (which asks the confirmations first), with
    /// `person` running alongside to answer what they ask, as a wait that the time limit's
    /// message names after the kit's method, `call`. Fails with `.gestureRefused` if the
    /// gesture removed nothing. An error of either cancels the other.
    private func swipe(
        _ gesture: String, _ call: String, on presenter: some HeadlessPresenter,
        whileConfirming person: (@Sendable () async throws -> Void)?,
        _ remove: @escaping @Sendable () async throws -> Bool
    ) async throws {
        recorder.watch(presenter)
        let what =
            person == nil
            ? "\(call)(on:) on \"\(presenter.name)\" to end (its confirmations are asked first: answer a question "
                + "they ask in \(call)(on:whileConfirming:))"
            : "\(call)(on:whileConfirming:) on \"\(presenter.name)\" to end"
        let found = { @Sendable [tree] in "\(presenter.describedSurface); tree: \(tree.snapshot())" }
        let removed = try await recorder.awaiting(what, found: found) {
            guard let person else { return try await remove() }
            return try await withThrowingTaskGroup(of: Bool?.self) { group in
                group.addTask { try await remove() }
                group.addTask {
                    try await person()
                    return nil
                }
                var removed = false
                for try await case let done? in group { removed = done }
                return removed
            }
        }
        try expectDone(removed, gesture, on: presenter)
    }

    private func expectDone(_ done: Bool, _ gesture: String, on presenter: some HeadlessPresenter) throws {
        guard done else {
            let shown = presenter.describedPresentations
            throw FlowTestFailure(
                .gestureRefused,
                "\(gesture) on \"\(presenter.name)\" removed nothing: a confirmation refused it, or there was nothing "
                    + "to remove. There: \(shown.isEmpty ? "nothing" : shown).")
        }
    }
}
