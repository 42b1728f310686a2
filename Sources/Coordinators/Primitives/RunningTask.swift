/// A running task: to compare with the calling task, and to cancel from another task.
///
/// A coordinator's `start()` runs in a child task of a group, which has no `Task` handle:
/// the group only cancels all its children at once. Yet an end recorded from anywhere
/// (`flow.finish` from an actor method, a swipe, a timeout, a handle's `cancel()`) must stop
/// that one task; and a child group may only be used from the task that runs `start()`.
///
/// It keeps the task as the standard library gives it, an `UnsafeCurrentTask`, with no
/// conversion, and uses it only as its documentation allows another task to: `cancel()` and
/// `==`, APIs `Task` has too. A class: `UnsafeCurrentTask`'s layout is the concurrency
/// library's to change, so a value holding one has a layout known only at run time, and so
/// would a node's state holding that value, every access to it paying for it
/// (childFlowRoundTrip). A reference keeps the state's layout fixed. The documentation does not define using one after its task
/// has ended, so whoever keeps one makes sure its task is still running whenever it is used:
/// - a node keeps its `start()`'s task under its lock, and drops it before `start()`'s task
///   can end (when `start()` returns, or when an end takes it to cancel it);
/// - a canceller calls `cancel()` once the lock is released (cancellation handlers take
///   locks), and `start()`'s task waits for that before its teardown goes on
///   (`Node.State.startBeingCancelled`);
/// - a child group keeps its owner only until it closes, inside the owner's own run.
///
/// The alternative that keeps no task, a task of its own per coordinator that owns a group
/// and cancels it, costs a task per coordinator (idleCoordinatorMemory).
///
/// `@unchecked Sendable`, and why that is safe: `UnsafeCurrentTask` is not `Sendable`
/// because most of its API may only be used by the task itself. From other tasks only
/// `cancel()` and `==` are used, which the documentation allows from any task; the stored
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
