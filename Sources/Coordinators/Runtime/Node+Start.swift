extension Node {
    /// The task that runs `coordinator.start()` on this node, for `host(start:)`: it records
    /// the task, runs `start()`, and records how it ended — its output, `cancelled` for a
    /// `CancellationError`, or the error it threw.
    ///
    /// A synchronous function that returns the task's operation, rather than an `async`
    /// wrapper around `start()`: one async frame fewer per coordinator, which keeps a
    /// coordinator's first frames within the task's own allocation (the allocation
    /// thresholds and the idle-memory benchmark show the difference).
    func start<C: Coordinator>(_ coordinator: C) -> @isolated(any) @Sendable () async -> Void {
        { [self] in
            startBegan()
            let cause: EndCause
            do {
                cause = .finished(try await coordinator.start())
            } catch is CancellationError {
                cause = .cancelled
            } catch {
                cause = .failed(error)
            }
            startEnded(cause)
        }
    }
}
