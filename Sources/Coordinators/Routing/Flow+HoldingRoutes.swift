extension Flow {
    /// Runs `body` with this coordinator's routes held: a deep link or a restoration that
    /// reaches it meanwhile waits, and goes on into it once it is ready again. Returns what
    /// `body` returns.
    ///
    /// ```swift
    /// func start() async throws {
    ///     try await flow.holdingRoutes {
    ///         try await flow.run(OnboardingCoordinator(modal: modal))   // links wait…
    ///     }
    ///     try await go(.forward(to: .home))
    ///     try await flow.finished                                       // …and go on from here
    /// }
    /// ```
    ///
    /// A coordinator is ready for links, by default, once its `start()` first waits on the
    /// runtime (`flow.finished`, an `ask`'s answer, a child's `run` or `outcome`, a race, a
    /// guarded body): what `start()` sets up before that is done. An onboarding or a sign-in
    /// that `start()` runs first waits on the runtime too, so without a hold a link would go on
    /// into the coordinator while it still sets up. With one, waiting inside `body` does not
    /// make it ready; it is ready at its first wait after `body` (above: `flow.finished`, after
    /// the home screen is shown). That is so whenever the hold begins: a root that signs in
    /// again after a sign-out holds links during that sign-in, and they go on once it has
    /// set up again and waits.
    ///
    /// A waiting link keeps the rules of links: a newer link or a restoration supersedes it
    /// (its caller gets `DeepLinkError` `superseded`), cancelling its task stops it, and the
    /// coordinator's end fails it with `targetEnded`. A link already past this coordinator,
    /// or taking its steps here, is not held. The coordinator's own `go` is never held.
    ///
    /// Throws `CoordinatorError` before running `body`: `notInStart` unless the calling task
    /// runs this coordinator's `start()` (only `start()` sets a coordinator up), `notRunning`
    /// or `flowEnded` unless the flow runs. Otherwise it throws what `body` throws.
    ///
    /// Cancellation: `body` runs in the calling task, and cancelling it is `body`'s to handle;
    /// the hold ends when `body` returns or throws, whatever the reason.
    public nonisolated(nonsending) func holdingRoutes<Value>(
        file: String = #fileID, line: Int = #line, _ body: nonisolated(nonsending) () async throws -> Value
    ) async throws -> Value {
        do { try node.holdRoutes() } catch { throw error.located(at: file, line) }
        defer { node.releaseRoutes() }
        return try await body()
    }
}
