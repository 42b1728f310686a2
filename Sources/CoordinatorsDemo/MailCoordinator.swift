import Coordinators

// A mail app in a split view: its mailboxes in the primary column, the message a person
// opens in the detail column, each message a flow of its own. The split's columns are
// navigation stacks; the coordinators present on them and never ask how wide the window is.
//
//   MailCoordinator   mailboxes → message(id:) (starts MessageCoordinator in the detail column)

enum MailRoute: Hashable, Sendable, Codable {
    case mailboxes
    case message(id: Int)
}

/// The list of mailboxes, the primary column's root.
struct MailboxesScreen: Screen { let router: Router<MailRoute, Never> }

/// One message.
struct MessageScreen: Screen {
    let id: Int
    var screenName: String { "MessageScreen(\(id))" }
}

actor MailCoordinator: Routable {
    let flow = Flow<Void>()
    let split: SplitPresenter
    init(split: SplitPresenter) { self.split = split }

    func start() async throws {
        try await go(.forward(to: .mailboxes))
        try await flow.finished
    }

    /// The mailboxes go in the primary column; a message is a flow of its own in the detail
    /// column.
    func destination(for route: MailRoute) throws -> Destination? {
        switch route {
        case .mailboxes: .screen(MailboxesScreen(router: router), on: try split.presenter(forColumn: .primary))
        case .message(let id): .child(MessageCoordinator(id: id, column: try split.presenter(forColumn: .detail)))
        }
    }
}

/// Shows one message, and ends when it leaves the screen (a person goes back from it, a link
/// shows another one).
actor MessageCoordinator: Coordinator {
    let flow = Flow<Void>()
    let id: Int
    let column: NavigationPresenter
    init(id: Int, column: NavigationPresenter) {
        self.id = id
        self.column = column
    }

    func start() async throws {
        try await flow.present(MessageScreen(id: id), on: column)
        try await flow.finished
    }
}
