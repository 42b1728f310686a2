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
