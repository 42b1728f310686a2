/// A running task: to compare with the calling task, and to cancel from another task.
///
/// A coordinator's `start()` runs in a child task of a group, which has no `Task` handle:
/// the group only cancels all its children at once. Yet an end recorded from anywhere
/// (`flow.finish` from an actor method, a swipe, a timeout, a handle's `cancel()`) must stop
/// that one task; and a child group may only be used from the task that runs `start()`.
///
/// It keeps the task as the standard library gives it, an `UnsafeCurrentTask`, with no
/// conversion. A node stores one only while `start()` runs, and clears it under its lock
/// when `start()` returns; a canceller takes its copy under that lock, and calls `cancel()`
/// once the lock is released (cancellation handlers may take other locks). A copy holds a
/// strong reference to the task, so a `cancel()` or `==` that comes after the task ended
/// reaches a live object, and does nothing or compares unequal.
///
/// `@unchecked Sendable`, and why that is safe: `UnsafeCurrentTask` is not `Sendable`
/// because most of its API may only be used by the task itself. From other tasks only
/// `cancel()` (an operation `Task` also has, which its documentation allows from any task)
/// and `==` (which compares the references) are used here.
struct RunningTask: Equatable, @unchecked Sendable {
    private let task: UnsafeCurrentTask

    /// The calling task, or `nil` outside a task.
    static var current: RunningTask? {
        withUnsafeCurrentTask { task in task.map(RunningTask.init) }
    }

    private init(_ task: UnsafeCurrentTask) {
        self.task = task
    }

    /// Cancels the task and its child tasks. Runs the task's cancellation handlers on the
    /// calling thread before returning: call it with no lock held.
    func cancel() {
        task.cancel()
    }
}
