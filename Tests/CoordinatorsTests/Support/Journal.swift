/// Records what happened, in order, from any task; used to check deinit and teardown
/// order. Tests can wait for a condition on it; each record re-checks the waiters.
final class Journal: Sendable {
    private struct Waiter {
        let id: Int
        let condition: @Sendable ([String]) -> Bool
        let continuation: CheckedContinuation<Void, any Error>
    }
    private struct State {
        var entries: [String] = []
        var waiters: [Waiter] = []
        var nextID = 0
        /// Waiters cancelled before they were registered.
        var cancelled: Set<Int> = []
    }
    private let state = Mutex(State())

    func record(_ entry: String) {
        let ready = state.withLock { state in
            state.entries.append(entry)
            let entries = state.entries
            let ready = state.waiters.filter { $0.condition(entries) }
            state.waiters.removeAll { $0.condition(entries) }
            return ready
        }
        for waiter in ready { waiter.continuation.resume() }
    }

    var all: [String] { state.withLock { $0.entries } }

    /// Returns once `condition` holds for the entries. Cancellable, so that the suite's
    /// time limit ends a wait for something that never comes (a leak, a lost event).
    func waitUntil(_ condition: @escaping @Sendable ([String]) -> Bool) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Bool? in
                    if state.cancelled.remove(id) != nil { return nil }
                    if condition(state.entries) { return true }
                    state.waiters.append(Waiter(id: id, condition: condition, continuation: continuation))
                    return false
                }
                switch ready {
                case nil: continuation.resume(throwing: CancellationError())
                case true?: continuation.resume()
                case false?: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }
}

/// Waits until `count` screens have been presented, by reading the journal whenever the
/// presenter records something. Event-driven: it polls nothing.
func waitForScreens(_ count: Int, journal: Journal) async throws {
    try await journal.waitUntil { entries in entries.filter { $0.hasPrefix("present ") }.count >= count }
}
