import Coordinators

/// A value set once, by whichever of several tasks comes first, and awaited by one task.
final class OneShot<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiter: UnsafeContinuation<Value, Never>?
    }
    private let state = Locked(State())

    /// Sets the value, unless it was set before. Returns whether this call set it.
    @discardableResult
    func resolve(_ value: Value) -> Bool {
        let (waiter, set) = state.withLock { state -> (UnsafeContinuation<Value, Never>?, Bool) in
            guard state.value == nil else { return (nil, false) }
            state.value = value
            defer { state.waiter = nil }
            return (state.waiter, true)
        }
        waiter?.resume(returning: value)
        return set
    }

    /// Waits for the value. Not cancellable: the tasks that resolve it decide when it comes.
    var value: Value {
        get async {
            await withUnsafeContinuation { continuation in
                let value = state.withLock { state -> Value? in
                    if state.value == nil { state.waiter = continuation }
                    return state.value
                }
                if let value { continuation.resume(returning: value) }
            }
        }
    }
}
