/// A coordinator's place in the tree: its lifecycle, children, owned presentations, and the
/// mailbox through which any task can hand it a child to run.
///
/// `Flow` is the public face of a node; the runtime's `Node+Hosting.swift` runs one.
final class Node: Sendable {
    typealias Job = @Sendable () async -> Void

    /// What the hosting loop receives: children to start, and whether the flow is ending.
    struct Mail {
        var jobs: [Job]
        var end: Bool
    }

    struct State {
        var machine = LifecycleStateMachine()
        var id = CoordinatorID(rawValue: 0)
        var coordinatorType: Any.Type?
        var parent: Node?
        /// The parent's id, kept after the parent link is cleared (for the last event).
        var parentID: CoordinatorID?
        var context: TreeContext?
        /// Live children by id; ids grow, so sorting by id gives start order.
        var children: [UInt64: Node] = [:]
        /// Owned presentations still on screen (or being presented), in presentation order.
        var presentations: [Presentation] = []
        /// Whether a main presentation was made (and did not fail): `.automatic` then means
        /// auxiliary.
        var hasMain = false
        /// Children handed over while the hosting loop was busy.
        var pendingJobs: [Job] = []
        /// The children handed to the hosting loop and not yet returned, in the order they
        /// were added to the task group (which is the order they were handed over).
        var hosted = HostedChildren()
        /// This node's teardown is complete, but its task may not leave the parent's group
        /// yet (see `leaveInTurn`).
        var waitsToLeave = false
        /// The hosting loop, while it waits for mail. Resuming it only wakes it: it takes its
        /// mail under this lock (`takeWaitingMail`).
        var host: UnsafeContinuation<Void, Never>?
        /// `flow.finished` callers: resumed when an end cause is recorded.
        var endRequestWaiters = Waiters<EndCause>()
        /// `ChildFlow` callers: resumed when teardown is complete.
        var endWaiters: [UnsafeContinuation<EndCause, Never>] = []
        /// The route its parent started or focused it for, if any (`Routing/`). Cleared when
        /// its teardown completes: the tag holds the coordinator.
        var routeTag: RouteTag?
        /// Links may go on into this coordinator: its flow has awaited the runtime (see
        /// `Node+Routing.swift`). Once set, it stays.
        var acceptsRoutes = false
        /// Links waiting until it accepts routes; resumed with an error if it ends first.
        var routeWaiters = Waiters<Void>()
        /// The environment values set on this coordinator, seen by its whole subtree
        /// (`Environment/`). Empty (no allocation) unless something is set.
        var environment: EnvironmentLayer = [:]
        /// The flow event handlers its coordinator registered (`Events/`). Empty (no
        /// allocation) unless one is registered; cleared when its teardown completes.
        var flowEventHandlers: FlowEventHandlerTable = [:]
        /// The task running `start()`, while it runs. Cleared before that task ends, so it
        /// never names another task that reuses the address.
        var startTask: TaskIdentity?

        /// Takes the links waiting for this coordinator to accept routes (it is ending).
        mutating func takeRouteWaiters() -> [UnsafeContinuation<Void, any Error>] {
            routeWaiters.isEmpty ? [] : routeWaiters.takeAll()
        }

        /// Takes the waiting hosting loop, if it waits.
        mutating func takeHost() -> UnsafeContinuation<Void, Never>? {
            defer { host = nil }
            return host
        }
    }

    let state = Locked(State())

    /// This node's place among the children its parent hosts (`HostedChildren`). Guarded by
    /// the parent's lock, not this node's: only `HostedChildren`, inside the parent's
    /// `state.withLock`, reads or writes it.
    nonisolated(unsafe) var hostedLink = HostedChildren.Link()

    // MARK: Names

    var coordinatorName: String {
        state.withLock { $0.coordinatorType }.map { String(describing: $0) } ?? "A coordinator that was never run"
    }

    var id: CoordinatorID { state.withLock { $0.id } }

    // MARK: Joining the tree

    /// Marks the node as running a coordinator of type `coordinatorType` under `parent` (or as
    /// the root of `context`).
    /// Throws `alreadyRun` if this node (its coordinator instance) was run before.
    @discardableResult
    func bind(
        _ coordinatorType: Any.Type, parentID: CoordinatorID?, parent: Node?, context: TreeContext
    ) throws(CoordinatorError) -> CoordinatorID {
        let id = CoordinatorID(rawValue: context.makeID())
        try state.withLock { state throws(CoordinatorError) in
            try state.machine.bind(coordinator: String(describing: coordinatorType))
            state.id = id
            state.coordinatorType = coordinatorType
            state.parent = parent
            state.parentID = parentID
            state.context = context
        }
        return id
    }

