/// What a guard answers when a move would end its flow (`flow.guarding`).
public enum GuardDecision: Sendable, Hashable {
    /// The move goes on and ends the guarded flow (the guard's body is cancelled with it).
    case allow
    /// The move fails with `flowGuarded` before anything moved.
    case refuse
}
