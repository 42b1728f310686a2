/// What a guard answers when a move would end its flow (`flow.guarding`).
public enum GuardDecision: Sendable, Hashable {
    /// The move goes on and ends the guarded flow (a body that runs in the flow's own task,
    /// such as its `start()`, is cancelled with it).
    case allow
    /// The move fails with `flowGuarded` before anything moved.
    case refuse
}
