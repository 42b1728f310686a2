import Coordinators

/// What a `FlowTest` saw of its tree: every lifecycle event, every coordinator that ran (held
/// weakly), how the run ended, and the waits in progress. Each change re-checks the waiters.
final class FlowTestRecorder: TreeWatcher {
    struct Coordinator: Sendable {
        let id: CoordinatorID
        let typeName: String
        /// Its type, to match coordinators by type rather than by name.
        let type: ObjectIdentifier
        /// The instance's identity, kept after it is released.
        let objectID: ObjectIdentifier
        weak var object: (any Sendable & AnyObject)?
    }

    struct State: Sendable {
        var events: [LifecycleEvent] = []
        /// Each event's `description`, built once (assertions compare them on every change).
        var descriptions: [String] = []
        /// The events before this index were asserted (`expectEvents`) or skipped.
        var asserted = 0
        var coordinators: [Coordinator] = []
        /// The coordinators whose end event came.
        var ended: Set<CoordinatorID> = []
        /// The root's outcome, once the run returned (a `FlowOutcome<Root.Output>`).
        var outcome: (any Sendable)?
        /// The event sequence finished: every event of the run is in `events`.
        var eventsFinished = false
        /// What the test awaits now, for the time limit's message.
        var awaiting: [UInt64: Awaiting] = [:]
        /// The screens whose tapped actions still run, one entry per action.
        var actionsRunning: [String] = []
        /// The tapped actions that threw, as `HomeScreen: FlowDismissed(...)`.
        var actionErrors: [String] = []
        /// The presenters the test waited on or acted on, for the end-of-test check.
        var presenters: [ObjectIdentifier: any HeadlessPresenter] = [:]

        /// The run returned and every event of it was recorded.
        var treeEnded: Bool { outcome != nil && eventsFinished }

        var unasserted: ArraySlice<LifecycleEvent> { events[asserted...] }

        /// The running coordinator of type `C` that started first, if any. (Its end event
        /// may still be on its way: its flow's state says whether it still runs.)
        func running<C: Coordinators.Coordinator>(_: C.Type) -> C? {
            coordinators.lazy.filter { !ended.contains($0.id) }.compactMap { $0.object as? C }
                .first { $0.flow.state == .running }
        }
    }

    /// A wait in progress: what it awaits, how to describe what is there instead, and the
    /// kind of failure the time limit reports if it ends this wait.
    struct Awaiting: Sendable {
        let what: String
        let found: @Sendable () -> String
        let kind: FlowTestFailure.Kind
    }

    private struct Box {
        var state = State()
        var waiters = ConditionWaiters<State>()
        /// Identifies the waits in progress (`awaiting`).
        var nextID: UInt64 = 0
    }

    private let box = Locked(Box())

    var state: State { box.withLock { $0.state } }

    // MARK: Recording

    func coordinatorStarted(_ coordinator: any Sendable & AnyObject, id: CoordinatorID) {
        let type = type(of: coordinator)
        let entry = Coordinator(
            id: id, typeName: String(describing: type), type: ObjectIdentifier(type),
            objectID: ObjectIdentifier(coordinator), object: coordinator)
        change { $0.coordinators.append(entry) }
    }

    func record(_ event: LifecycleEvent) {
        change { state in
            state.events.append(event)
            state.descriptions.append(event.description)
            if event.kind.isEnd { state.ended.insert(event.coordinator) }
        }
    }

    func recordEventsFinished() { change { $0.eventsFinished = true } }

    func recordOutcome(_ outcome: any Sendable) { change { $0.outcome = outcome } }

    func recordAction(started screen: String) { change { $0.actionsRunning.append(screen) } }

    func recordAction(of screen: String, ended error: (any Error)?) {
        change { state in
            if let index = state.actionsRunning.firstIndex(of: screen) { state.actionsRunning.remove(at: index) }
            if let error { state.actionErrors.append("\(screen): \(error)") }
        }
    }

    func markAsserted(upTo index: Int) { change { $0.asserted = max($0.asserted, index) } }

    func watch(_ presenter: some HeadlessPresenter) {
        box.withLock { $0.state.presenters[ObjectIdentifier(presenter)] = presenter }
    }

    /// Applies `body` and resumes the waiters whose condition now holds. Conditions run
    /// outside the lock (they may read presenters).
    private func change(_ body: (inout State) -> Void) {
        let (state, waiters) = box.withLock { box in
            body(&box.state)
            return (box.state, box.waiters.all)
        }
        ConditionWaiters.resume(waiters, satisfiedBy: state) { ids in box.withLock { $0.waiters.remove(ids) } }
    }

    // MARK: Waiting

    /// Returns once `condition` holds for the state (at once if it holds now).
    ///
    /// Cancellation: throws `CancellationError`.
    func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await awaitValue { continuation in
            box.withLock { box in
                if condition(box.state) { return .ready(()) }
                return .waiting(box.waiters.add(condition, continuation))
            }
        } cancel: { [box] id in
            box.withLock { $0.waiters.remove(id) }
        }
    }

    /// Runs `body` as a wait for `what`: if the time limit ends the test meanwhile, its
    /// message names `what` and what `found` describes.
    func awaiting<Result>(
        _ what: String, found: @escaping @Sendable () -> String, failing kind: FlowTestFailure.Kind = .timeLimit,
        until body: () async throws -> Result
    ) async throws -> Result {
        let id = box.withLock { box in
            box.nextID += 1
            return box.nextID
        }
        change { $0.awaiting[id] = Awaiting(what: what, found: found, kind: kind) }
        defer { box.withLock { _ = $0.state.awaiting.removeValue(forKey: id) } }
        return try await body()
    }
}