    /// Binds `child` to run a coordinator of type `coordinatorType` as a child of this node and records it, then returns whether
    /// the calling task is the one running this node's `start()` (for `Flow.run`'s fast
    /// path). If this node no longer runs, the child is ended (its instance is spent) and
    /// the error is thrown.
    ///
    /// Lock order: no lock is held while another is taken — the child is bound (tree lock,
    /// then child lock, one after the other) before this node's lock is taken. A child that
    /// is this node itself, or any running node, fails in `bind` with `alreadyRun`.
    @discardableResult
    func adopt(_ child: Node, running coordinatorType: Any.Type) throws(CoordinatorError) -> Bool {
        let (context, parentID) = state.withLock { ($0.context, $0.id) }
        guard let context else {
            throw CoordinatorError(
                .notRunning,
                "\(coordinatorName) tried to start a child coordinator before it was run. Do this from start() "
                    + "or from the coordinator's actor methods once it runs.")
        }
        let id = try child.bind(coordinatorType, parentID: parentID, parent: self, context: context)
        let current = TaskIdentity.current
        do throws(CoordinatorError) {
            return try state.withLock { state throws(CoordinatorError) -> Bool in
                try state.machine.checkRunning(to: "start a child coordinator", coordinator: Self.name(state))
                state.children[id.rawValue] = child
                return current != nil && state.startTask == current
            }
        } catch {
            child.abandon(error)
            throw error
        }
    }

    /// Ends a bound node that will never be hosted, and detaches it from its parent.
    func abandon(_ error: CoordinatorError) {
        let (parent, id) = state.withLock { state in
            _ = state.machine.requestEnd(.failed(error))
            _ = state.machine.teardownCompleted()
            state.flowEventHandlers = [:]
            defer { state.parent = nil }
            return (state.parent, state.id)
        }
        parent?.state.withLock { _ = $0.children.removeValue(forKey: id.rawValue) }
    }

    // MARK: The hosting loop's mailbox

    /// Hands `job` (hosting the adopted `child`) to the hosting loop, which adds it to this
    /// node's task group. If this flow ended since `child` was adopted, the child is ended
    /// (its instance is spent) and the error is thrown.
    func spawn(_ child: Node, _ job: @escaping Job) throws(CoordinatorError) {
        do {
            let host = try state.withLock { state throws(CoordinatorError) -> UnsafeContinuation<Void, Never>? in
                try state.machine.checkRunning(to: "start a child coordinator", coordinator: Self.name(state))
                // The loop adds jobs to its group in the order they are handed over.
                state.hosted.append(child)
                state.pendingJobs.append(job)
                return state.takeHost()
            }
            host?.resume()
        } catch {
            child.abandon(error)
            throw error
        }
    }

    /// Hands `job` to the hosting loop, which runs it as a child task of this node's group
    /// (a task of this coordinator that hosts no child: a flow event's handler). Returns
    /// `false`, and drops the job, if the flow is not running (it is ending, or not started).
    func spawnTask(_ job: @escaping Job) -> Bool {
        let (accepted, host) = state.withLock { state -> (Bool, UnsafeContinuation<Void, Never>?) in
            guard state.machine.isRunning else { return (false, nil) }
            state.pendingJobs.append(job)
            return (true, state.takeHost())
        }
        host?.resume()
        return accepted
    }

    /// The mail waiting for the hosting loop, if any.
    func takeWaitingMail() -> Mail? {
        state.withLock { Self.takeMail(&$0) }
    }

