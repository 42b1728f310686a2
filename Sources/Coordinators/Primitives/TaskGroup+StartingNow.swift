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
