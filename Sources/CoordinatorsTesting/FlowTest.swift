import Coordinators

/// Runs `root` in a coordinator tree of its own for the length of `body`, and checks that
/// the flow cleaned up after itself.
///
/// ```swift
/// @Test func signingIn() async throws {
///     let navigation = NavigationPresenter()
///     var environment = FlowEnvironment()
///     environment.accounts = FakeAccounts()
///     try await withFlowTest(of: LoginCoordinator(navigation: navigation), environment: environment) { test in
///         try await test.answer(LoginScreen.self, on: navigation, with: .credentials("ada", "pw"))
///         #expect(try await test.output == User(name: "ada"))
///     }
/// }
/// ```
///
/// - The tree's clock is `test.clock`, a `ManualClock`: timeouts fire when the test
///   advances it, never on their own. The values set in `environment` are set on the tree
///   after it, so it may set another clock.
/// - `body` and the checks after it must finish within `timeLimit` (real time): past it,
///   the test fails with `FlowTestFailure` `.timeLimit`, naming what it was waiting for and
///   what was there instead, and the tree is cancelled and torn down. Something that
///   ignores the cancellation gets 2 seconds more; then the test fails anyway, leaving it
///   running.
/// - When `body` returns, the kit checks, and reports together as one `FlowTestFailure`:
///   1. the tree ends (`atEnd: .expectEnded`, the default: the kit waits for it, and a tree
///      still running at the time limit fails with `.treeStillRunning`) — or the kit cancels
///      it and waits for the teardown (`atEnd: .cancelTree`);
///   2. with `exhaustivity: .on`, every lifecycle event was asserted (`expectEvents`);
///   3. every screen presented was dismissed, and every presenter the test waited or
///      acted on (and every one in `presenters`) is empty;
///   4. every coordinator the tree ran was released — once the test no longer holds it:
///      create coordinators in the `root` expression (as above), not in variables the test
///      keeps, or the check reports them (as it reports one that `body` returns: the checks
///      run before the result is handed back).
///
/// Errors thrown by `body` (a failed `#require`, a `FlowTestFailure`, an error of the
/// runtime) are rethrown after the tree is cancelled and torn down; the end-of-test checks
/// then do not run.
///
/// Cancellation: cancelling the calling task cancels `body` and the tree; this throws
/// `CancellationError` after the teardown.
public func withFlowTest<Root: Coordinator, Result: Sendable>(
    of root: @autoclosure () throws -> Root,
    timeLimit: Duration = .seconds(10),
    environment: FlowEnvironment = FlowEnvironment(),
    exhaustivity: FlowTest<Root>.Exhaustivity = .off,
    atEnd: FlowTest<Root>.AtEnd = .expectEnded,
    presenters: [any HeadlessPresenter] = [],
    _ body: @escaping @Sendable (FlowTest<Root>) async throws -> Result
) async throws -> Result {
    try await FlowTest.run(
        root, timeLimit: timeLimit, measuredBy: ContinuousClock(), environment: environment,
        exhaustivity: exhaustivity, atEnd: atEnd, presenters: presenters, body)
}

/// A coordinator tree run for one test: its root, clock and tree, with the kit's waits,
/// a person's actions and the assertions on lifecycle events. Made by `withFlowTest`.
public final class FlowTest<Root: Coordinator>: Sendable {
    /// Whether every lifecycle event must be asserted.
    public enum Exhaustivity: Sendable, Hashable {
        /// `expectEvents` lists every event in the order it came, and the test fails if an
        /// event was never asserted (`skipEvents()` skips on purpose).
        case on
        /// `expectEvents` checks that the events listed came, in that order, among others.
        case off
    }

    /// What the end of the test expects of the tree.
    public enum AtEnd: Sendable, Hashable {
        /// The flow ends on its own or by what the test did; the kit waits for its teardown.
        /// A tree still running when the time limit is reached fails the test with
        /// `.treeStillRunning`.
        case expectEnded
        /// The kit cancels the tree, as a log-out would, and waits for its teardown.
        case cancelTree
    }

