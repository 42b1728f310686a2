/// What `Flow.ask(_:on:then:)` does with its screen once it has answered.
public enum AfterAnswer: Sendable, Hashable {
    /// Dismiss it: a question, a picker, an alert. It is an auxiliary presentation.
    case dismiss
    /// Leave it on the screen, owned by the coordinator: a screen the next one is pushed
    /// above. A person's pop of it makes `ask` throw `FlowDismissed(.byUser)`; for steps a
    /// person can go back through, ask them in `Flow.form(on:animated:_:)`.
    case keep
}
