/// Which task is running, as a value that can be stored and compared without keeping the
/// task alive: the address of the task object.
///
/// Storing an `UnsafeCurrentTask?` instead retains the task on every copy, and where the
/// concurrency library is built for library evolution (Apple platforms) goes through value
/// witnesses. An identity must only be compared while its task is known to be alive — whoever
/// stores one clears it before that task ends — because a later task may reuse the address.
struct TaskIdentity: Equatable, Sendable {
    private let address: UInt

    /// The identity of the calling task, or `nil` outside a task.
    static var current: TaskIdentity? {
        withUnsafeCurrentTask { task in task.map(TaskIdentity.init) }
    }

    /// The identity of `task`.
    init(_ task: UnsafeCurrentTask) {
        // `UnsafeCurrentTask`'s one stored property is the task object's reference (an
        // implementation detail of the concurrency library, not a documented promise).
        // `unsafeBitCast` traps if the sizes ever differ; the address is only compared,
        // never dereferenced.
        address = unsafeBitCast(task, to: UInt.self)
    }
}
