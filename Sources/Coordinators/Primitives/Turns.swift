/// Callers that take turns: one at a time, in the order they asked (an asynchronous FIFO
/// lock). A turn may span awaits; whoever takes one ends it.
final class Turns: Sendable {
    private struct State {
        var busy = false
        var waiting = Waiters<Void>()
    }

    private let state = Locked(State())

    /// Returns once it is the caller's turn.
    ///
    /// Cancellation: a caller still waiting throws `CancellationError` and gives up its place;
    /// one whose turn has begun has it, cancelled or not, and must end it.
    func take() async throws {
        try await awaitValue { continuation in
            state.withLock { state in
                guard state.busy else {
                    state.busy = true
                    return .ready(())
                }
                return .waiting(state.waiting.add(continuation))
            }
        } cancel: { id in
            self.state.withLock { $0.waiting.remove(id) }
        }
    }

    /// Ends the caller's turn: the next caller's begins.
    func end() {
        let next = state.withLock { state in
            guard let next = state.waiting.removeFirst() else {
                state.busy = false
                return nil as UnsafeContinuation<Void, any Error>?
            }
            return next
        }
        next?.resume()
    }
}
