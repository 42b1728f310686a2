/// Thrown by `Flow.run(_:timeout:)` (and the outcome `.failed(FlowTimedOut)` of
/// `Flow.runForOutcome(_:timeout:)`) when the child had not ended when its time was up, and
/// by `Flow.ask(_:on:then:timeout:)` when the question went unanswered for that long.
///
/// By the time it is thrown, the child and its subtree are torn down (or the question is
/// dismissed), as after any other ending.
public struct FlowTimedOut: Error, Hashable, CustomStringConvertible {
    /// What timed out: the child coordinator's type name (`"LoginCoordinator"`), or the
    /// unanswered question's screen name.
    public let name: String
    /// The time it was given.
    public let timeout: Duration

    /// Creates the error for `name` given `timeout`.
    public init(name: String, timeout: Duration) {
        self.name = name
        self.timeout = timeout
    }

    /// `FlowTimedOut(LoginCoordinator after 30.0 seconds)`.
    public var description: String { "FlowTimedOut(\(name) after \(timeout))" }
}
