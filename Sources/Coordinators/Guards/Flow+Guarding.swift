extension Flow {
    /// Runs `body` with this flow guarded: while it runs, a move that would end this flow — a
    /// deep link's step, a restoration, or an ancestor's `go(.back…)` — first asks
    /// `whenInterrupted`, and fails with `flowGuarded` before anything moved (every presenter
    /// unchanged) if it answers `.refuse`. Returns what `body` returns.
    ///
    /// ```swift
    /// let receipt = try await flow.guarding {
    ///     try await payments.submit(order)
    /// } whenInterrupted: { interruption in
    ///     .refuse
    /// }
    /// ```
    ///
    /// What does not ask: ending the tree or a subtree (`tree.cancel()`, a parent's end or
    /// cancellation, `ChildFlow.cancel()`, `flow.finish`) stays immediate, and a person's
    /// gestures keep their own veto (dismissal confirmation). A move of this coordinator's own
    /// never ends it, so it never asks its own guard (it asks its children's).
    ///
    /// With `against: .endingOrHiding`, moves that would hide this flow while it stays ask too,
    /// with the cause `hiding`: another tab selected over it, or a modal shown over it by a
    /// coordinator outside it (`GuardedAgainst`). A refusal fails them with `flowGuarded` too.
    ///
    /// With a `timeout`, measured on this flow's clock (`flow.environment.clock`) from when a
    /// move asks, a guard that has not answered by then refuses: what is guarded is never torn
    /// down without a yes. The lifecycle event says so (`interruptionRefused(move:timedOut:)`).
    /// Without one, a move waits as long as `whenInterrupted` takes. Guards nest: a move asks
    /// every guard up in every flow it would end, all at once, and the first refusal fails it.
    ///
    /// Running a guarded `body` from `start()` is a wait on the runtime: it makes this
    /// coordinator ready, so a deep link goes on into it from then on (unless it holds its
    /// routes), and a newer link asks this guard before it ends the flow.
    ///
    /// The guard is up only while `body` runs. A move that would end this flow and is deciding
    /// when `guarding` is called makes it wait until that move has carried out its decision:
    /// then the flow is ending and this throws `flowEnded` without running `body`, or the move
    /// was refused and `body` runs guarded. A guard whose `body` returns, or whose flow ends
    /// otherwise, while a move asks it no longer guards anything: the move goes on as if it
    /// allowed.
    ///
    /// `whenInterrupted` runs in a task of its own, once per move that asks, and may await
    /// (show an alert, say). The move waits for it in its turn, but not beyond its own
    /// cancellation: a move that is cancelled (a superseded link) withdraws its ask at once and
    /// cancels that task.
    ///
    /// Throws what `body` throws; `CoordinatorError` `flowEnded` or `notRunning` (before running
    /// `body`) if this flow does not run.
    ///
    /// Cancellation: `body` runs in the calling task and sees its cancellation as usual; the
    /// guard is up until `body` returns. A cancellation while `guarding` waits for a deciding
    /// move throws `CancellationError` without running `body`.
    public nonisolated(nonsending) func guarding<Value>(
        timeout: Duration? = nil,
        against: GuardedAgainst = .ending,
        file: String = #fileID, line: Int = #line,
        _ body: nonisolated(nonsending) () async throws -> Value,
        whenInterrupted decide: @escaping @Sendable (FlowInterruption) async -> GuardDecision
    ) async throws -> Value {
        let active: ActiveGuard
        let id: UInt64
        // A guard against hiding is counted before it is registered, once no move that covers
        // what is shown is under way (`TreeContext.beginHidingGuard`): a covering move that
        // found none counted finds none registered either.
        let hidingCount = against == .endingOrHiding ? node.context : nil
        do {
            try await hidingCount?.beginHidingGuard()
        } catch {
            throw CoordinatorError.located(error, at: file, line)
        }
        do {
            active = ActiveGuard(
                guarding: node, timeout: try timeout.map { ($0, try environment.clock) }, against: against,
                decide: decide)
            id = try await node.addGuard(active)
        } catch {
            hidingCount?.endHidingGuard()
            throw CoordinatorError.located(error, at: file, line)
        }
        defer {
            node.removeGuard(id)
            active.end()
            hidingCount?.endHidingGuard()
        }
        node.acceptRoutes()  // a wait on the runtime: links go on into this flow from here
        return try await body()
    }
}