    /// The clock every coordinator of the tree waits on, unless `environment` set another.
    public let clock = ManualClock()
    /// The tree the root runs in: for its `snapshot()`, its `environment`, `open(_:)`.
    public let tree: CoordinatorTree
    let recorder: FlowTestRecorder
    let exhaustivity: Exhaustivity
    /// The actions the test tapped, which the end of the test waits for (not their values:
    /// their taps keep those).
    let taps = Locked<[TappedAction]>([])
    /// The root, until the leak check (which must not see the kit's own reference).
    let heldRoot: Locked<Root?>

    init(_ root: Root, exhaustivity: Exhaustivity) {
        let recorder = FlowTestRecorder()
        self.recorder = recorder
        self.tree = CoordinatorTree(watcher: recorder)
        self.exhaustivity = exhaustivity
        self.heldRoot = Locked(root)
    }

    /// The root coordinator: call its actor methods as a screen would.
    public var root: Root {
        get throws {
            guard let root = heldRoot.withLock({ $0 }) else {
                throw FlowTestFailure(.misuse, "the root was read after the test ended; use it inside the test's body.")
            }
            return root
        }
    }

    /// The lifecycle events recorded so far, in the order they came. (They are recorded as
    /// they arrive: an event the runtime has just sent may not be here yet; the kit's waits
    /// and `expectEvents` wait for them.)
    public var events: [LifecycleEvent] { recorder.state.events }

    // MARK: Running

    /// `withFlowTest`, with the clock that measures the time limit (the kit's own tests
    /// pass a `ManualClock`, so that they reach the time limit exactly when they mean to).
    ///
    /// The root is made here, from `makeRoot`, so that no caller's frame holds it during the
    /// test (the leak check would find it).
    static func run<Result: Sendable>(
        _ makeRoot: () throws -> Root, timeLimit: Duration, measuredBy timeLimitClock: some Clock<Duration>,
        environment: FlowEnvironment, exhaustivity: Exhaustivity, atEnd: AtEnd, presenters: [any HeadlessPresenter],
        _ body: @escaping @Sendable (FlowTest<Root>) async throws -> Result
    ) async throws -> Result {
        let test = FlowTest(try makeRoot(), exhaustivity: exhaustivity)
        test.tree.updateEnvironment { values in
            values.clock = test.clock
            values.merge(environment)
        }
        for presenter in presenters { test.recorder.watch(presenter) }
        return try await test.run(timeLimit: timeLimit, measuredBy: timeLimitClock, atEnd: atEnd, body)
    }

    /// Runs the tree and `body` then the end-of-test checks (`runTest`), and ends the test
    /// when they end or when `timeLimit` is reached, whichever comes first.
    ///
    /// At the time limit the test's task is cancelled and given 2 seconds (real time) to
    /// tear the tree down; the failure is thrown once it has, or after those 2 seconds if
    /// something ignores the cancellation (a body, a fake or a teardown that never returns):
    /// a hang fails the test instead of stalling it, and what hangs is left running. Cancelling the caller cancels
    /// the test's task, and this throws `CancellationError` after its teardown.
    private func run<Result: Sendable>(
        timeLimit: Duration, measuredBy timeLimitClock: some Clock<Duration>, atEnd: AtEnd,
        _ body: @escaping @Sendable (FlowTest<Root>) async throws -> Result
    ) async throws -> Result {
        let ending = OneShot<Swift.Result<Result, any Error>>()
        let test = Task { _ = ending.resolve(await self.runTest(atEnd: atEnd, body)) }
        let timer = Task {
            do { try await timeLimitClock.sleep(for: timeLimit) } catch { return }  // the test ended first
            if ending.resolve(.failure(self.timeLimitFailure(timeLimit))) { test.cancel() }
        }
        let result = await withTaskCancellationHandler {
            await ending.value
        } onCancel: {
            test.cancel()
        }
        timer.cancel()
        let tornDown = await Self.finishes(test, within: .seconds(2))
        if Task.isCancelled { throw CancellationError() }
        if !tornDown, case .failure(let failure as FlowTestFailure) = result {
            throw failure.adding(
                "The test's task did not end within 2 seconds of being cancelled: the body, a tapped action or the "
                    + "tree's teardown ignores cancellation; it is left running.")
        }
        return try result.get()
    }

