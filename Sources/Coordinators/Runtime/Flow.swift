/// A coordinator's handle into the runtime: runs children, presents screens, finishes.
///
/// Each coordinator declares its own: `let flow = Flow<Output>()`. The handle is a small
/// value; copies refer to the same flow. Its methods may be called from any task, such as
/// a screen's action calling an actor method of the coordinator: children started there
/// still run in this coordinator's own task tree (its hosting loop), and end with it.
///
/// Its async methods are `nonisolated(nonsending)`: they run on the caller's actor (the
/// coordinator's, from `start()` or an actor method) rather than hopping off it and back,
/// and suspend it only where they wait.
public struct Flow<Output: Sendable>: Sendable {
    let node: Node

    /// Creates the flow of a coordinator that has not run yet.
    public init() { node = Node.make() }

    /// Where this flow is in its lifecycle.
    public var state: FlowState { node.withLock { $0.machine.phase } }

    /// This flow's identifier in its tree (`#0` until it runs).
    public var id: CoordinatorID { node.id }

    // MARK: Finishing

    /// Ends this flow with `output` (event style). The runtime then cancels `start()` and
    /// the children, dismisses the remaining presentations, and hands `output` to the
    /// parent; `flow.finished` returns `output` meanwhile (in `start()`, once the children it
    /// hosts there have ended).
    ///
    /// Returns at once; it does not wait for the teardown. Throws `CoordinatorError`
    /// `alreadyFinished` if the flow has already ended (for whatever reason), `notRunning`
    /// if its coordinator has not been run.
    public func finish(with output: Output, file: String = #fileID, line: Int = #line) throws {
        do { try node.finish(.finished(output)) } catch { throw error.located(at: file, line) }
    }

    /// Ends this flow with `error` (event style), like `finish(with:)`; the parent's
    /// `run` throws `error`.
    public func finish(throwing error: any Error, file: String = #fileID, line: Int = #line) throws {
        do { try node.finish(.failed(error)) } catch { throw error.located(at: file, line) }
    }

    /// Suspends until the flow ends, then returns the output given to `finish(with:)`, or
    /// throws what ended it (`finish(throwing:)`'s error, `CancellationError`,
    /// `FlowDismissed`). Event-style coordinators return it from `start()`.
    ///
    /// Awaited by `start()`, it also tells links (`Routing/`) that the coordinator is set up:
    /// the rest of a deep link goes on into it from then on. It returns when this coordinator's own
    /// flow ends, whatever its children do (they are torn down after).
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError`.
    public nonisolated(nonsending) var finished: Output {
        get async throws {
            try await node.endRequested().output(as: Output.self)
        }
    }
}

extension Flow where Output == Void {
    /// Ends this flow (event style); see `finish(with:)`.
    public func finish(file: String = #fileID, line: Int = #line) throws {
        try finish(with: (), file: file, line: line)
    }
}
