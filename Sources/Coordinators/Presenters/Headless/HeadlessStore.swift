import Observation

/// What every headless presenter's state has.
protocol HeadlessState: Sendable {
    /// Counts the changes applied so far.
    var revision: Int { get set }

    /// Restores the state's invariants after a change (in the same critical section).
    mutating func settle()

    /// Records whether the change just applied was animated (a state that shows it; see
    /// `AnimationRecord`).
    mutating func recordChange(animated: Bool)
}

extension HeadlessState {
    mutating func settle() {}
    mutating func recordChange(animated: Bool) {}
}

/// The state of a headless presenter: one lock, Observation, and waiters for conditions —
/// what every headless presenter is built on, written once.
///
/// Every change is one critical section, so concurrent calls are applied one at a time, in
/// the order they take the lock, and each adds one to `revision`. After a change, outside
/// the lock, the store tells Observation, resumes the waiters whose condition now holds, and
/// tells the container the presenter belongs to, if any (a tab of a tab bar).
///
/// Waiters' conditions may also read the presentations the presenter holds (`isPresented`,
/// `isAnswered`, `dismissalReason`), whose state changes apart from the presenter's: the
/// presenter is the listener of every presentation it receives, and has the store re-check
/// its waiters when one changes (`presentationDidChange()`) — without a new revision, as
/// the presenter's state did not change.
///
/// The store is the object Observation sees: a presenter's `state` reads `observed`, so a
/// view that reads it is told of every change the store applies.
final class HeadlessStore<State: HeadlessState>: Observable, Sendable {
    private typealias Waiter = ConditionWaiters<State>.Waiter

    private struct Box {
        var state: State
        var waiters = ConditionWaiters<State>()
        /// Counts the changes of presentations (`presentationDidChange()`), as `revision`
        /// counts the state's: a waiter registers only if neither moved since it checked.
        var presentationChanges: UInt64 = 0
        /// Whether anyone has read the state through Observation (`observed`). Until then no
        /// observer can be registered, so a change need not tell Observation
        /// (presentDismiss).
        var isObserved = false
    }

    private let box: Locked<Box>
    private let registrar = ObservationRegistrar()
    /// `\.state`, made once: a key path to a member of a generic class is built anew (an
    /// allocation) each time its literal is evaluated, and Observation needs one per change.
    private let stateKeyPath: KeyPath<HeadlessStore, State> & Sendable
    /// Told after each change: the container this presenter is a part of (a tab of a tab
    /// bar), if any. Fixed at creation, so it is read without the lock.
    private let containerDidChange: (@Sendable (PartChange) -> Void)?

    init(_ state: State, containerDidChange: (@Sendable (PartChange) -> Void)? = nil) {
        box = Locked(Box(state: state))
        stateKeyPath = \HeadlessStore.state
        self.containerDidChange = containerDidChange
    }

    /// The state, without telling Observation.
    var state: State { box.withLock { $0.state } }

    /// The state, as an observed read: what a presenter's public `state` returns.
    var observed: State {
        registrar.access(self, keyPath: stateKeyPath)
        // Marked in the critical section that reads the state: a change applied before it
        // is in what this read returns; one applied after it tells Observation.
        return box.withLock { box in
            box.isObserved = true
            return box.state
        }
    }

    /// Applies `change` as one step, animated or not (a person's gestures are).
    ///
    /// `change` returns its result and whether it changed anything; if it did not (or it
    /// threw), the revision stays and nobody — Observation, waiters, container — is told.
    func update<Result, Failure: Error>(
        animated: Bool = true, _ change: (inout State) throws(Failure) -> (Result, changed: Bool)
    ) throws(Failure) -> Result {
        let (result, notify) = try box.withLock { box throws(Failure) -> (Result, Notify?) in
            let (result, changed) = try change(&box.state)
            guard changed else { return (result, nil) }
            box.state.settle()
            box.state.revision += 1
            box.state.recordChange(animated: animated)
            // Most changes find no waiter (every present and dismissal): copy nothing then.
            let check = box.waiters.isEmpty ? nil : (box.state, box.waiters.all)
            return (result, Notify(observation: box.isObserved, check: check))
        }
        guard let notify else { return result }
        // The container first, so that whoever is told next reads its state (revision
        // included) already counting this change. Observation is told after the fact (the
        // change is applied), so a view that re-reads on `willSet` sees the new state.
        containerDidChange?(.state)
        if notify.observation { registrar.withMutation(of: self, keyPath: stateKeyPath) {} }
        if let (state, waiters) = notify.check { resumeWaiters(waiters, satisfiedBy: state) }
        return result
    }

