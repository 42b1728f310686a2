/// The end of a timeout on a coordinator's clock, fixed when the timeout begins: a timer
/// that starts sleeping a moment later still ends at the same instant.
struct Deadline: Sendable {
    /// Sleeps until the deadline; throws `CancellationError` if cancelled first.
    let reached: @Sendable () async throws -> Void

    /// The deadline `timeout` from now on `clock`.
    init(after timeout: Duration, on clock: some Clock<Duration>) {
        let deadline = clock.now.advanced(by: timeout)
        reached = { try await clock.sleep(until: deadline, tolerance: nil) }
    }

    /// Runs `operation` with a timer that calls `expire` if the deadline comes first. The
    /// timer is a child task: it is cancelled and awaited before this returns, so it never
    /// outlives the call (and never calls `expire` after it).
    func racing<Result: Sendable>(
        _ operation: () async -> Result, orElse expire: @escaping @Sendable () -> Void
    ) async -> Result {
        await withDiscardingTaskGroup { group in
            group.addTask { [reached] in
                // Cancelled: the operation ended first.
                guard (try? await reached()) != nil else { return }
                expire()
            }
            let result = await operation()
            group.cancelAll()
            return result
        }
    }
}
