extension Flow {
    /// Adopts `child` and runs it (`run(adopted:isStartTask:)`), or fails as the adoption
    /// did; returns how it ended, typed by the caller (`run(_:timeout:)` in `Time/`, which
    /// reads the clock a time limit needs). Inlined, as `run(adopted:isStartTask:)` is: one
    /// frame in the caller's task.
    /// With `options` other than `.automatic`, the child's main screen takes them, unless it
    /// is presented with options of its own.
    @inline(__always)
    func endCause<Child: Coordinator>(
        running child: Child, options: PresentationOptions, file: String, line: Int
    ) async -> EndCause {
        let isStartTask: Bool
        do {
            isStartTask = try node.adopt(child.flow.node, running: Child.self, acceptingRoutes: true)
        } catch {
            return .failed(error.located(at: file, line))
        }
        if !options.isAutomatic { child.flow.node.giveFirstPresentationOptions(options) }
        return await run(adopted: child, isStartTask: isStartTask)
    }

    /// Runs `child`, which this node has adopted accepting routes (`isStartTask` is what
    /// `adopt` returned), and returns how it ended, after its teardown: the caller types it
    /// (`EndCause.output(as:)`, `FlowOutcome(_:)`). For `run(_:timeout:)`, `runForOutcome(_:timeout:)` and
    /// callers that must act between the adoption and the run (a timeout's timer needs a
    /// bound child). Inlined so that they keep one frame in their caller's task.
    @inline(__always)
    func run<Child: Coordinator>(adopted child: Child, isStartTask: Bool) async -> EndCause {
        let childNode = child.flow.node
        if isStartTask {
            // Called from `start()` itself: the child runs in a child task of the calling
            // task, which is this coordinator's, as a bare child task would.
            return await Self.hostInChildTask(child)
        }
        // Called from another task (an actor method a screen called, a task of the user's):
        // hand the child to this node's host so that it becomes a child task of a group this
        // coordinator owns (its hosting loop's), and wait for its end, reported when its
        // teardown completes (before it leaves that group in turn, which, while this
        // coordinator ends, may wait for older siblings that wait for this very outcome).
        do throws(CoordinatorError) {
            try node.hostChild(childNode, running: Node.hostingJob(child, on: childNode))
        } catch {
            return .failed(error)
        }
        return await withTaskCancellationHandler {
            await childNode.ended()
        } onCancel: {
            childNode.requestEnd(.cancelled)
        }
    }

    /// Hosts `child` in a child task of the calling task and returns how it ended. A task of
    /// its own, because an end recorded for the child cancels the task that runs it.
    private static func hostInChildTask<Child: Coordinator>(_ child: Child) async -> EndCause {
        let childNode = child.flow.node
        await withDiscardingTaskGroup { group in
            group.addTaskStartingNow { await childNode.host(child) }
        }
        // Read from the node rather than returned by the task: a discarding group costs
        // less than one that returns a generic result.
        return childNode.teardownCause
    }

    /// Starts `child` as a child of this coordinator, running concurrently, and returns a
    /// handle to await or cancel it (tabs, embedded containers, background flows).
    ///
    /// Whichever task calls this, the child runs in this coordinator's own task tree: a child
    /// task of the hosting loop the runtime starts for it the first time. It is cancelled and
    /// awaited when this coordinator ends.
    ///
    /// Throws `CoordinatorError` `alreadyRun` if this instance ran before, `flowEnded` if
    /// this flow has ended, `notRunning` if it has not started.
    @discardableResult
    public func start<Child: Coordinator>(
        _ child: Child, file: String = #fileID, line: Int = #line
    ) throws -> ChildFlow<Child.Output> {
        try start(child, quietly: false, file: file, line: line)
    }

    /// `start(_:)`; with `quietly`, the child presents without animation until it accepts
    /// routes (a link's step that goes on past it; see `Node.adopt`); with `onEnd`, its end
    /// cause goes to `onEnd` in a task of this coordinator, while it runs (a route's child
    /// that reports, `Destination.child(_:onEnd:)`).
    func start<Child: Coordinator>(
        _ child: Child, quietly: Bool, onEnd: Node.EndHandler? = nil, file: String = #fileID, line: Int = #line
    ) throws -> ChildFlow<Child.Output> {
        let childNode = child.flow.node
        do {
            try node.adopt(childNode, running: Child.self, quietly: quietly)
            let job =
                if let onEnd { Node.hostingJob(child, on: childNode, reportingTo: node, onEnd) } else {
                    Node.hostingJob(child, on: childNode)
                }
            try node.hostChild(childNode, running: job)
        } catch {
            throw error.located(at: file, line)
        }
        return ChildFlow(node: childNode, parent: node)
    }
}
