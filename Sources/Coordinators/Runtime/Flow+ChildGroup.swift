extension Flow {
    /// Runs `body` with a group in which to start children that run at the same time, each
    /// in a child task of this coordinator's own task, and returns what `body` returns once
    /// every child of the group has ended and been torn down.
    ///
    /// ```swift
    /// let scores = try await flow.withChildGroup(of: Int.self) { group in
    ///     for player in players { try group.start(TurnCoordinator(player: player)) }
    ///     var total = 0
    ///     while let (_, outcome) = try await group.next() { total += outcome.output ?? 0 }
    ///     return total
    /// }
    /// ```
    ///
    /// The structured way to run many children at once from `start()`: as with a task group,
    /// each child costs a child task and nothing more, where children started with
    /// `flow.start(_:)` (or run from tasks `start()` made) are handed over to the
    /// coordinator's hosting loop. Call it from `start()` itself; an actor method that a
    /// screen calls runs in another task, and starts its children with `flow.start(_:)`.
    ///
    /// When `body` returns, the children still running are awaited (not cancelled), as a task
    /// group's are. When `body` throws, they are cancelled and awaited, then the error is
    /// rethrown. Either way, each child's teardown is complete when this returns.
    ///
    /// Throws `CoordinatorError` before running `body`: `notInStart` if the calling task is
    /// not the one running this coordinator's `start()`, `notRunning` or `flowEnded` if the
    /// flow does not run. Otherwise it throws what `body` throws.
    ///
    /// Cancellation: the children end with this coordinator. Whatever ends it (`finish` from
    /// an actor method, a swipe of its main screen, its parent's end, `tree.cancel()`) records
    /// an end for every coordinator below it, the group's children included, before the
    /// runtime cancels `start()`'s task; each child then ends as `cancelled` and is torn down,
    /// `next()` returns them, and the group starts no more (`flowEnded`).
    public func withChildGroup<ChildOutput: Sendable, GroupResult>(
        of childOutput: ChildOutput.Type = ChildOutput.self,
        returning resultType: GroupResult.Type = GroupResult.self,
        isolation: isolated (any Actor)? = #isolation,
        file: String = #fileID, line: Int = #line,
        body: (inout ChildGroup<ChildOutput>) async throws -> GroupResult
    ) async throws -> GroupResult {
        do { try node.checkInStart(to: "open a child group") } catch { throw error.located(at: file, line) }
        let storage = ChildGroup<ChildOutput>.Storage(owner: RunningTask.current)
        let result = await withTaskGroup(
            of: Node.self, returning: Result<GroupResult, any Error>.self, isolation: isolation
        ) { tasks in
            var group = ChildGroup<ChildOutput>(tasks: tasks, parent: node, storage: storage)
            let result: Result<GroupResult, any Error>
            do {
                result = .success(try await body(&group))
            } catch {
                group.cancelAll()
                result = .failure(error)
            }
            // Closed before the task group awaits what is left: a copy kept past `body` must
            // not reach the group once `withTaskGroup` has returned. Awaiting them is a wait on
            // the runtime (links go on into this coordinator from here).
            storage.close()
            node.acceptRoutes()
            return result
        }
        return try result.get()
    }
}
