/// A running task, kept so that another task can cancel it.
///
/// A coordinator's `start()` runs in a child task of a group, which has no `Task` handle:
/// the group only cancels all its children at once. Yet an end recorded from anywhere
/// (`flow.finish` from an actor method, a swipe, a timeout, a handle's `cancel()`) must stop
/// that one task.
///
/// `@unchecked Sendable`, and why that is safe: `UnsafeCurrentTask` is not `Sendable`
/// because most of its API may only be used by the task itself. Only `cancel()` is ever
/// called here from another task, and that is the operation `Task.cancel()` performs from any
/// thread. The value holds a strong reference to the task object (every copy retains it), so
/// a canceller that took a copy never reaches freed memory, even if the task ends meanwhile;
/// its owner (`Node`) drops its copy when `start()` ends, so a task is not kept past its life.
struct RunningTask: @unchecked Sendable {
    private let task: UnsafeCurrentTask

    /// The calling task, or `nil` outside a task.
    static var current: RunningTask? {
        withUnsafeCurrentTask { task in task.map(RunningTask.init(task:)) }
    }

    /// The task's identity, to compare with `TaskIdentity.current`.
    var identity: TaskIdentity { TaskIdentity(task) }

    /// Cancels the task and its child tasks. Runs the task's cancellation handlers on the
    /// calling thread before returning: call it with no lock held.
    func cancel() {
        task.cancel()
    }
}
