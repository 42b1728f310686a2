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

    /// A person removes the top `count(stack)` presentations at once (a back button, a
    /// swipe down), leaving at least `minimumKept` below them; see `removeByUser`. Throws
    /// what `count` throws, and `gestureInProgress` while an interactive gesture has not
    /// ended — both judged on the stack as it is when the gesture lands.
    func removeTopByUser<Subject: Observable>(
        on subject: Subject, _ keyPath: KeyPath<Subject, State>, keeping minimumKept: Int,
        count: ([Presentation]) throws(CoordinatorError) -> Int
    ) async throws(CoordinatorError) -> Bool {
        try await removeByUser(on: subject, keyPath, keeping: minimumKept, endingGesture: false) {
            state throws(CoordinatorError) in
            try Self.checkNoGesture(in: state)
            return Array(state.stack.suffix(try count(state.stack)))
        }
    }

    /// The interactive gesture over `planned` is let go past the threshold: it ends, and
    /// removes `planned` as `removeByUser` does.
    func completeGesture<Subject: Observable>(
        on subject: Subject, _ keyPath: KeyPath<Subject, State>, _ planned: [Presentation], keeping minimumKept: Int
    ) async -> Bool {
        await removeByUser(on: subject, keyPath, keeping: minimumKept, endingGesture: true) { _ in planned }
    }

    /// A person removes the presentations `plan` picks from the top of the stack.
    ///
    /// Picking, checking and removing are one critical section, so a gesture that needs no
    /// confirmation acts on the stack exactly as it is when it lands, whatever else happens
    /// meanwhile. Confirmations are asked outside it, most recent first; then the same
    /// presentations are removed if they are still the top with at least `minimumKept`
    /// below, and every confirmation in force is one that agreed (one set meanwhile is asked
    /// too). If one refuses, or the stack changed while they were asked, nothing changes and
    /// this returns `false`. Removed presentations report `.byUser`; those their coordinator
    /// was already dismissing keep that reason.
    private func removeByUser<Subject: Observable, Failure: Error>(
        on subject: Subject, _ keyPath: KeyPath<Subject, State>, keeping minimumKept: Int, endingGesture: Bool,
        plan: (State) throws(Failure) -> [Presentation]
    ) async throws(Failure) -> Bool {
        var step = try removalStep(on: subject, keyPath, keeping: minimumKept, endingGesture, agreed: [:], plan)
        var agreed: [ObjectIdentifier: UInt64] = [:]
        while true {
            switch step {
            case .removed(let removed):
                removed.reportDismissals(.byUser)
                return true
            case .refused:
                return false
            case .confirm(let planned, let questions):
                for question in questions {
                    guard (try? await question.confirm()) ?? false else {
                        if endingGesture { cancelGesture(on: subject, keyPath, planned) }
                        return false
                    }
                    agreed[ObjectIdentifier(question.presentation)] = question.revision
                }
                step = removalStep(on: subject, keyPath, keeping: minimumKept, endingGesture, agreed: agreed) { _ in
                    planned
                }
            }
        }
    }

    /// One critical section of `removeByUser`: picks the presentations, and removes them if
    /// nothing is left to confirm (`agreed` maps each presentation to the revision of the
    /// confirmation that agreed).
    private func removalStep<Subject: Observable, Failure: Error>(
        on subject: Subject, _ keyPath: KeyPath<Subject, State>, keeping minimumKept: Int, _ endingGesture: Bool,
        agreed: [ObjectIdentifier: UInt64], _ plan: (State) throws(Failure) -> [Presentation]
    ) throws(Failure) -> UserRemovalStep {
        try mutate(subject, keyPath) { state throws(Failure) -> (UserRemovalStep, changed: Bool) in
            let planned = try plan(state)
            let endsGesture = endingGesture && state.gestureInProgress == planned
            guard !planned.isEmpty, state.stack.count - planned.count >= minimumKept,
                state.stack.suffix(planned.count).elementsEqual(planned)
            else {
                if endsGesture { state.gestureInProgress = [] }
                return (.refused, changed: endsGesture)
            }
            let questions = planned.reversed().compactMap { presentation -> ConfirmationQuestion? in
                guard case .confirm(let confirm, let revision) = presentation.userDismissalCheck(),
                    agreed[ObjectIdentifier(presentation)] != revision
                else { return nil }
                return ConfirmationQuestion(presentation: presentation, confirm: confirm, revision: revision)
            }
            guard questions.isEmpty else { return (.confirm(planned, questions), changed: false) }
            if endsGesture { state.gestureInProgress = [] }
            state.stack.removeLast(planned.count)
            return (.removed(planned), changed: true)
        }
    }
}

/// What one critical section of a person's removal found.
private enum UserRemovalStep {
    /// Removed from the stack; to be reported.
    case removed([Presentation])
    /// Not on top any more (or too few would be left): nothing changed.
    case refused
    /// These presentations' confirmations must agree first.
    case confirm([Presentation], [ConfirmationQuestion])
}

/// A confirmation to ask before a person's removal, and which one it is.
private struct ConfirmationQuestion {
    let presentation: Presentation
    let confirm: @Sendable () async throws -> Bool
    let revision: UInt64
}
