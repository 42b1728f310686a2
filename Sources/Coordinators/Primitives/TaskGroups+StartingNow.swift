extension DiscardingTaskGroup {
    /// Adds a child task that starts on the calling thread and runs there until it first
    /// suspends (SE-0472), instead of being handed to another thread; an ordinary child task
    /// where immediate tasks are not available. (Meant for non-isolated operations, such as
    /// the runtime's: one isolated to an actor would first hop to it.)
    mutating func addTaskStartingNow(operation: sending @escaping @isolated(any) () async -> Void) {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            addImmediateTask(operation: operation)
        } else {
            addTask(operation: operation)
        }
    }
}

extension TaskGroup {
    /// Adds a child task that starts on the calling thread and runs there until it first
    /// suspends (SE-0472), as `DiscardingTaskGroup.addTaskStartingNow` does; an ordinary
    /// child task where immediate tasks are not available.
    mutating func addTaskStartingNow(operation: sending @escaping @isolated(any) () async -> ChildTaskResult) {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            addImmediateTask(operation: operation)
        } else {
            addTask(operation: operation)
        }
    }
}
