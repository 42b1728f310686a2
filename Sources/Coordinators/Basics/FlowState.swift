/// Where a flow is in its lifecycle.
public enum FlowState: Sendable, Hashable, CustomStringConvertible {
    /// Its coordinator has not been run.
    case idle
    /// Its coordinator runs.
    case running
    /// It has an outcome and is tearing down its children and screens.
    case ending
    /// It is torn down; its outcome is final.
    case ended

    /// `idle`, `running`, `ending` or `ended`.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .running: "running"
        case .ending: "ending"
        case .ended: "ended"
        }
    }
}
