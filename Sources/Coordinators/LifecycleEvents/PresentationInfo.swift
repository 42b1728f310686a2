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
    /// The route it was shown for (as text), if any.
    public let route: String?

    /// `p4 LoginScreen (main) on ModalPresenter`.
    public var description: String {
        "\(id) \(screen)\(isMain ? " (main)" : "") on \(presenter)\(route.map { " for \($0)" } ?? "")"
    }
}

extension Presentation {
    /// This presentation described by plain values.
    var info: PresentationInfo {
        PresentationInfo(
            id: id, screen: screen.screenName, presenter: String(describing: type(of: presenter)), isMain: isMain,
            route: routeTag?.routeDescription)
    }
}
