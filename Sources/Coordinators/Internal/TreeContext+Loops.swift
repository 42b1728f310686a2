// The tree's loop: the task that starts the root's hosting loop (`Node+Host.swift`).
//
// `CoordinatorTree.run` runs the root in a child task of a discarding task group and this
// loop in the calling task, as the group's body. The root's hosting loop is a child task of
// that group, created when the root is first handed a job from another task; every other
// coordinator's loop is a job of its parent's loop, so all of them are tasks of the tree (none can outlive it, and
// cancelling the tree cancels them). A loop is also hosted here when its coordinator's
// parent is ending (the parent's walk ends that coordinator too, and the loop must still run
// the jobs handed over, which then end at once). Jobs of the loops hosted here see the
// task-local values bound around `tree.run`, never those of the task that handed them over.

extension TreeContext {
    /// Asks the tree's loop to start `node`'s hosting loop (the root's, or one whose parent
    /// is ending). Called with no lock held.
    func hostLoop(for node: Node) {
        let host = state.withLock { state in
            state.loopRequests.append(node)
            defer { state.loopsHost = nil }
            return state.loopsHost
        }
        host?.resume()
    }

    /// The root's task has returned: every coordinator of the run has ended, and every
    /// hosting loop was requested (a node's teardown waits for its loop).
    func rootReturned() {
        let host = state.withLock { state in
            state.rootReturned = true
            defer { state.loopsHost = nil }
            return state.loopsHost
        }
        host?.resume()
    }

    /// Starts the requested hosting loops in `group` until the root's task has returned.
    /// Cancelling the calling task does not end it early: the loops it starts then begin
    /// cancelled, and their nodes end.
    func hostLoops(in group: inout DiscardingTaskGroup) async {
        while true {
            let (nodes, done) = state.withLock { state in
                defer { state.loopRequests = [] }
                return (state.loopRequests, state.rootReturned)
            }
            for node in nodes {
                group.addTaskStartingNow { await node.runLoop(hostedBy: nil) }
            }
            if done {
                state.withLock { $0.rootReturned = false }
                return
            }
            if nodes.isEmpty { await waitForLoopRequests() }
        }
    }

    private func waitForLoopRequests() async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if !state.loopRequests.isEmpty || state.rootReturned { return true }
                state.loopsHost = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
