/// A running task: to compare with the calling task, and to cancel from another task.
///
/// A coordinator's `start()` runs in a child task of a group, which has no `Task` handle:
/// the group only cancels all its children at once. Yet an end recorded from anywhere
/// (`flow.finish` from an actor method, a swipe, a timeout, a handle's `cancel()`) must stop
/// that one task; and a child group may only be used from the task that runs `start()`.
///
/// It keeps the task as the standard library gives it, an `UnsafeCurrentTask`, with no
/// conversion. That type's documentation says not to store one for use outside
/// `withUnsafeCurrentTask`'s closure, and leaves such use undefined; it also says which of
/// its APIs another task may call: those `Task` has too (`cancel()`, `==`). This is the one
/// place the package goes beyond the documentation, and it goes no further: only `cancel()`
/// and `==`, and only while the task runs.
/// - A node keeps its `start()`'s task under its lock, and drops it before that task can
///   end (when `start()` returns, or when an end takes it to cancel it).
/// - A canceller calls `cancel()` once the lock is released (cancellation handlers take
///   locks), and `start()`'s task waits for that before its teardown goes on
///   (`Node.State.startBeingCancelled`).
/// - A child group keeps its owner only until it closes, inside the owner's own run.
///
/// A design that keeps no task would give each coordinator a second task that owns a group
/// and cancels it: a task per coordinator (idleCoordinatorMemory).
///
/// A class: `UnsafeCurrentTask`'s layout is the concurrency library's to change, so a value
/// holding one has a layout known only at run time, and so would a node's state holding
/// that value, every access to the state paying for it (childFlowRoundTrip).
///
/// `@unchecked Sendable`, and why that is safe: `UnsafeCurrentTask` is not `Sendable`
/// because most of its API may only be used by the task itself. From other tasks only
/// `cancel()` and `==` are used, which its documentation allows from any task; the stored
/// property is a `let`.
final class RunningTask: @unchecked Sendable {
    private let task: UnsafeCurrentTask

    /// The calling task, or `nil` outside a task.
    static var current: RunningTask? {
        withUnsafeCurrentTask { task in task.map(RunningTask.init) }
    }

    private init(_ task: UnsafeCurrentTask) {
        self.task = task
    }

    /// Whether the calling task is this one.
    var isCurrent: Bool {
        withUnsafeCurrentTask { current in current == task }
    }

    /// Cancels the task and its child tasks. Runs the task's cancellation handlers on the
    /// calling thread before returning: call it with no lock held.
    func cancel() {
        task.cancel()
    }
}
