// How a coordinator runs on its node. It lives in the runtime, which knows `Coordinator`; the
// node's state and transitions, its host and the teardown's steps are the engine's
// (`Internal/`). Kept generic over the coordinator, with `start()` called from its own frame:
// no async layer between hosting and `start()` (idleCoordinatorMemory).

extension Node {
    /// The job that hosts `child` on `childNode` (`Node.hostChild`). Made here, generic over
    /// the child alone: made in `Flow<Output>.start`, the closure's context would also keep
    /// `Output`'s metadata and the flow (idleCoordinatorMemory).
    static func hostingJob<C: Coordinator>(_ child: C, on childNode: Node) -> Job {
        { await childNode.host(child) }
    }

    /// `hostingJob(_:on:)`, then, once the child is torn down, hands its end cause to
    /// `onEnd` as a task of `parent`'s host: a task of its own, which the child's end did not
    /// cancel, and only while `parent` runs (`hostTask` drops it otherwise).
    static func hostingJob<C: Coordinator>(
        _ child: C, on childNode: Node, reportingTo parent: Node, _ onEnd: @escaping EndHandler
    ) -> Job {
        {
            await childNode.host(child)
            let cause = childNode.teardownCause
            _ = parent.hostTask { await onEnd(cause) }
        }
    }

    /// Runs `coordinator` on this (bound) node in the calling task and returns after the
    /// teardown is complete; `teardownCause` then tells how it ended. (Returning nothing
    /// keeps a generic outcome out of the frames the coordinator's task keeps while idle.)
    ///
    /// The calling task is the coordinator's own: a child task that runs nothing else (the
    /// root's in `CoordinatorTree.run`, a child's in its parent's `run` or in the host of its
    /// parent's jobs),
    /// because an end recorded from anywhere cancels it. It runs `start()`, then the
    /// teardown, in this order:
    ///
    /// 1. the children: those run from `start()` are its child tasks, so they have ended
    ///    when it returns; the others belong to the hosting loop (`Node+Host.swift`), which
    ///    the end cancels, and which returns once each has torn down its own subtree in the
    ///    same way — so the deepest coordinators end first;
    /// 2. the presentations this coordinator still owns are dismissed, most recent first;
    /// 3. the outcome is recorded, the parent forgets the node, waiters are resumed, and
    ///    the lifecycle event is sent;
    /// 4. a child its parent's host runs leaves that host's group, in turn while the parent
    ///    ends; then this function returns, and with it the last reference the runtime held
    ///    to the coordinator.
    ///
    /// `Internal/Node+Teardown.swift` holds these steps, in this order.
    func host<C: Coordinator>(_ coordinator: C) async {
        beginHosting(coordinator)
        await tearDown(await runStart(coordinator))
    }

    /// Runs `start()` in the calling task, unless the flow ended before it could begin (it
    /// was cancelled before it was hosted), and records how it ended: its output,
    /// `cancelled` for a `CancellationError`, or the error it threw. While it runs, an end
    /// recorded from anywhere cancels this task.
    ///
    /// Whoever cancels this task has recorded an end first — an ancestor's end records every
    /// end below before it cancels any task (`Node.requestEnd`), and cancelling the task that
    /// runs the tree records the root's end before Swift reaches the root's task
    /// (`CoordinatorTree.run`) — so no cancellation handler is needed here, and none is
    /// installed (childFlowRoundTrip).
    ///
    /// Returns where the teardown begins (`TeardownStart`), read when its end was recorded;
    /// `nil` if `start()` never ran.
    private func runStart<C: Coordinator>(_ coordinator: C) async -> TeardownStart? {
        guard beginStart() else { return nil }
        do {
            return startEnded(.finished(try await coordinator.start()))
        } catch {
            return startEnded(EndCause(thrown: error))
        }
    }
}
