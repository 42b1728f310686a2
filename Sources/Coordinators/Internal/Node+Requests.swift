// A coordinator's screen requests (`Router/`) carried out: kept in order under the node's
// lock (`ScreenRequestQueue`, in `Node.Extras`), and run one at a time by one drainer, a job of
// the coordinator's host (`hostTask`): part of the coordinator's task tree, cancelled with it,
// and waited for by its teardown (step 1), so no request is left pending once the coordinator
// has ended. The drainer runs on the coordinator's actor, and the requests run on the
// drainer's (`nonisolated(nonsending)`): a request that calls its coordinator does not hop
// there and back. The requests are erased (`ScreenRequestJob`), the actor an `any Actor`:
// nothing here names what they do.

/// A request a screen sent its coordinator, erased: the node runs it or refuses it, once.
protocol ScreenRequestJob: AnyObject, Sendable {
    /// Carries the request out, in the drainer's task and on its actor, and resolves it.
    nonisolated(nonsending) func run() async
    /// Resolves the request with `refusal`: its flow is not running (not yet, or no longer),
    /// and it never runs. With `reported`, its failure is also a lifecycle event: only while
    /// the coordinator's end event is still to come (its drainer refusing what was queued when
    /// the flow ended, which the teardown waits for), since that event is its last.
    func refuse(_ refusal: LifecycleStateMachine.NotRunning, reported: Bool)
}

/// The coordinator whose screen requests the current task carries out (its drainer, and the
/// child tasks it makes), if any: a request that awaits another request of the same
/// coordinator would wait for itself (`ScreenRequest.value` refuses).
enum ScreenRequestDrainer {
    @TaskLocal static var node: ObjectIdentifier?
}

extension Node {
    /// Queues `request` behind the ones its coordinator has not run yet; starts the drainer, on
    /// the coordinator's actor (`coordinator`, read only then), if none runs. Returns why the
    /// request was not queued (the flow is not running: not yet run, ending or ended), or
    /// `nil`. One critical section, unless a drainer must start.
    func enqueueScreenRequest(
        _ request: any ScreenRequestJob, drainingOn coordinator: () -> (any Actor)?
    ) -> LifecycleStateMachine.NotRunning? {
        let startsDrainer: Bool
        do {
            startsDrainer = try withLock { state throws(LifecycleStateMachine.NotRunning) in
                try state.machine.checkRunning(coordinator: state.name)
                return state.extras.screenRequests.append(request)
            }
        } catch {
            return error
        }
        guard startsDrainer else { return nil }
        // A running coordinator is held by its task: `coordinator()` is `nil` only once the
        // flow has ended.
        guard let actor = coordinator(), hostTask({ await self.drainScreenRequests(on: actor) }) else {
            // The flow ended between the two critical sections: no drainer will run, and
            // whoever sends from now on finds the flow ended. Refuse what was queued meanwhile
            // (its end event may have been sent: their requests report it, not an event).
            refuseScreenRequests(reported: false)
            return nil
        }
        return nil
    }

    /// The drainer: runs the queued requests one at a time, in order, until none is left
    /// (another send then starts a new drainer) or the flow is no longer running (the
    /// requests left are refused, and none is queued after).
    private func drainScreenRequests(on actor: isolated any Actor) async {
        await ScreenRequestDrainer.$node.withValue(ObjectIdentifier(self)) { await drainScreenRequestsInTurn() }
    }

    private func drainScreenRequestsInTurn(isolation: isolated (any Actor)? = #isolation) async {
        while true {
            let next = withLock { state -> (request: (any ScreenRequestJob)?, ended: Bool) in
                guard state.machine.isRunning else { return (nil, true) }
                return (state.storedExtras?.screenRequests.next(), false)
            }
            if next.ended { return refuseScreenRequests(reported: true) }
            guard let request = next.request else { return }
            await request.run()
        }
    }

    /// Refuses every queued request: the flow is not running, or its coordinator is gone (a
    /// running coordinator is held by its task, so only a flow that ended loses it; the
    /// requests then fail as one run after its release would, with `flowEnded`).
    private func refuseScreenRequests(reported: Bool) {
        let (requests, refusal) = withLock { state -> ([any ScreenRequestJob], LifecycleStateMachine.NotRunning) in
            let requests = state.storedExtras?.screenRequests.takeAll() ?? []
            do throws(LifecycleStateMachine.NotRunning) {
                try state.machine.checkRunning(coordinator: state.name)
                let released = LifecycleStateMachine.NotRunning(
                    code: .flowEnded, coordinator: state.name, endedSummary: "its coordinator was released")
                return (requests, released)
            } catch {
                return (requests, error)
            }
        }
        for request in requests { request.refuse(refusal, reported: reported) }
    }
}
