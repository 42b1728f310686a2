extension Coordinator {
    /// Sets the value at `keyPath` for this coordinator and its subtree, and returns it: a
    /// parent overrides a value for one child (and what it starts) without affecting its
    /// siblings.
    ///
    /// ```swift
    /// try await flow.run(CheckoutCoordinator().environment(\.payments, SandboxPayments()))
    /// ```
    ///
    /// It sets the value only on an instance that has not run: on one that runs, or has
    /// run, it changes nothing (an instance runs once, and running it again throws
    /// `alreadyRun`). To change a running coordinator's values, call `flow.setEnvironment`
    /// from the coordinator.
    public nonisolated func environment<Value>(
        _ keyPath: WritableKeyPath<FlowEnvironment, Value>, _ value: Value
    ) -> Self {
        flow.node.updateEnvironmentBeforeRun { layer in FlowEnvironment.set(keyPath, value, in: &layer) }
        return self
    }
}
