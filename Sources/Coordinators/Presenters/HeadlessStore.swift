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
    func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        let pending = Locked<UInt64?>(nil)
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let ready = box.withLock { box -> Bool in
                    if condition(box.state) { return true }
                    box.nextWaiterID += 1
                    box.waiters.append(Waiter(id: box.nextWaiterID, condition: condition, continuation: continuation))
                    pending.withLock { $0 = box.nextWaiterID }
                    return false
                }
                if ready { continuation.resume() }
                if Task.isCancelled { cancelWaiter(pending) }
            }
        } onCancel: {
            cancelWaiter(pending)
        }
    }

    private func cancelWaiter(_ pending: Locked<UInt64?>) {
        guard let id = pending.withLock({ $0 }) else { return }
        let waiter = box.withLock { box -> Waiter? in
            guard let index = box.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return box.waiters.remove(at: index)
        }
        waiter?.continuation.resume(throwing: CancellationError())
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
