/// Why a presentation left the screen.
public enum DismissalReason: Sendable, Hashable, CustomStringConvertible {
    /// A coordinator asked for it: `flow.dismiss(_:)`, a pop, or a modal dismissal.
    case byCoordinator
    /// A person did it: a back button, a swipe back, a swipe down.
    case byUser
    /// Another presentation took its place (a new stack, a new root).
    case replaced
    /// Its owning coordinator ended and the runtime removed what it still showed.
    case tornDown

    /// The case name, such as `byUser`.
    public var description: String {
        switch self {
        case .byCoordinator: "byCoordinator"
        case .byUser: "byUser"
        case .replaced: "replaced"
        case .tornDown: "tornDown"
        }
    }
}
