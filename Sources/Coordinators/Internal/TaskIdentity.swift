/// Which task is running, as a value that can be stored and compared without keeping the
/// task alive: the address of the task object.
///
/// `UnsafeCurrentTask` itself is a resilient type of the concurrency library, so storing
/// and comparing optional ones goes through value witnesses and retains the task; this is
/// a plain address. An identity must only be compared while its task is known to be alive
/// (the runtime clears a stored one before its task ends), because a later task may reuse
/// the address.
struct TaskIdentity: Equatable, Sendable {
    private let address: UInt

    /// The identity of the calling task, or `nil` outside a task.
    static var current: TaskIdentity? {
        withUnsafeCurrentTask { task in
            // `UnsafeCurrentTask` holds exactly the task object's reference; `unsafeBitCast`
            // checks that the sizes match, and the address is only read, never dereferenced.
            task.map { TaskIdentity(address: unsafeBitCast($0, to: UInt.self)) }
        }
    }
}
