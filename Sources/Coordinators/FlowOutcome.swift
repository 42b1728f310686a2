/// How a coordinator's flow ended, as its parent sees it.
///
/// `Flow.run(_:)` turns an outcome into a value or a thrown error; `Flow.runForOutcome(_:)`
/// and `ChildFlow.outcome` hand it over as it is, so the four endings can be told apart
/// without `catch` clauses.
public enum FlowOutcome<Output: Sendable>: Sendable {
    /// The coordinator produced its output: `start()` returned it, or the coordinator
    /// called `flow.finish(with:)`.
    case finished(Output)
    /// `start()` threw this error, or the coordinator called `flow.finish(throwing:)`.
    case failed(any Error)
    /// The coordinator was cancelled: by its parent ending, by `ChildFlow.cancel()`, by
    /// `CoordinatorTree.cancel()`, or by cancelling the task that awaited it.
    case cancelled
    /// The coordinator's main presentation left the screen without the coordinator
    /// finishing, for the given reason (most often `.byUser`: a swipe back or down).
    case dismissed(DismissalReason)

    /// The output, or the error that stands for the outcome: the coordinator's own error,
    /// `CancellationError`, or `FlowDismissed`.
    public func get() throws -> Output {
        switch self {
        case .finished(let output): return output
        case .failed(let error): throw error
        case .cancelled: throw CancellationError()
        case .dismissed(let reason): throw FlowDismissed(reason: reason)
        }
    }

    /// The output if the flow finished, otherwise `nil`.
    public var output: Output? {
        if case .finished(let output) = self { return output }
        return nil
    }
}

extension FlowOutcome: CustomStringConvertible {
    /// `finished(…)`, `failed(…)`, `cancelled` or `dismissed(…)`.
    public var description: String {
        switch self {
        case .finished(let output): "finished(\(output))"
        case .failed(let error): "failed(\(error))"
        case .cancelled: "cancelled"
        case .dismissed(let reason): "dismissed(\(reason))"
        }
    }
}

/// Thrown by `Flow.run(_:)` when the child's main presentation left the screen before the
/// child finished — typically a swipe back or swipe down by the user — and by
/// `Flow.ask(_:on:then:)` when the question left the screen before it answered.
public struct FlowDismissed: Error, Hashable, CustomStringConvertible {
    /// Why the child's main presentation (or the unanswered question) left the screen.
    public let reason: DismissalReason

    /// Creates the error for a dismissal with `reason`.
    public init(reason: DismissalReason) { self.reason = reason }

    /// `FlowDismissed(byUser)` and so on.
    public var description: String { "FlowDismissed(\(reason))" }
}
