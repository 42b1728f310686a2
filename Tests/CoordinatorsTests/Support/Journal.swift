/// Records what happened, in order, from any task; used to check deinit and teardown
/// order. Tests can wait for a condition on it; each record re-checks the waiters.
///
/// Its entries are typed events, never sentences to parse: `Journal()` records `JournalEntry`,
/// what the shared test coordinators and presenters record; tests with a story of their own
/// record an entry type of their own (`Journal<FlowEventEntry>()`).
final class Journal<Entry: Hashable & Sendable>: Sendable {
    private struct Waiter {
        let id: Int
        let condition: @Sendable ([Entry]) -> Bool
        let continuation: CheckedContinuation<Void, any Error>
    }
    private struct State {
        var entries: [Entry] = []
        var waiters: [Waiter] = []
        var nextID = 0
        /// Waiters cancelled before they were registered.
        var cancelled: Set<Int> = []
    }
    private let state = Mutex(State())

    /// A journal of `Entry` (`Journal<FlowEventEntry>()`). The argument only lets the plain
    /// `Journal()` below mean a journal of `JournalEntry`.
    init(of entry: Entry.Type = Entry.self) {}

    func record(_ entry: Entry) {
        let ready = state.withLock { state in
            state.entries.append(entry)
            let entries = state.entries
            let ready = state.waiters.filter { $0.condition(entries) }
            state.waiters.removeAll { $0.condition(entries) }
            return ready
        }
        for waiter in ready { waiter.continuation.resume() }
    }

    var all: [Entry] { state.withLock { $0.entries } }

    /// Returns once `condition` holds for the entries. Cancellable, so that the suite's
    /// time limit ends a wait for something that never comes (a leak, a lost event).
    func waitUntil(_ condition: @escaping @Sendable ([Entry]) -> Bool) async throws {
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

extension Journal where Entry == JournalEntry {
    /// A journal of the shared `JournalEntry`.
    convenience init() { self.init(of: JournalEntry.self) }
}

/// Waits until `count` screens have been presented, by reading the journal whenever the
/// presenter records something. Event-driven: it polls nothing.
func waitForScreens(_ count: Int, journal: Journal<JournalEntry>) async throws {
    try await journal.waitUntil { entries in entries.presented.count >= count }
}

extension Array where Element: Hashable {
    /// Whether this array holds the same elements as `other`, as often, in any order: for
    /// entries recorded from tasks whose order the test leaves open.
    func isPermutation(of other: [Element]) -> Bool {
        func counts(_ elements: [Element]) -> [Element: Int] {
            elements.reduce(into: [:]) { $0[$1, default: 0] += 1 }
        }
        return counts(self) == counts(other)
    }
}
