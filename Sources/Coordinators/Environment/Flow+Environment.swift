extension Flow {
    /// The environment this coordinator sees now: for each key, the value set nearest to it
    /// (on itself, an ancestor, the tree), else the key's default.
    ///
    /// Throws `CoordinatorError` `notRunning` before the coordinator runs (from its `init`,
    /// only the defaults would be known: read it from `start()` or later), `flowEnded` once
    /// its flow has ended and been torn down.
    public var environment: FlowEnvironment {
        get throws(CoordinatorError) { FlowEnvironment(try node.resolvedEnvironment()) }
    }

    /// Sets the value at `keyPath` for this coordinator and its whole subtree, unless set
    /// again nearer to a descendant. Coordinators below see it from their next read of
    /// `flow.environment` on, whenever and however they were started.
    ///
    /// Throws `CoordinatorError` `notRunning` before the coordinator runs, as reading does
    /// (set a value for a coordinator before it runs with `setEnvironment(_:_:)` on the
    /// instance), and `flowEnded` once its flow has ended or is ending (nothing would see it).
    public func setEnvironment<Value>(
        _ keyPath: WritableKeyPath<FlowEnvironment, Value>, _ value: Value, file: String = #fileID, line: Int = #line
    ) throws(CoordinatorError) {
        do {
            try node.updateEnvironmentWhileRunning("set an environment value") { layer in
                FlowEnvironment.set(keyPath, value, in: &layer)
            }
        } catch {
            throw error.located(at: file, line)
        }
    }
}
