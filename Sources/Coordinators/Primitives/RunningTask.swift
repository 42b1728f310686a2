/// A running task, kept so that another task can cancel it.
///
/// A coordinator's `start()` runs in a child task of a group, which has no `Task` handle:
/// the group only cancels all its children at once. Yet an end recorded from anywhere
/// (`flow.finish` from an actor method, a swipe, a timeout, a handle's `cancel()`) must stop
/// that one task.
///
/// It holds a strong reference to the task object, so a canceller that took a copy never
/// reaches freed memory, even if the task ends meanwhile; its owner (`Node`) drops its copy
/// when `start()` ends, so a task is not kept past its life. The reference is stored as
/// `AnyObject` rather than as `UnsafeCurrentTask`: copying and destroying an optional
/// `UnsafeCurrentTask` goes through the concurrency library's value witnesses, which cost
/// more than the rest of hosting a child that returns at once.
///
/// `@unchecked Sendable`, and why that is safe: `UnsafeCurrentTask` is not `Sendable` because
/// most of its API may only be used by the task itself. Only `cancel()` is ever called here
/// from another task, and that is the operation `Task.cancel()` performs from any thread.
struct RunningTask: @unchecked Sendable {
    private let object: AnyObject

    /// The calling task, or `nil` outside a task.
    static var current: RunningTask? {
        withUnsafeCurrentTask { task in
            // `UnsafeCurrentTask`'s one stored property is the task object's strong reference
            // (an implementation detail of the concurrency library, as `TaskIdentity` notes);
            // `unsafeBitCast` traps if the sizes ever differ. The optional is reinterpreted
            // whole, as `TaskIdentity.current` does, rather than unwrapped through value
            // witnesses: 25-35 ns instead of 50-80.
            unsafeBitCast(task, to: AnyObject?.self).map { RunningTask(object: $0) }
        }
    }

    /// The task's identity, to compare with `TaskIdentity.current`.
    var identity: TaskIdentity { TaskIdentity(unsafeBitCast(object, to: UnsafeCurrentTask.self)) }

    /// Cancels the task and its child tasks. Runs the task's cancellation handlers on the
    /// calling thread before returning: call it with no lock held.
    func cancel() {
        unsafeBitCast(object, to: UnsafeCurrentTask.self).cancel()
    }
}