    /// Runs the tree, records its events, and runs `body` then the end-of-test checks. A
    /// failure cancels the tree (and the actions tapped) and waits for its teardown.
    private func runTest<Result: Sendable>(
        atEnd: AtEnd, _ body: @escaping @Sendable (FlowTest<Root>) async throws -> Result
    ) async -> Swift.Result<Result, any Error> {
        let events = tree.events()
        // Not a child of the test's task: cancelling the test must not stop the recording
        // before the teardown's events (the sequence ends with the run).
        let recording = Task { [recorder] in
            for await event in events { recorder.record(event) }
            recorder.recordEventsFinished()
        }
        let result = await withTaskGroup(of: Swift.Result<Result, any Error>?.self) { group in
            group.addTask {
                if let outcome = await self.runRoot() { self.recorder.recordOutcome(outcome) }
                return nil
            }
            group.addTask {
                do {
                    let result = try await body(self)
                    try await self.checkAtEnd(atEnd)
                    return .success(result)
                } catch {
                    return .failure(error)
                }
            }
            var ending: Swift.Result<Result, any Error> = .failure(CancellationError())
            for await case let step? in group {
                ending = step
                group.cancelAll()  // a tree still running (the body failed) is torn down
            }
            return ending
        }
        await recording.value
        if case .failure = result { await cancelTaps() }
        return result
    }

    /// Whether `task` ends within `grace` (real time).
    private static func finishes(_ task: Task<Void, Never>, within grace: Duration) async -> Bool {
        let first = OneShot<Bool>()
        let waiting = Task {
            await task.value
            first.resolve(true)
        }
        let timer = Task {
            try? await ContinuousClock().sleep(for: grace)
            first.resolve(false)
        }
        let finished = await first.value
        waiting.cancel()
        timer.cancel()
        return finished
    }

    /// Runs the root and returns its outcome. Only the kit's `heldRoot` (cleared before the
    /// leak check) and this function's frame hold the root, so the root is released here
    /// before anyone learns that the tree ended (never inlined: its frame must end first).
    @inline(never)
    private func runRoot() async -> FlowOutcome<Root.Output>? {
        guard let root = heldRoot.withLock({ $0 }) else { return nil }
        return await tree.runForOutcome(root)
    }

    /// The test failed: the actions still running are cancelled and awaited, so that none
    /// outlives the test.
    private func cancelTaps() async {
        let taps = taps.withLock { $0 }
        for tap in taps { tap.cancel() }
        for tap in taps { _ = await tap.unobservedError() }
    }

    private func timeLimitFailure(_ timeLimit: Duration) -> FlowTestFailure {
        let state = recorder.state
        // The most recent wait first: one the test started inside another (an answer given
        // while a swipe waits) is what it was waiting for; the others are named after it.
        let waits = state.awaiting.sorted { $0.key > $1.key }.map(\.value)
        let wait = waits.first
        var lines = ["time limit of \(timeLimit) reached"]
        if let wait {
            lines[0] += " while waiting for \(wait.what)."
            lines.append("There: \(wait.found())")
            lines += waits.dropFirst().map { "Also waiting for \($0.what)." }
        } else {
            lines[0] += " (the test was not in one of the kit's waits)."
            lines.append("Tree: \(tree.snapshot())")
        }
        if let link = tree.waitingLink {
            lines.append("A link waits: \(link).")
        }
        if !state.actionErrors.isEmpty {
            lines.append("Tapped actions that threw: \(state.actionErrors.joined(separator: "; ")).")
        }
        if !state.actionsRunning.isEmpty {
            lines.append("Tapped actions still running: \(state.actionsRunning.joined(separator: ", ")).")
        }
        return FlowTestFailure(wait?.kind ?? .timeLimit, lines.joined(separator: "\n"))
    }
}
