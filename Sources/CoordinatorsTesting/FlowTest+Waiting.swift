import Coordinators

// Typed waits: a screen on a presenter, a coordinator in the tree, the root's output. Each
// fails with a message naming what it awaited and what was there instead — at once if the
// tree ends first, else when the time limit is reached.

extension FlowTest {
    /// Waits until a screen of type `S` for which `predicate` holds is presented on
    /// `presenter` (the most recent one, if several are) and returns it, so the test can
    /// call its actions without casts.
    ///
    /// Throws `FlowTestFailure` `.treeEnded` if the tree ends first.
    ///
    /// Cancellation: throws `CancellationError`.
    public func screen<S: Screen>(
        _ type: S.Type = S.self, on presenter: some HeadlessPresenter,
        where predicate: @escaping @Sendable (S) -> Bool = { _ in true }
    ) async throws -> S {
        try await presentation(of: type, on: presenter, where: predicate).screen as! S
    }

    /// Waits until a screen of type `S` for which `predicate` holds is presented on
    /// `presenter` and returns its presentation (the most recent one, if several are): to
    /// answer it, await its dismissal, or set a confirmation.
    ///
    /// Throws `FlowTestFailure` `.treeEnded` if the tree ends first.
    ///
    /// Cancellation: throws `CancellationError`.
    public func presentation<S: Screen>(
        of type: S.Type = S.self, on presenter: some HeadlessPresenter,
        where predicate: @escaping @Sendable (S) -> Bool = { _ in true }
    ) async throws -> Presentation {
        try await wait(on: presenter, for: "\(S.self) to be presented on \"\(presenter.name)\"") { state in
            state.presentations.last { $0.isPresented && ($0.screen as? S).map(predicate) == true }
        }
    }

    /// Waits until a coordinator of type `C` runs in the tree and returns it (the one that
    /// started first, if several run), so the test can call its actor methods.
    ///
    /// Throws `FlowTestFailure` `.treeEnded` if the tree ends first.
    ///
    /// Cancellation: throws `CancellationError`.
    public func coordinator<C: Coordinator>(_ type: C.Type = C.self) async throws -> C {
        try await waitForTree("a \(C.self) to run") { $0.running(C.self) }
    }

    /// Waits until a coordinator of type `C` has ended, and returns its end event (its last:
    /// `finished`, `failed`, `cancelled` or `endedByDismissal`). If several have, the first
    /// that ended; `ended(_:)` with an instance waits for that one.
    ///
    /// Throws `FlowTestFailure` `.treeEnded` if the tree ends first without one.
    ///
    /// Cancellation: throws `CancellationError`.
    @discardableResult
    public func ended<C: Coordinator>(_ type: C.Type = C.self) async throws -> LifecycleEvent {
        let typeID = ObjectIdentifier(C.self)
        return try await waitForTree("a \(C.self) to end") { state in
            state.events.first { event in
                event.kind.isEnd && state.coordinators.contains { $0.id == event.coordinator && $0.type == typeID }
            }
        }
    }

    /// Waits until `coordinator` has ended, and returns its end event.
    ///
    /// Throws `FlowTestFailure` `.treeEnded` if the tree ends first without it.
    ///
    /// Cancellation: throws `CancellationError`.
    @discardableResult
    public func ended(_ coordinator: some Coordinator) async throws -> LifecycleEvent {
        let object = ObjectIdentifier(coordinator)
        return try await waitForTree("\(type(of: coordinator)) to end") { state in
            guard let id = state.coordinators.first(where: { $0.objectID == object })?.id else { return nil }
            return state.events.first { $0.kind.isEnd && $0.coordinator == id }
        }
    }

    /// The root's outcome: waits until the root has ended and its whole tree is torn down.
    ///
    /// Cancellation: throws `CancellationError`.
    public var outcome: FlowOutcome<Root.Output> {
        get async throws {
            try await recorder.awaiting(
                "the root to end", found: { [tree] in "\(tree.snapshot())" },
                until: { try await recorder.waitUntil { $0.outcome != nil } })
            return recorder.state.outcome as! FlowOutcome<Root.Output>
        }
    }

