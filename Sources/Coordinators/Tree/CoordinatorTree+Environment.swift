extension CoordinatorTree {
    /// Sets the value at `keyPath` for every coordinator this tree runs (now and in later
    /// runs), unless set again nearer to one (on an ancestor, or on itself).
    ///
    /// Coordinators see it from their next read of `flow.environment` on.
    public func setEnvironment<Value>(_ keyPath: WritableKeyPath<FlowEnvironment, Value>, _ value: Value) {
        context.updateEnvironment { layer in FlowEnvironment.set(keyPath, value, in: &layer) }
    }

    /// Applies `change` to the values set on this tree, as one step (the test kit's
    /// environment overrides).
    package func updateEnvironment(_ change: (inout FlowEnvironment) -> Void) {
        context.updateEnvironment { layer in
            var environment = FlowEnvironment(layer)
            change(&environment)
            layer = environment.values
        }
    }

    /// The values set on this tree (every other key has its default value).
    public var environment: FlowEnvironment {
        FlowEnvironment(context.environment)
    }
}
