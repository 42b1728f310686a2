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
