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
        /// Counts changes, so a condition checked outside the lock can tell whether the
        /// state moved on meanwhile.
        var version: UInt64 = 0
        var waiters: [Waiter] = []
        var nextWaiterID: UInt64 = 0
    }

    private let box: Locked<Box>

    init(_ state: State) { box = Locked(Box(state: state)) }

    var state: State { box.withLock { $0.state } }

    /// Applies `change` to the state, then resumes the waiters it satisfied. Conditions are
    /// evaluated outside the lock, so they may read the presenter themselves.
    func mutate<Result>(_ change: (inout State) throws(CoordinatorError) -> Result) throws(CoordinatorError) -> Result {
        let (result, state, waiters) = try box.withLock { box throws(CoordinatorError) in
            let result = try change(&box.state)
            box.version &+= 1
            return (result, box.state, box.waiters)
        }
        guard !waiters.isEmpty else { return result }
        let satisfied = Set(waiters.filter { $0.condition(state) }.map(\.id))
        guard !satisfied.isEmpty else { return result }
        let resumed = box.withLock { box in
            let resumed = box.waiters.filter { satisfied.contains($0.id) }
            box.waiters.removeAll { satisfied.contains($0.id) }
            return resumed
        }
        for waiter in resumed { waiter.continuation.resume() }
        return result
    }

    /// Returns once `condition` holds for the state (at once if it holds now).
    /// Cancelling the waiting task throws `CancellationError`.
    func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await awaitValue { continuation in
            while true {
                let (state, version) = box.withLock { ($0.state, $0.version) }
                if condition(state) { return .ready(()) }
                let registered = box.withLock { box -> UInt64? in
                    // If the state changed since it was checked, check again.
                    guard box.version == version else { return nil }
                    box.nextWaiterID += 1
                    box.waiters.append(Waiter(id: box.nextWaiterID, condition: condition, continuation: continuation))
                    return box.nextWaiterID
                }
                if let registered { return .waiting(registered) }
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
