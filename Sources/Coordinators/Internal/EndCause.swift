/// Why a flow ends, before it is typed into a `FlowOutcome`. The first cause recorded wins.
enum EndCause: Sendable {
    case finished(any Sendable)
    case failed(any Error)
    case cancelled
    case dismissed(DismissalReason)
}
