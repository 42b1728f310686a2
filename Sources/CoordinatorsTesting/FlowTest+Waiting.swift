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
    /// `finished`, `failed`, `cancelled` or `endedByDismissal`).
    ///
    /// Throws `FlowTestFailure` `.treeEnded` if the tree ends first without one.
    ///
    /// Cancellation: throws `CancellationError`.
    @discardableResult
    public func ended<C: Coordinator>(_ type: C.Type = C.self) async throws -> LifecycleEvent {
        let name = String(describing: C.self)
        return try await waitForTree("a \(name) to end") { state in
            state.events.first { $0.kind.isEnd && $0.coordinatorType == name }
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
    public var output: Root.Output {
        get async throws { try await outcome.get() }
    }

    // MARK: Waiting

    /// Waits until `find` finds something in `presenter`'s state; fails at once if the tree
    /// ends first.
    func wait<P: HeadlessPresenter, Found: Sendable>(
        on presenter: P, for what: String, _ find: @escaping @Sendable (P.State) -> Found?
    ) async throws -> Found {
        recorder.watch(presenter)
        let found = { @Sendable in
            let left = presenter.describedPresentations
            return left.isEmpty ? "\"\(presenter.name)\" shows nothing" : "\"\(presenter.name)\" shows \(left)"
        }
        return try await recorder.awaiting(what, found: found) { () async throws -> Found in
            while true {
                if let value = find(presenter.state) { return value }
                if recorder.state.treeEnded {
                    throw FlowTestFailure(.treeEnded, "the tree ended while waiting for \(what). There: \(found()).")
                }
                try await firstOf(
                    { try await presenter.waitUntil { find($0) != nil } },
                    { try await self.recorder.waitUntil(\.treeEnded) })
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
            try await recorder.waitUntil { find($0) != nil || $0.treeEnded }
            let state = recorder.state
            guard let value = find(state) else {
                throw FlowTestFailure(.treeEnded, "the tree ended while waiting for \(what).")
            }
            return value
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
