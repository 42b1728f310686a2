/// A handle to a child coordinator started with `flow.start(_:)`.
///
/// Await `value` or `outcome`, or `cancel()` it. Dropping the handle does not stop the
/// child: it runs until it ends or its parent does.
public struct ChildFlow<Output: Sendable>: Sendable {
    let node: Node
    /// The coordinator that started it: awaiting the child is a wait on the runtime, which
    /// makes that coordinator ready for links (`Node.acceptRoutes`).
    let parent: Node

    /// The child's identifier in the tree.
    public var id: CoordinatorID { node.id }

    /// Where the child is in its lifecycle.
    public var state: FlowState { node.withLock { $0.machine.phase } }

    /// Waits until the child has ended and been torn down, and returns how it ended.
    ///
    /// Awaited by the `start()` of the coordinator that started the child, it is a wait on the
    /// runtime, which makes that coordinator ready: a deep link goes on into it from then on,
    /// unless it holds its routes (`Flow.holdingRoutes(_:)`).
    ///
    /// Cancellation: as with `Task.value`, cancelling the waiting task does not cancel
    /// the child (call `cancel()` for that); the wait continues until the child ends.
    public var outcome: FlowOutcome<Output> {
        get async {
            parent.acceptRoutes()
            return FlowOutcome(await node.ended())
        }
    }

    /// Waits for the child's output; throws what `FlowOutcome.get()` throws. Awaited by the
    /// `start()` of the coordinator that started the child, makes it ready, as `outcome` does.
    ///
    /// Cancellation: as for `outcome`.
    public var value: Output {
        get async throws {
            parent.acceptRoutes()
            return try await node.ended().output(as: Output.self)
        }
    }

    /// Cancels the child and its subtree. Its outcome becomes `.cancelled` unless it had
    /// already ended.
    public func cancel() {
        node.requestEnd(.cancelled)
    }
}
