/// What `Flow.ask(_:on:then:)` does with its screen once it has answered.
public enum AfterAnswer: Sendable, Hashable {
    /// Dismiss it: a question, a picker, an alert. It is an auxiliary presentation.
    case dismiss
    /// Leave it on the screen, owned by the coordinator: a step of a form on a navigation
    /// stack that a person can go back to.
    case keep
}
