/// A wait that did not return within its time limit.
struct TimeLimitExceeded: Error, CustomStringConvertible {
    let limit: Duration
    var description: String { "the wait did not return within \(limit)" }
}

/// Runs `body`, or throws `TimeLimitExceeded` (and cancels it) if it has not returned
/// within `limit`: for a wait that hangs when the code under test is wrong, so that the test
/// fails fast instead of using up its suite's time limit. A passing test never reaches the
/// limit, so it does not depend on timing.
func withinTimeLimit<Result: Sendable>(
    _ limit: Duration = .seconds(5), _ body: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    try await withThrowingTaskGroup(of: Result?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await ContinuousClock().sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let result = try await group.next(), let result else { throw TimeLimitExceeded(limit: limit) }
        return result
    }
}
