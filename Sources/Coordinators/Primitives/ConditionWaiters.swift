/// Continuations waiting for a condition on a state to hold, each with an identifier so that
/// a cancelled waiter can be removed. Not thread-safe: it lives inside its owner's `Locked`
/// state, beside the state. (`package`: the test kit, `CoordinatorsTesting`, shares it.)
///
/// Conditions are checked outside the owner's lock (they may read other objects): the owner
/// copies the waiters with the state after a change, and `resume(_:satisfiedBy:removing:)`
/// checks them and resumes those whose condition holds.
package struct ConditionWaiters<State> {
    /// One waiting condition.
    package struct Waiter: Sendable {
        let id: UInt64
        let condition: @Sendable (State) -> Bool
        let continuation: UnsafeContinuation<Void, any Error>
    }

    /// The waiters, oldest first: the copy to check outside the lock.
    package private(set) var all: [Waiter] = []
    private var nextID: UInt64 = 0

    package init() {}

    package var isEmpty: Bool { all.isEmpty }

    /// Registers a continuation waiting for `condition`; returns its identifier.
    package mutating func add(
        _ condition: @escaping @Sendable (State) -> Bool, _ continuation: UnsafeContinuation<Void, any Error>
    ) -> UInt64 {
        nextID &+= 1
        all.append(Waiter(id: nextID, condition: condition, continuation: continuation))
        return nextID
    }

    /// Removes and returns the continuation with `id`, if it still waits (its task was
    /// cancelled).
    package mutating func remove(_ id: UInt64) -> UnsafeContinuation<Void, any Error>? {
        all.firstIndex { $0.id == id }.map { all.remove(at: $0).continuation }
    }

    /// Removes and returns the continuations with these identifiers that still wait.
    package mutating func remove(_ ids: Set<UInt64>) -> [UnsafeContinuation<Void, any Error>] {
        defer { all.removeAll { ids.contains($0.id) } }
        return all.filter { ids.contains($0.id) }.map(\.continuation)
    }

    /// Checks `waiters` (copied with `state`) and resumes those whose condition holds for
    /// `state`, once `remove` has taken them from the owner's waiters under its lock (a
    /// waiter cancelled meanwhile is not resumed twice). Call it outside the lock.
    package static func resume(
        _ waiters: [Waiter], satisfiedBy state: State,
        removing remove: (Set<UInt64>) -> [UnsafeContinuation<Void, any Error>]
    ) {
        guard !waiters.isEmpty else { return }
        let satisfied = Set(waiters.filter { $0.condition(state) }.map(\.id))
        guard !satisfied.isEmpty else { return }
        for continuation in remove(satisfied) { continuation.resume() }
    }
}
