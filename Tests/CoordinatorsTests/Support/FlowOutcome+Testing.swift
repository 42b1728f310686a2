import Coordinators

extension FlowOutcome {
    /// Whether the flow ended because a person dismissed its main screen.
    var isDismissedByUser: Bool {
        if case .dismissed(.byUser) = self { return true }
        return false
    }
}

/// How a flow ended, without its output or its error: what a test most often checks, in one
/// `#expect` (`#expect(await child.outcome.ending == .dismissed(.replaced))`).
enum Ending: Hashable, Sendable, CustomStringConvertible {
    case finished
    case failed
    case cancelled
    case dismissed(DismissalReason)

    var description: String {
        switch self {
        case .finished: "finished"
        case .failed: "failed"
        case .cancelled: "cancelled"
        case .dismissed(let reason): "dismissed(\(reason))"
        }
    }
}

extension FlowOutcome {
    /// How the flow ended (see `Ending`).
    var ending: Ending {
        switch self {
        case .finished: .finished
        case .failed: .failed
        case .cancelled: .cancelled
        case .dismissed(let reason): .dismissed(reason)
        }
    }
}
