extension Coordinator {
    /// Sets the value at `keyPath` for this coordinator and its subtree, before it runs: a
    /// parent sets a value for one child (and what it starts) without affecting its siblings.
    ///
    /// ```swift
    /// let checkout = CheckoutCoordinator()
    /// try checkout.setEnvironment(\.payments, SandboxPayments())
    /// try await flow.run(checkout)
    /// ```
    ///
    /// The same spelling sets a value on the tree (`tree.setEnvironment`, any time) and on a
    /// running coordinator, by itself (`flow.setEnvironment`).
    ///
    /// Throws `CoordinatorError` `alreadyRun` once the instance runs or has run, changing
    /// nothing: an instance runs once, and a running coordinator sets its own values with
    /// `flow.setEnvironment`.
    public nonisolated func setEnvironment<Value>(
        _ keyPath: WritableKeyPath<FlowEnvironment, Value>, _ value: Value, file: String = #fileID, line: Int = #line
    ) throws(CoordinatorError) {
        do {
            try flow.node.updateEnvironmentBeforeRun { layer in FlowEnvironment.set(keyPath, value, in: &layer) }
        } catch {
            throw error.located(at: file, line)
        }
    }
}
