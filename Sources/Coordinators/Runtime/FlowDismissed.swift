/// Thrown by `Flow.run(_:timeout:)` when the child's main presentation left the screen before the
/// child finished — typically a swipe back or swipe down by the user — and by
/// `Flow.ask(_:on:then:)` when the question left the screen before it answered.
public struct FlowDismissed: Error, Hashable, CustomStringConvertible {
    /// Why the child's main presentation (or the unanswered question) left the screen.
    public let reason: DismissalReason

    /// Creates the error for a dismissal with `reason`.
    public init(reason: DismissalReason) { self.reason = reason }

    /// `FlowDismissed(byUser)` and so on.
    public var description: String { "FlowDismissed(\(reason))" }
}
