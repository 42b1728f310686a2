// A coordinator's teardown, in the order it happens, once `start()` has ended (or never ran)
// and the end is recorded for the whole subtree (`Node+Ending.swift`): `Node.host`
// (`Runtime/Node+Hosting.swift`) begins the hosting, runs `start()`, then `tearDown`:
//
// 0. if another task took `start()`'s task to cancel it, that cancel is finished first
//    (`TeardownStart.afterCancellation`, `Node+Ending.swift`: `RunningTask` is used only while
//    its task runs);
// 1. the children handed to the hosting loop end (`afterLoop`: the loop returns once each has
//    torn down its own subtree in the same way, so the deepest coordinators end first);
// 2. the presentations this coordinator still owns are dismissed, most recent first
//    (`dismiss`);
// 3. the outcome is final: the parent forgets the node, the lifecycle event is sent and the
//    waiters are resumed (`Completion`);
// 4. a child its parent's host runs leaves that host's group, in turn while the parent ends
//    (`Node+Host.swift`, `waitForTurn`); then `Node.host` returns, and with it the last
//    reference the runtime held to the coordinator.

extension Node {
    /// `Node.host` begins: a task cancelled already ends the flow at once (`start()` never
    /// runs); then the tree learns of the coordinator. Synchronous and never inlined, like
    /// `tearDown`: keeps `host`'s async frame small (idleCoordinatorMemory).
    @inline(never)
    func beginHosting(_ coordinator: any Sendable & AnyObject) {
        if Task.isCancelled {
            requestEnd(.cancelled)
        }
        boundContext?.started(self, coordinator)
    }

    /// Where a coordinator's teardown begins, read in the critical section in which `start()`'s
    /// end was recorded or found (`startEnded`): one section of the node's lock fewer per
    /// coordinator (childFlowRoundTrip). Once the end is recorded, nothing is presented and no
    /// hosting loop is started any more, so what it read still holds (a presentation dismissed
    /// meanwhile is found gone when its turn comes).
    ///
    /// Two words (the list's inline first presentation and the rest), with no end cause in
    /// it: a value holding one (an existential) would be copied through value witnesses on
    /// its way through `host`'s frames (childFlowRoundTrip).
    enum TeardownStart {
        /// No hosting loop, or one that has returned: dismiss these (if any), most recent first, then complete.
        case dismiss(FirstInlineList<Presentation>)
        /// Wait for the hosting loop to return, then read the presentations.
        case afterLoop
        /// Another task is cancelling this task (it recorded the end): wait until it is done,
        /// then read where to begin.
        case afterCancellation

        /// Reads it from `state`, whose end cause is recorded. (`inout`, though it changes
        /// nothing: a `State` passed by value is copied, all of it.)
        init(_ state: inout State) {
            self =
                if state.startBeingCancelled {
                    .afterCancellation
                } else if state.loopIsLive {
                    .afterLoop
                } else {
                    .dismiss(state.presentations)
                }
        }
    }

    /// Teardown, steps 1 to 3 (`Node.host`), once `start()` has ended or was never run:
    /// waits for the children handed to the hosting loop, dismisses the presentations left,
    /// most recent first, and completes the teardown. `start` is where it begins, if
    /// `start()` ran (`startEnded` read it); if not, it is read now. Never inlined: keeps
    /// `host`'s async frame, which an idle coordinator's task keeps, small
    /// (idleCoordinatorMemory).
    @inline(never)
    func tearDown(_ start: TeardownStart?) async {
        // The dismissal's frames sit on this small frame alone: finding the list, which may
        // wait, is a call of its own that has returned by then (lifecycleEventsUnobserved's
        // allocation threshold: a larger frame here costs each ending coordinator a slab).
        let remaining: FirstInlineList<Presentation>
        if case .dismiss(let presentations) = start {
            remaining = presentations
        } else if let found = await presentationsLeft(start) {
            remaining = found
        } else {
            return
        }
        if !remaining.isEmpty { await dismiss(remaining) }
        await complete(withLock { Completion(self, &$0) })
    }

    /// Teardown step 1 where `start` does not say what to dismiss: waits for the hosting
    /// loop or for the task's cancellation, as `start` says, and returns the presentations
    /// left for step 2. With nothing to tear down (no loop, nothing on screen), the teardown
    /// completes in the critical section that finds it so, and this returns `nil`.
    @inline(never)
    private func presentationsLeft(_ start: TeardownStart?) async -> FirstInlineList<Presentation>? {
        switch start {
        case .dismiss(let presentations):
            return presentations
        case .afterLoop:
            return await afterLoop()
        case .afterCancellation:
            await waitUntilStartCancelled()
            fallthrough
        case nil:
            var presentations: FirstInlineList<Presentation>?
            let completion = withLock { state -> Completion? in
                guard !state.loopIsLive else { return nil }
                guard state.presentations.isEmpty else {
                    presentations = state.presentations
                    return nil
                }
                return Completion(self, &state)
            }
            if let completion {
                await complete(completion)
                return nil
            }
            return if let presentations { presentations } else { await afterLoop() }
        }
    }

    /// Teardown steps 3 and 4: carries `completion` out, then, for a child its parent's host
    /// runs that may not leave the host's group yet, waits for its turn.
    private func complete(_ completion: Completion) async {
        if let host = completion.carryOut() { await host.waitForTurn(.task(self)) }
    }

    /// Teardown step 1 for the children handed to the hosting loop; returns the
    /// presentations left for step 2. Never inlined (see `Completion.init`).
    @inline(never)
    private func afterLoop() async -> FirstInlineList<Presentation> {
        await loopEnded()
        return withLock { $0.presentations }
    }

    /// Teardown step 2: dismiss what this coordinator still shows, most recent first.
    func dismiss(_ remaining: FirstInlineList<Presentation>) async {
        for presentation in remaining.reversed() {
            await presentation.tearDown()
        }
    }

    /// Teardown step 3: the outcome is final; tell the parent and everyone waiting. Made in
    /// this node's critical section that completes the teardown, carried out with no lock
    /// held.
    struct Completion {
        let node: Node
        let cause: EndCause
        let parent: Node?
        let waiters: [UnsafeContinuation<EndCause, Never>]
        let context: TreeContext?

        /// Never inlined, nor is `afterLoop`: keeps the async frame of `tearDown` small
        /// (cancelTree11111).
        @inline(never)
        init(_ node: Node, _ state: inout State) {
            self.node = node
            cause = state.machine.teardownCompleted()
            parent = state.parent
            waiters = state.endWaiters
            context = node.storedContext
            state.parent = nil
            state.routeTag = nil
            state.storedExtras?.flowEventHandlers = [:]
            state.endWaiters = []
        }

        /// A child its parent's host runs leaves the host's group in the parent's same
        /// critical section (`Host.depart`); returns the parent if the child must wait for
        /// its turn to leave (teardown step 4).
        @inline(never)
        func carryOut() -> Node? {
            let departure = parent?.withLock { state in
                state.children.remove(node)
                return state.storedExtras?.host.depart(.task(node), parentEnding: !state.machine.isRunning)
            }
            context?.emit(node, .ended(cause))
            for waiter in waiters {
                waiter.resume(returning: cause)
            }
            return departure?.carryOut() == true ? parent : nil
        }
    }
}
