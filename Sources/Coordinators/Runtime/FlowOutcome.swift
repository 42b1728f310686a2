/// How a coordinator's flow ended, as its parent sees it.
///
/// `Flow.run(_:timeout:)` turns an outcome into a value or a thrown error; `Flow.runForOutcome(_:timeout:)`
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

extension FlowOutcome {
    /// Types an end cause recorded by the flow of a coordinator whose output is `Output`.
    init(_ cause: EndCause) {
        switch cause {
        // Only `Flow<Output>` records `.finished`, always with an `Output`. Cast with `as!`, as
        // `output(as:)` does: `as?` also looks up `Output?`'s metadata, on every child a child
        // group returns (code generic over the output runs unspecialised).
        case .finished(let value): self = .finished(value as! Output)
        case .failed(let error): self = .failed(error)
        case .cancelled: self = .cancelled
        case .dismissed(let reason): self = .dismissed(reason)
        }
    }
}

extension FlowOutcome {
    /// The outcome, with a `CoordinatorError` it failed with located at the call
    /// `file`:`line` (see `CoordinatorError.located(at:_:)`).
    func located(at file: String, _ line: Int) -> FlowOutcome {
        guard case .failed(let error) = self else { return self }
        return .failed(CoordinatorError.located(error, at: file, line))
    }
}

extension EndCause {
    /// The output of a flow of `Output` that ended with this cause, or what it throws: what
    /// `FlowOutcome<Output>(self).get()` returns, without making the outcome: code generic
    /// over the output runs unspecialised, and making it would look up its type's metadata
    /// on every child run (childFlowRoundTrip). Never inlined: keeps its callers' async
    /// frames, `flow.finished`'s among them, small (idleCoordinatorMemory).
    @inline(never)
    func output<Output>(as _: Output.Type) throws -> Output {
        switch self {
        // Only `Flow<Output>` records `.finished`, always with an `Output`.
        case .finished(let value): return value as! Output
        case .failed(let error): throw error
        case .cancelled: throw boxedCancellationError
        case .dismissed(let reason): throw FlowDismissed(reason: reason)
        }
    }
}

/// A `CancellationError`, boxed once. `throw CancellationError()` boxes a new error each
/// time: an allocation for every coordinator a cancellation ends, whose `flow.finished`
/// throws it (cancelTree11111). An error box is immutable, so one can be thrown from any
/// number of tasks.
private let boxedCancellationError: any Error = CancellationError()