    /// Whom a change must tell, decided in its critical section.
    private struct Notify {
        /// Observation, once anyone has observed the state.
        let observation: Bool
        /// The waiters, with the state to check them against, if any waits.
        let check: (State, [Waiter])?
    }

    /// `update` for changes that always change something.
    func mutate<Result, Failure: Error>(
        animated: Bool = true, always change: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try update(animated: animated) { state throws(Failure) in (try change(&state), true) }
    }

    /// A part of this presenter changed (a tab's stack): re-checks the waiters, whose
    /// conditions read the parts, and counts it as a change if the part's state changed (not
    /// if only a presentation it holds did). Observation needs nothing more: whoever read the
    /// parts' state through this presenter's `state` observes the parts directly.
    func partDidChange(_ change: PartChange) {
        guard case .state = change else { return presentationDidChange() }
        let check = box.withLock { box -> (State, [Waiter])? in
            box.state.revision += 1
            return box.waiters.isEmpty ? nil : (box.state, box.waiters.all)
        }
        if let (state, waiters) = check { resumeWaiters(waiters, satisfiedBy: state) }
        containerDidChange?(.state)
    }

    /// A presentation the presenter received changed its public state (it was shown,
    /// answered, left…): re-checks the waiters, whose conditions may read it, and tells the
    /// container. The presenter, its presentations' listener, calls this.
    ///
    /// The presenter's state did not change: `revision` stays, and Observation is not told
    /// (a presentation is not observable; a view learns of its phases from the presenter's
    /// own changes, or from the runtime's events).
    func presentationDidChange() {
        let check = box.withLock { box -> (State, [Waiter])? in
            box.presentationChanges &+= 1
            // Most changes find no waiter (a hot path: every present and dismissal).
            return box.waiters.isEmpty ? nil : (box.state, box.waiters.all)
        }
        if let (state, waiters) = check { resumeWaiters(waiters, satisfiedBy: state) }
        containerDidChange?(.presentation)
    }

    /// Conditions are evaluated outside the lock, so they may read the presenter.
    private func resumeWaiters(_ waiters: [Waiter], satisfiedBy state: State) {
        ConditionWaiters.resume(waiters, satisfiedBy: state) { ids in box.withLock { $0.waiters.remove(ids) } }
    }

    /// Returns once `condition` holds for the state (at once if it holds now). It is checked
    /// after each change of the state and of the presentations the presenter received, so it may
    /// read them (`presentationDidChange()`). Cancelling the waiting task throws
    /// `CancellationError`.
    func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await awaitValue { continuation in
            while true {
                let (state, presentationChanges) = box.withLock { ($0.state, $0.presentationChanges) }
                if condition(state) { return .ready(()) }
                let registered = box.withLock { box -> UInt64? in
                    // If the state, or a presentation, changed since it was checked, check
                    // again: that change re-checked the waiters before this one was among them.
                    guard box.state.revision == state.revision, box.presentationChanges == presentationChanges
                    else { return nil }
                    return box.waiters.add(condition, continuation)
                }
                if let registered { return .waiting(registered) }
            }
        } cancel: { [box] id in
            box.withLock { $0.waiters.remove(id) }
        }
    }
}

/// What a part of a container (a tab, a slot) tells the container after a change.
enum PartChange: Sendable {
    /// The part's state changed (its revision went up): a change of the container too.
    case state
    /// Only a presentation the part holds changed (it was shown, answered, left…): the
    /// container's waiters re-check, its revision stays (see
    /// `HeadlessStore.presentationDidChange()`).
    case presentation
}
