/// The presenter of a tab's content: a slot for a tab of one screen, a navigation stack for
/// a tab of a stack (`TabItem.Content`).
enum TabPart: Sendable {
    case screen(SlotPresenter)
    case stack(NavigationPresenter)

    /// An empty part of the kind `content` names, that calls `barDidChange` after each of
    /// its changes.
    init(_ content: TabItem.Content, name: String, barDidChange: @escaping @Sendable (PartChange) -> Void) {
        switch content {
        case .screen: self = .screen(SlotPresenter(name: name, containerDidChange: barDidChange))
        case .stack: self = .stack(NavigationPresenter(name: name, containerDidChange: barDidChange))
        }
    }

    var content: TabItem.Content {
        switch self {
        case .screen: .screen
        case .stack: .stack
        }
    }

    var presenter: any Presenter {
        switch self {
        case .screen(let slot): slot
        case .stack(let stack): stack
        }
    }

    /// What the part shows, bottom first (observed).
    var presentations: [Presentation] {
        switch self {
        case .screen(let slot): slot.state.presentations
        case .stack(let stack): stack.state.stack
        }
    }

    /// Does what a person's tap on the tab does when it is already selected: a stack pops to
    /// its root (`.byUser`, confirmations asked). Returns whether anything changed.
    func userReselect() async throws(CoordinatorError) -> Bool {
        switch self {
        case .screen: false
        case .stack(let stack): try await stack.userPopToRoot()
        }
    }

    /// Empties the part, as when its tab leaves the bar: what it showed reports `reason`,
    /// most recent first.
    func removeAll(reporting reason: DismissalReason) {
        switch self {
        case .screen(let slot): slot.removeAll(reporting: reason)
        case .stack(let stack): stack.removeAll(reporting: reason)
        }
    }
}
