/// A presentation described by plain values, for events and snapshots.
public struct PresentationInfo: Sendable, Hashable, CustomStringConvertible {
    /// The presentation's identifier.
    public let id: PresentationID
    /// The screen's name (`Screen.screenName`).
    public let screen: String
    /// The presenter's type name.
    public let presenter: String
    /// Whether it is a main presentation of its coordinator.
    public let isMain: Bool

    /// `p4 LoginScreen (main) on ModalPresenter`.
    public var description: String { "\(id) \(screen)\(isMain ? " (main)" : "") on \(presenter)" }
}

extension Presentation {
    /// This presentation described by plain values.
    var info: PresentationInfo {
        PresentationInfo(
            id: id, screen: screen.screenName, presenter: String(describing: type(of: presenter)), isMain: isMain)
    }
}
