import Coordinators

extension FlowOutcome {
    /// Whether the flow ended because a person dismissed its main screen.
    var isDismissedByUser: Bool {
        if case .dismissed(.byUser) = self { return true }
        return false
    }
}