    /// Waits until there is mail (children to start, or the end of the flow); the loop then
    /// takes it with `takeWaitingMail`. Cancelling the hosting task ends the flow as
    /// cancelled.
    ///
    /// The mail is never handed over through the continuation: taken under the lock, what
    /// the sender wrote before it (a child's node, built on the sender's thread) is ordered
    /// before the loop's use of it by the mutex, which ThreadSanitizer sees — on Linux it
    /// does not see a continuation's hand-over when the resume comes first.
    func waitForMail() async {
        await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if Self.hasMail(state) { return true }
                    state.host = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            // The hosting task was cancelled, so Swift has already cancelled every task in
            // this node's group. There is nothing for the loop to do until `start()` has
            // ended (`startEnded` wakes it), so it is not woken now: one wake-up saved per
            // coordinator when a tree is cancelled.
            requestEnd(.cancelled, wakingHost: false)
        }
    }

    /// Whether there is mail for the hosting loop: children to start, or the end.
    private static func hasMail(_ state: State) -> Bool {
        !state.machine.isRunning || !state.pendingJobs.isEmpty
    }

    /// The mail waiting in `state`, if any: pending children, and whether the flow ends.
    private static func takeMail(_ state: inout State) -> Mail? {
        guard hasMail(state) else { return nil }
        let end = !state.machine.isRunning
        defer { state.pendingJobs = [] }
        return Mail(jobs: state.pendingJobs, end: end)
    }

    // MARK: Ending

    /// Records `cause` if the flow still runs, and wakes everything waiting for that.
    /// Returns `false` if an earlier cause already ended the flow.
    @discardableResult
    func requestEnd(_ cause: EndCause, wakingHost: Bool = true) -> Bool {
        endTransition(wakingHost: wakingHost) { state in state.machine.requestEnd(cause) }
    }

    /// `start()` has returned or thrown: record that as the end cause if there is none yet,
    /// and wake the hosting loop (which may have been left asleep by a task cancellation).
    func startEnded(_ cause: EndCause) {
        typealias Woken = (
            UnsafeContinuation<Void, Never>?, [UnsafeContinuation<EndCause, any Error>],
            [UnsafeContinuation<Void, any Error>]
        )
        let (host, waiters, routeWaiters) = state.withLock { state -> Woken in
            state.startTask = nil
            let recorded = state.machine.requestEnd(cause)
            return (state.takeHost(), recorded ? state.endRequestWaiters.takeAll() : [], state.takeRouteWaiters())
        }
        host?.resume()
        for waiter in waiters { waiter.resume(returning: cause) }
        Self.refuseRoutes(routeWaiters)
    }

    /// `flow.finish(with:)` and `flow.finish(throwing:)`: like `requestEnd`, but finishing
    /// a flow that is not running is a misuse.
    func finish(_ cause: EndCause) throws(CoordinatorError) {
        _ = try endTransition { (state: inout State) throws(CoordinatorError) -> Bool in
            let type = state.coordinatorType
            try state.machine.finish(cause, coordinator: type.map { String(describing: $0) } ?? "A coordinator")
            return true
        }
    }

    private func endTransition<Failure: Error>(
        wakingHost: Bool = true,
        _ transition: (inout State) throws(Failure) -> Bool
    ) throws(Failure) -> Bool {
        typealias Woken = (
            UnsafeContinuation<Void, Never>?, [UnsafeContinuation<EndCause, any Error>], EndCause,
            [UnsafeContinuation<Void, any Error>]
        )
        let woken = try state.withLock { state throws(Failure) -> Woken? in
            guard try transition(&state), let cause = state.machine.endCause else { return nil }
            // Wake the loop if it waits; otherwise it finds the end (and any children still
            // pending, which it must start so that they end too) at its next `takeWaitingMail`.
            return (
                wakingHost ? state.takeHost() : nil, state.endRequestWaiters.takeAll(), cause, state.takeRouteWaiters()
            )
        }
        guard let (host, waiters, cause, routeWaiters) = woken else { return false }
        host?.resume()
        for waiter in waiters { waiter.resume(returning: cause) }
        Self.refuseRoutes(routeWaiters)
        return true
    }

    /// Waits until an end cause is recorded and returns it. Cancelling the waiting task
    /// throws `CancellationError`; the flow itself is unaffected.
    func endRequested() async throws -> EndCause {
        try await awaitValue { continuation in
            state.withLock { state in
                if let cause = state.machine.endCause { return .ready(cause) }
                if state.machine.phase == .idle {
                    return .failed(
                        CoordinatorError(
                            .notRunning,
                            "\(Self.name(state)) awaited flow.finished before it was run. Await it from start()."))
                }
                return .waiting(state.endRequestWaiters.add(continuation))
            }
        } cancel: { id in
            self.state.withLock { $0.endRequestWaiters.remove(id) }
        }
    }

    /// Waits until the flow has ended and been torn down, and returns how it ended.
    /// Not cancellable, like `Task.value`: the flow always ends, at the latest with its parent.
    func ended() async -> EndCause {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<EndCause, Never>) in
            let cause = state.withLock { state -> EndCause? in
                if state.machine.phase == .ended, let cause = state.machine.endCause { return cause }
                state.endWaiters.append(continuation)
                return nil
            }
            if let cause { continuation.resume(returning: cause) }
        }
    }

    // MARK: Helpers

    static func name(_ state: State) -> String {
        state.coordinatorType.map { String(describing: $0) } ?? "A coordinator that was never run"
    }

    var context: TreeContext? { state.withLock { $0.context } }
}
