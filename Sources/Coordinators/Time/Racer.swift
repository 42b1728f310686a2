/// One contestant of `Flow.race`: a coordinator that has not run, with how its output
/// becomes the race's common `Value`.
///
/// ```swift
/// let winner = try await flow.race(
///     .flow(LoginCoordinator(navigation: navigation)) { .signedIn($0) },
///     .flow(GuestCoordinator(navigation: navigation)) { _ in .guest })
/// ```
public struct Racer<Value: Sendable>: Sendable {
    /// The racer's node, for adopting, cancelling and naming it.
    let node: Node
    /// Binds the racer as a child of `parent`; returns whether the calling task is the
    /// parent's start task (see `Node.adopt`).
    let adopt: @Sendable (_ parent: Node) throws(CoordinatorError) -> Bool
    /// Hosts the racer on its node, once.
    let run: @Sendable () async -> Void
    /// How the racer ended, typed as the race's.
    let outcome: @Sendable (EndCause) -> FlowOutcome<Value>

    /// A racer that runs `coordinator` and turns its output into the race's `Value` with
    /// `transform` (called once, if it finishes).
    public static func flow<C: Coordinator>(
        _ coordinator: C, _ transform: @escaping @Sendable (C.Output) -> Value
    ) -> Racer {
        // The racer holds its coordinator only until it is hosted: once the race has
        // returned, nothing of the race keeps a loser (or the winner) alive.
        let held = Locked<C?>(coordinator)
        let node = coordinator.flow.node
        return Racer(
            node: node,
            adopt: { (parent: Node) throws(CoordinatorError) -> Bool in try parent.adopt(node, running: C.self) },
            run: { await hostOnce(held, on: node) },
            outcome: { cause in
                switch FlowOutcome<C.Output>(cause) {
                case .finished(let output): .finished(transform(output))
                case .failed(let error): .failed(error)
                case .cancelled: .cancelled
                case .dismissed(let reason): .dismissed(reason)
                }
            })
    }

    /// A racer that runs `coordinator`, whose output is already the race's `Value`.
    public static func flow<C: Coordinator>(_ coordinator: C) -> Racer where C.Output == Value {
        flow(coordinator) { $0 }
    }
}

/// Takes the coordinator out of `held` and hosts it on `node`. A function of its own so that
/// its frame, and with it the last reference to the coordinator, is gone when it returns.
private func hostOnce<C: Coordinator>(_ held: Locked<C?>, on node: Node) async {
    // A racer is hosted only after its `adopt` bound its node, which succeeds once per
    // coordinator: the same racer twice, or again in a later race, fails with `alreadyRun`
    // before anything is hosted (`RaceTests`, "Misuse").
    guard let coordinator = held.withLock({ $0.take() }) else {
        preconditionFailure("a racer is hosted once")
    }
    await node.host(coordinator)
}
