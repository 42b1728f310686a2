/// The environment values set at one place of a tree (a coordinator, or the tree itself),
/// keyed by their key's type. `Environment/` reads and writes them through
/// `FlowEnvironment`; the engine only stores and collects them.
typealias EnvironmentLayer = [ObjectIdentifier: any Sendable]

extension Node {
    /// Changes the values set on this coordinator before it runs. Throws `alreadyRun` once
    /// it runs or has run (it runs once; a running coordinator changes its own values with
    /// `flow.setEnvironment`).
    func updateEnvironmentBeforeRun(_ body: (inout EnvironmentLayer) -> Void) throws(CoordinatorError) {
        try withLock { state throws(CoordinatorError) in
            guard state.machine.phase == .idle else {
                throw CoordinatorError(
                    .alreadyRun,
                    "setEnvironment(_:_:) was called on \(state.name), which has already run. Set a value on a "
                        + "coordinator before running it; a running coordinator sets its own with "
                        + "flow.setEnvironment, and its parent can set one for its whole subtree the same way.")
            }
            body(&state.extras.environment)
        }
    }

    /// Changes the values set on this coordinator while its flow runs. Throws `notRunning`
    /// before the run (as reading does: set a value for a coordinator before it runs with
    /// `setEnvironment(_:_:)` on the instance), `flowEnded` once its flow has ended or is ending (nothing would
    /// see it), naming `action`.
    func updateEnvironmentWhileRunning(
        _ action: @autoclosure () -> String, _ body: (inout EnvironmentLayer) -> Void
    ) throws(CoordinatorError) {
        try withLock { state throws(CoordinatorError) in
            switch state.machine.phase {
            case .idle:
                throw CoordinatorError(
                    .notRunning,
                    "\(state.name) tried to \(action()) before it was run, where its flow cannot take it yet. "
                        + "Set a value for a coordinator before it runs with setEnvironment(_:_:) on the instance, "
                        + "or call flow.setEnvironment from start() or later.")
            case .ending, .ended:
                throw CoordinatorError(
                    .flowEnded, "\(state.name) tried to \(action()) after its flow ended. Nothing would see it.")
            case .running:
                body(&state.extras.environment)
            }
        }
    }

    /// The environment this coordinator sees: the tree's values, overlaid by those set on
    /// each ancestor from the root down, then by its own.
    ///
    /// Throws `notRunning` before the coordinator runs (only its own values would be known,
    /// and the defaults would stand in silently for its ancestors'), `flowEnded` once its
    /// teardown is complete (its ancestors are no longer linked). One lock at a time, child
    /// to root, so a value set on an ancestor meanwhile is seen (or not) as a whole.
    func resolvedEnvironment() throws(CoordinatorError) -> EnvironmentLayer {
        let (own, phase, parent, name) = withLock { ($0.environment, $0.machine.phase, $0.parent, $0.name) }
        switch phase {
        case .idle:
            throw CoordinatorError(
                .notRunning,
                "\(name) read its environment before it was run, where only the defaults are known. Read it from "
                    + "start() or later.")
        case .ended:
            throw CoordinatorError(
                .flowEnded,
                "\(name) read its environment after its flow ended and was torn down. Read it while the flow runs.")
        case .running, .ending:
            break
        }
        var layers = own.isEmpty ? [] : [own]
        var next = parent
        var context = self.context
        while let node = next {
            let (layer, parent, nodeContext) = node.withLock { ($0.environment, $0.parent, node.storedContext) }
            if !layer.isEmpty { layers.append(layer) }
            next = parent
            context = nodeContext
        }
        var resolved = context?.environment ?? [:]
        for layer in layers.reversed() {
            resolved.merge(layer) { _, nearer in nearer }
        }
        return resolved
    }
}

extension TreeContext {
    /// The values set on the tree: every coordinator it runs sees them, unless set again
    /// nearer.
    var environment: EnvironmentLayer {
        state.withLock { $0.environment }
    }

    /// Changes the values set on the tree.
    func updateEnvironment(_ body: (inout EnvironmentLayer) -> Void) {
        state.withLock { body(&$0.environment) }
    }
}
