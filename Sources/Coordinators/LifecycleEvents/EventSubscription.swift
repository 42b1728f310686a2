/// One subscriber's buffer; the tree holds it while subscribed. A ring under a lock rather
/// than an `AsyncStream`, a multiple of its cost (lifecycleEventsObserved).
final class EventSubscription: Sendable {
    private struct State {
        var buffer: EventBuffer<LifecycleEvent>
        var finished = false
        var waiter: UnsafeContinuation<LifecycleEvent?, Never>?
    }

    private let state: Locked<State>

    init(_ bufferingPolicy: LifecycleEvents.BufferingPolicy) {
        state = Locked(State(buffer: EventBuffer(bufferingPolicy)))
    }

    /// See `LifecycleEvents.droppedCount`.
    var droppedCount: Int { state.withLock { $0.buffer.droppedCount } }

    /// The buffer's unread events and slots, for tests of its memory.
    var bufferUsage: (unread: Int, capacity: Int) { state.withLock { ($0.buffer.count, $0.buffer.capacity) } }

    func send(_ event: LifecycleEvent) {
        let waiter = state.withLock { state -> UnsafeContinuation<LifecycleEvent?, Never>? in
            guard !state.finished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.buffer.append(event)
            return nil
        }
        waiter?.resume(returning: event)
    }

    func finish() {
        let waiter = state.withLock { state in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    func next() async -> LifecycleEvent? {
        await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<LifecycleEvent?, Never>) in
                let ready = state.withLock { state -> LifecycleEvent?? in
                    if let event = state.buffer.removeFirst() { return .some(event) }
                    if state.finished || Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    return .none
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
    }
}
