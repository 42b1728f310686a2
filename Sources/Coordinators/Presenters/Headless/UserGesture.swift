import Observation

/// A person's interactive gesture that has started and not ended yet: a swipe back or a
/// swipe down, half way.
///
/// Headless presenters hand one out from `beginUserPop()` or `beginUserDismiss()`, so that
/// tests and demos can act out both endings of a gesture. While it is in progress, the
/// presenter's state lists what it would remove (`gestureInProgress`) and nothing has left.
///
/// ```swift
/// let swipe = try navigation.beginUserPop()
/// try swipe.cancel()                       // let go early: nothing is reported, nothing ends
/// let popped = try await navigation.beginUserPop().complete()   // let go past the threshold
/// ```
public final class UserGesture: Sendable {
    /// What the gesture removes if it completes, most recent last.
    public let presentations: [Presentation]

    private let ended = Locked(false)
    private let completion: @Sendable () async -> Bool
    private let cancellation: @Sendable () -> Void

    init(
        _ presentations: [Presentation],
        complete: @escaping @Sendable () async -> Bool,
        cancel: @escaping @Sendable () -> Void
    ) {
        self.presentations = presentations
        self.completion = complete
        self.cancellation = cancel
    }

    /// A gesture dropped without being completed or cancelled is cancelled, synchronously,
    /// where its last reference goes: nothing is reported, the presenter publishes that the
    /// gesture is over (Observation, waiters) and accepts the next gesture. Do not drop the
    /// last reference while holding a lock that an observer of the presenter takes.
    deinit {
        if !ended.withLock({ $0 }) { cancellation() }
    }

    /// The person lets go past the threshold: the gesture ends as the matching immediate
    /// gesture (`userPop()`, `userDismiss()`) would. Each presentation's confirmation is
    /// asked first (see `Presentation.setUserDismissalConfirmation(_:)`); if all agree and
    /// the presentations are still where the gesture found them, they are removed and report
    /// `.byUser`. Returns whether they were removed.
    ///
    /// Throws `CoordinatorError` `gestureEnded` if the gesture was already completed or
    /// cancelled.
    ///
    /// Cancellation: confirmations run in the calling task and see its cancellation; a
    /// confirmation that throws refuses the gesture.
    @discardableResult
    public func complete() async throws(CoordinatorError) -> Bool {
        try end("complete()")
        return await completion()
    }

    /// The person lets go before the threshold: the gesture ends and nothing is reported —
    /// every presentation and every coordinator stays as it was.
    ///
    /// Throws `CoordinatorError` `gestureEnded` if the gesture was already completed or
    /// cancelled.
    public func cancel() throws(CoordinatorError) {
        try end("cancel()")
        cancellation()
    }

    private func end(_ call: String) throws(CoordinatorError) {
        let wasEnded = ended.withLock { ended in
            defer { ended = true }
            return ended
        }
        if wasEnded {
            throw CoordinatorError(
                .gestureEnded,
                "\(call) was called on a gesture over \(presentations.map(\.description)) that had already ended. "
                    + "A gesture ends once: complete it or cancel it.")
        }
    }
}

extension HeadlessStore where State: StackState {
    /// What a gesture removes: the top `count(stack)` presentations, where `count` checks
    /// the stack (and throws if the gesture is impossible).
    ///
    /// Throws `gestureInProgress` while an interactive gesture has not ended: a person makes
    /// one gesture at a time.
    func plan(count: ([Presentation]) throws(CoordinatorError) -> Int) throws(CoordinatorError) -> [Presentation] {
        let state = self.state
        try Self.checkNoGesture(in: state)
        return Array(state.stack.suffix(try count(state.stack)))
    }

    private static func checkNoGesture(in state: State) throws(CoordinatorError) {
        guard state.gestureInProgress.isEmpty else {
            throw CoordinatorError(
                .gestureInProgress,
                "A person's gesture was made while an interactive one, over "
                    + "\(state.gestureInProgress.map(\.description)), was in progress. A person makes one gesture at a "
                    + "time: complete or cancel the interactive one first.")
        }
    }

    /// Starts an interactive gesture over the top `count(stack)` presentations: marks them
    /// in the state, and returns them.
    func beginGesture<Subject: Observable>(
        on subject: Subject, _ keyPath: KeyPath<Subject, State>,
        count: ([Presentation]) throws(CoordinatorError) -> Int
    ) throws(CoordinatorError) -> [Presentation] {
        try mutate(
            subject, keyPath,
            always: { state throws(CoordinatorError) -> [Presentation] in
                try Self.checkNoGesture(in: state)
                state.gestureInProgress = Array(state.stack.suffix(try count(state.stack)))
                return state.gestureInProgress
            })
    }

    /// The gesture over `planned` was let go early: unmarks it, reports nothing.
    func cancelGesture<Subject: Observable>(
        on subject: Subject, _ keyPath: KeyPath<Subject, State>, _ planned: [Presentation]
    ) {
        mutate(subject, keyPath) { state in
            let isThisGesture = state.gestureInProgress == planned
            if isThisGesture { state.gestureInProgress = [] }
            return ((), changed: isThisGesture)
        }
    }

    /// A person removes `planned` (the top of the stack): asks each one's confirmation,
    /// most recent first; then, if all agreed and `planned` is still the top with at least
    /// `minimumKept` presentations below it, removes it in one step and reports each as
    /// `.byUser`. Returns whether it was removed.
    func removeByUser<Subject: Observable>(
        on subject: Subject, _ keyPath: KeyPath<Subject, State>,
        _ planned: [Presentation], keeping minimumKept: Int, endingGesture: Bool
    ) async -> Bool {
        var confirmed = true
        for presentation in planned.reversed() where confirmed {
            confirmed = await presentation.confirmUserDismissal()
        }
        let removed = mutate(subject, keyPath) { state in
            let endsGesture = endingGesture && state.gestureInProgress == planned
            if endsGesture { state.gestureInProgress = [] }
            guard confirmed, !planned.isEmpty, state.stack.count - planned.count >= minimumKept,
                state.stack.suffix(planned.count).elementsEqual(planned)
            else { return (false, changed: endsGesture) }
            state.stack.removeLast(planned.count)
            return (true, changed: true)
        }
        if removed { planned.reportDismissals(.byUser) }
        return removed
    }
}
