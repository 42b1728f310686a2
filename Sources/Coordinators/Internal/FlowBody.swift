/// What the hosting loop runs as a flow's `start()`.
///
/// The runtime hands the engine each coordinator wrapped in one (`CoordinatorBody`), so that
/// nothing in `Internal/` names `Coordinator` or `FlowOutcome`: the engine records an
/// `EndCause`, and the runtime types it.
protocol FlowBody: Sendable {
    /// Runs the flow to its end and returns its output.
    func run() async throws -> any Sendable
}