    /// The root's output: waits as `outcome` does, then returns the output or throws what
    /// `FlowOutcome.get()` throws (the root's error, `FlowDismissed`, `CancellationError`).
    ///
    /// Cancellation: throws `CancellationError`.
    public var output: Root.Output {
        get async throws { try await outcome.get() }
    }

    // MARK: Waiting

    /// Waits until `find` finds something in `presenter`'s state; fails at once if the tree
    /// ends first. Checks again on every change the presenter reports and on every lifecycle
    /// event (a presenter of the user's own may not report its presentations' phases; the
    /// runtime's `presented` and `dismissed` events follow them).
    func wait<P: HeadlessPresenter, Found: Sendable>(
        on presenter: P, for what: String, _ find: @escaping @Sendable (P.State) -> Found?
    ) async throws -> Found {
        recorder.watch(presenter)
        let found = { @Sendable in presenter.describedSurface }
        return try await recorder.awaiting(what, found: found) { () async throws -> Found in
            while true {
                let seen = recorder.state.events.count
                if let value = find(presenter.state) { return value }
                if recorder.state.treeEnded {
                    try Task.checkCancellation()  // the test was cancelled, which ended the tree
                    throw FlowTestFailure(.treeEnded, "the tree ended while waiting for \(what). There: \(found()).")
                }
                try await firstOf(
                    { try await presenter.waitUntil { find($0) != nil } },
                    { try await self.recorder.waitUntil { $0.treeEnded || $0.events.count != seen } })
            }
        }
    }

    /// Waits until `find` finds something in what the kit recorded of the tree; fails if the
    /// tree ends first.
    func waitForTree<Found>(
        _ what: String, _ find: @escaping @Sendable (FlowTestRecorder.State) -> Found?
    ) async throws -> Found {
        let found = { @Sendable [tree] in "\(tree.snapshot())" }
        return try await recorder.awaiting(what, found: found) {
            while true {
                try await recorder.waitUntil { find($0) != nil || $0.treeEnded }
                let state = recorder.state
                if let value = find(state) { return value }
                if state.treeEnded {
                    try Task.checkCancellation()  // the test was cancelled, which ended the tree
                    throw FlowTestFailure(.treeEnded, "the tree ended while waiting for \(what).")
                }
            }
        }
    }
}

/// Returns once either operation returns; cancels the other.
private func firstOf(
    _ first: @escaping @Sendable () async throws -> Void, _ second: @escaping @Sendable () async throws -> Void
) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask(operation: first)
        group.addTask(operation: second)
        defer { group.cancelAll() }
        try await group.next()
    }
}

extension FlowTest {
    /// Waits until at least `sleepers` timers sleep on `clock` (a timeout's, a race's), then
    /// advances it by `duration`: the timers whose deadline it reaches fire, earliest first.
    /// Waiting first means the advance cannot come before the timer it is meant for.
    ///
    /// Throws `FlowTestFailure` `.treeEnded` if the tree ends before enough timers sleep.
    ///
    /// Cancellation: throws `CancellationError` while waiting; the clock is not advanced.
    public func advanceClock(by duration: Duration, onceSleeping sleepers: Int = 1) async throws {
        let what = "\(sleepers) timer(s) to sleep on the test clock"
        let found = { @Sendable [clock, tree] in "\(clock.sleeperCount) sleeping; tree: \(tree.snapshot())" }
        try await recorder.awaiting(what, found: found) {
            while clock.sleeperCount < sleepers {
                if recorder.state.treeEnded {
                    try Task.checkCancellation()
                    throw FlowTestFailure(.treeEnded, "the tree ended while waiting for \(what). There: \(found()).")
                }
                try await firstOf(
                    { try await self.clock.waitForSleepers(atLeast: sleepers) },
                    { try await self.recorder.waitUntil(\.treeEnded) })
            }
        }
        clock.advance(by: duration)
    }
}
