/// A request a screen sent through its `Router`: await its outcome, or drop it (the request
/// runs either way, and a failure is reported as a `screenRequestFailed` lifecycle event).
///
/// ```swift
/// let move = router.go(.forward(to: .movie(id: 7)))   // returns at once
/// try await move.value                                // once the movie is shown
/// ```
public struct RouterRequest<Value: Sendable>: Sendable {
    private let request: ScreenRequest<Value>

    init(_ request: ScreenRequest<Value>) {
        self.request = request
    }

    /// Waits until the request has been carried out, and returns what it returned or throws
    /// what it threw. It can be awaited again, from any task: it returns the same.
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError` at once; the
    /// request is not cancelled (it is its coordinator's work, ended only with the
    /// coordinator).
    public nonisolated(nonsending) var value: Value {
        get async throws { try await request.value }
    }

    /// The outcome, as a value: `value`'s, as a `Result`.
    ///
    /// Cancellation: cancelling the waiting task returns `.failure(CancellationError())` at
    /// once; the request is not cancelled.
    public nonisolated(nonsending) var result: Result<Value, any Error> {
        get async {
            do {
                return .success(try await request.value)
            } catch {
                return .failure(error)
            }
        }
    }
}
