/// The state of a headless presenter, with waiters for conditions on it.
///
/// Every change is one critical section, so concurrent calls are applied one at a time, in
/// the order they take the lock. Waiters whose condition holds after a change are resumed
/// after the lock is released.
final class HeadlessStore<State: Sendable>: Sendable {
    private struct Waiter {
        let id: UInt64
        let condition: @Sendable (State) -> Bool
        let continuation: UnsafeContinuation<Void, any Error>
    }

    private struct Box {
        var state: State
        var waiters: [Waiter] = []
        var nextWaiterID: UInt64 = 0
    }

    private let box: Locked<Box>

    init(_ state: State) { box = Locked(Box(state: state)) }

    var state: State { box.withLock { $0.state } }

    /// Applies `change` to the state, then resumes the waiters it satisfied.
    func mutate<Result>(_ change: (inout State) throws(CoordinatorError) -> Result) throws(CoordinatorError) -> Result {
        let (result, satisfied) = try box.withLock { box throws(CoordinatorError) in
            let result = try change(&box.state)
            guard !box.waiters.isEmpty else { return (result, [Waiter]()) }
            let state = box.state
            let satisfied = box.waiters.filter { $0.condition(state) }
            box.waiters.removeAll { waiter in satisfied.contains { $0.id == waiter.id } }
            return (result, satisfied)
        }
        for waiter in satisfied { waiter.continuation.resume() }
        return result
    }

    /// Returns once `condition` holds for the state (at once if it holds now).
    /// Cancelling the waiting task throws `CancellationError`.
    func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await awaitValue { continuation in
            box.withLock { box -> WaitRegistration<Void> in
                if condition(box.state) { return .ready(()) }
                box.nextWaiterID += 1
                box.waiters.append(Waiter(id: box.nextWaiterID, condition: condition, continuation: continuation))
                return .waiting(box.nextWaiterID)
            }
        } cancel: { [box] id in
            box.withLock { box in
                box.waiters.firstIndex { $0.id == id }.map { box.waiters.remove(at: $0).continuation }
            }
        }
    }
}

extension Collection<Presentation> {
    /// Reports each removed presentation, most recent first.
    func reportDismissals(_ reason: DismissalReason) {
        for presentation in reversed() {
            presentation.reportDismissal(reason)
        }
    }
}
