/// The root host: runs a root coordinator, cancels it, and shows what runs.
///
/// ```swift
/// let tree = CoordinatorTree()
/// let navigation = NavigationPresenter()
/// let output = try await tree.run(AppCoordinator(navigation: navigation))
/// ```
///
/// The root runs in the calling task, so the tree is as structured as the code that
/// awaits it. While it runs, `snapshot()` shows the live tree and `events()` streams its
/// lifecycle. One tree runs one root at a time; it may run another root after that.
public final class CoordinatorTree: Sendable {
    let context: TreeContext

    /// Creates an idle tree.
    public init() {
        context = TreeContext()
    }

    /// Creates an idle tree that tells `watcher` of every coordinator it runs (the test kit).
    package init(watcher: any TreeWatcher) {
        context = TreeContext(watcher: watcher)
    }

    /// Runs `root` in the calling task and returns its output once it and its whole
    /// subtree are torn down.
    ///
    /// Throws what `FlowOutcome.get()` throws: the root's own error, `CancellationError`,
    /// `FlowDismissed`, or a `CoordinatorError` if the root was run before or the tree is
    /// already running another root.
    ///
    /// Cancellation: cancelling the calling task (or calling `cancel()`) cancels the root
    /// and its whole subtree; this returns after the teardown with `CancellationError`.
    public func run<Root: Coordinator>(_ root: Root, file: String = #fileID, line: Int = #line) async throws
        -> Root.Output
    {
        try await runForOutcome(root, file: file, line: line).get()
    }

    /// Runs `root` like `run(_:)`, but returns how it ended instead of throwing.
    ///
    /// Cancellation: as for `run(_:)`; the outcome is then `.cancelled`.
    public func runForOutcome<Root: Coordinator>(
        _ root: Root, file: String = #fileID, line: Int = #line
    ) async -> FlowOutcome<Root.Output> {
        await outcome(running: root, file: file, line: line)
    }

    private func outcome<Root: Coordinator>(
        running root: Root, file: String, line: Int
    ) async -> FlowOutcome<Root.Output> {
        let node = root.flow.node
        do {
            try context.beginRun(node, coordinator: String(describing: Root.self))
            do {
                try node.bind(Root.self, parentID: nil, parent: nil, context: context)
            } catch {
                context.endRun()
                throw error
            }
        } catch {
            return .failed(CoordinatorError.located(error, at: file, line))
        }
        context.rootBound(root)
        if context.isCancelPending {
            // `cancel()` came between claiming the tree and binding the root.
            node.requestEnd(.cancelled)
        }
        let outcome = await host(root)
        context.endRun()
        return outcome
    }

    /// Runs the bound `root` in a child task (an end recorded for the root cancels the task
    /// that runs it, which must not be the caller's), while the calling task runs the tree's
    /// loop, which starts the coordinators' hosting loops (`TreeContext+Loops.swift`).
    ///
    /// Cancelling the calling task records the root's end as cancelled, which reaches every
    /// coordinator of the tree (and the tasks get Swift's cancellation too).
    private func host<Root: Coordinator>(_ root: Root) async -> FlowOutcome<Root.Output> {
        let node = root.flow.node
        let context = context
        await withDiscardingTaskGroup { group in
            group.addTaskStartingNow {
                await node.host(root)
                context.rootReturned()
            }
            // Installed after the group, so that cancelling this task runs it before Swift
            // cancels the group's tasks (a task's newest cancellation record comes first):
            // the root's end is recorded before its task is cancelled.
            await withTaskCancellationHandler {
                await context.hostLoops(in: &group)
            } onCancel: {
                node.requestEnd(.cancelled)
            }
        }
        return FlowOutcome(node.teardownCause)
    }

    /// Cancels the running root and with it the whole tree. Does nothing if no root runs.
    public func cancel() {
        context.cancelRoot()
    }

    /// The live tree now: each coordinator's type, state, owned presentations and children.
    public func snapshot() -> TreeSnapshot {
        TreeSnapshot(root: context.state.withLock { $0.root }.map(CoordinatorSnapshot.init(of:)))
    }

    /// The lifecycle events of this tree from now on: coordinators started and ended,
    /// screens presented and dismissed.
    ///
    /// Each coordinator's events come in the order they happened, and its end event
    /// (`LifecycleEvent.Kind.isEnd`) is its last; a child's end comes before its parent's.
    /// The sequence ends when the run in progress ends (or the next run, if none is in
    /// progress), after the root's end event. Unread events wait in a buffer whose memory
    /// follows what is unread; `bufferingPolicy` says how many may wait (by default all of
    /// them: choose a limit for a reader, such as a log, that may fall far behind). Drop the
    /// sequence (and its iterator) to unsubscribe. When nobody subscribes, the runtime does
    /// not build events at all.
    public func events(bufferingPolicy: LifecycleEvents.BufferingPolicy = .unbounded) -> LifecycleEvents {
        LifecycleEvents(lifetime: SubscriptionLifetime(source: context, bufferingPolicy: bufferingPolicy))
    }
}
