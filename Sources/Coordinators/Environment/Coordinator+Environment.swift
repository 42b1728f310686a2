extension Coordinator {
    /// Sets the value at `keyPath` for this coordinator and its subtree, and returns it: a
    /// parent overrides a value for one child (and what it starts) without affecting its
    /// siblings.
    ///
    /// ```swift
    /// try await flow.run(CheckoutCoordinator().environment(\.payments, SandboxPayments()))
    /// ```
    ///
    /// Call it before the child runs. (On a coordinator that has ended it changes nothing:
    /// an instance runs once, and running it again throws `alreadyRun`.)
    public nonisolated func environment<Value>(
        _ keyPath: WritableKeyPath<FlowEnvironment, Value>, _ value: Value
    ) -> Self {
        flow.node.updateEnvironment { layer in FlowEnvironment.set(keyPath, value, in: &layer) }
        return self
    }
}
