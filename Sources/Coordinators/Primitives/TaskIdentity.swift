/// Which task is running, as a value that can be stored and compared without keeping the
/// task alive: the address of the task object.
///
/// Storing an `UnsafeCurrentTask?` instead retains the task on every copy, and goes through
/// the concurrency library's value witnesses (it is built for library evolution, on Linux
/// too). An identity must only be compared while its task is known to be alive — whoever
/// stores one clears it before that task ends — because a later task may reuse the address.
struct TaskIdentity: Equatable, Sendable {
    private let address: UInt

    /// The identity of the calling task, or `nil` outside a task.
    static var current: TaskIdentity? {
        // The optional is reinterpreted whole (`nil` is the null reference, 0), not unwrapped:
        // unwrapping copies it through the concurrency library's value witnesses (it is built
        // for library evolution), which took 50-60 ns where this takes 20.
        let address = withUnsafeCurrentTask { task in unsafeBitCast(task, to: UInt.self) }
        return address == 0 ? nil : TaskIdentity(address: address)
    }

    private init(address: UInt) {
        self.address = address
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
