// What Guides/Presenters.md's examples use without showing it: screens, and the children
// a tab bar or a split view hands its presenters to.

enum Color: Sendable { case teal, orange }

struct EditScreen: Screen {}
struct DiscardChangesAlert: Screen { typealias Answer = Bool }
struct TabBarScreen: Screen { let tabs: TabPresenter }

struct SplitScreen: Screen {
    let split: ContainerPresenter
    init(_ split: ContainerPresenter) { self.split = split }
}

actor HomeCoordinator: Coordinator {
    let flow = Flow<Void>()
    init(navigation: NavigationPresenter) {}
    func start() async throws { try await flow.finished }
}

actor SearchCoordinator: Coordinator {
    let flow = Flow<Void>()
    init(navigation: NavigationPresenter) {}
    func start() async throws { try await flow.finished }
}

actor ProfileCoordinator: Coordinator {
    let flow = Flow<Void>()
    init(navigation: NavigationPresenter) {}
    func start() async throws { try await flow.finished }
}

struct MailSplitScreen: Screen { let split: SplitPresenter }

actor InboxCoordinator: Coordinator {
    let flow = Flow<Void>()
    init(navigation: NavigationPresenter) {}
    func start() async throws { try await flow.finished }
}

actor MessageFlow: Coordinator {
    let flow = Flow<Void>()
    init(navigation: NavigationPresenter) {}
    func start() async throws { try await flow.finished }
}

actor MailboxesCoordinator: Coordinator {
    let flow = Flow<Void>()
    init(on slot: SlotPresenter) {}
    func start() async throws { try await flow.finished }
}

actor MessageCoordinator: Coordinator {
    let flow = Flow<Void>()
    init(on slot: SlotPresenter) {}
    func start() async throws { try await flow.finished }
}

// How a screen is shown: options, detents, alerts.

struct FiltersScreen: Screen {}
struct PlayerScreen: Screen {}
struct FontPicker: Screen { typealias Answer = String }
struct ResultsScreen: Screen {}

struct Filters: Sendable {}

/// Presents its screen with no options: its parent's `flow.run(_:options:)` gives them.
actor FiltersCoordinator: Coordinator {
    let flow = Flow<Filters>()
    let modal: ModalPresenter
    init(modal: ModalPresenter) { self.modal = modal }
    func start() async throws -> Filters {
        try await flow.present(FiltersScreen(), on: modal)
        return try await flow.finished
    }
}

enum LeaveChoice: Sendable, Equatable { case save, discard, stay }

func showAllResults(_ all: Bool) async {}
