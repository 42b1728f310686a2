import Coordinators

/// The routes of `LaneFlow`: screens, and children of several kinds.
enum Lane: Hashable, Sendable, Codable {
    /// A screen named so, on the lane's stack.
    case screen(String)
    /// A child `LaneFlow` named so, on the same stack, that starts at `.screen("<name> 0")`.
    case sub(String)
    /// A child that returns at once, before it ever accepts routes.
    case quick
    /// A screen named so, on the lane's modal presenter.
    case modal(String)
    /// A child `LaneFlow` named "sheet" on the lane's modal navigation, starting at
    /// `.screen("s1")`.
    case sheet
}

/// A routable coordinator for the move tests: shows screens on any stack presenter, starts
/// children of its own kind, and remembers them by name.
actor LaneFlow: Routable {
    typealias Route = Lane
    let flow = Flow<Void>()
    nonisolated let name: String
    let navigation: any StackPresenter
    let modal: ModalPresenter
    let sheet: ModalNavigationPresenter
    let first: Lane
    private let children = Mutex<[String: LaneFlow]>([:])
    private let asked = Mutex<[String]>([])
    private let askedFast = Gate()

    init(
        _ name: String = "lane", on navigation: any StackPresenter, modal: ModalPresenter = ModalPresenter(),
        sheet: ModalNavigationPresenter = ModalNavigationPresenter(), first: Lane = .screen("root")
    ) {
        self.name = name
        self.navigation = navigation
        self.modal = modal
        self.sheet = sheet
        self.first = first
    }

    func start() async throws {
        try await go(.forward(to: first))
        try await flow.finished
    }

    func destination(for route: Lane) -> Destination? {
        asked.withLock { $0.append("\(route)") }
        if route == .screen("fast") { askedFast.open() }
        switch route {
        case .screen(let name): return .screen(TestScreen(name), on: navigation)
        case .sub(let name): return .child(made(LaneFlow(name, on: navigation, first: .screen("\(name) 0"))))
        case .quick: return .child(QuickFlow())
        case .modal(let name): return .screen(TestScreen(name), on: modal)
        case .sheet: return .child(made(LaneFlow("sheet", on: sheet, first: .screen("s1"))))
        }
    }

    private func made(_ child: LaneFlow) -> LaneFlow {
        children.withLock { $0[child.name] = child }
        return child
    }

    /// The child named `name` that a route of this lane started last.
    nonisolated func child(_ name: String) -> LaneFlow? { children.withLock { $0[name] } }

    /// Returns once `destination(for: .screen("fast"))` has been asked.
    nonisolated func waitUntilAskedForFast() async { await askedFast.wait() }

    /// The routes as the screen names they show (children as `sub name`).
    nonisolated var routeNames: [String] {
        routes.map { route in
            switch route {
            case .screen(let name), .modal(let name): name
            case .sub(let name): "sub \(name)"
            case .quick: "quick"
            case .sheet: "sheet"
            }
        }
    }
}

/// A child that returns at once.
actor QuickFlow: Coordinator {
    let flow = Flow<Void>()
    func start() async throws {}
}

/// A coordinator of another tree that pushes one screen onto a stack it shares.
actor Stranger: Coordinator {
    let flow = Flow<Void>()
    let navigation: NavigationPresenter
    let screen: String
    init(_ screen: String, on navigation: NavigationPresenter) {
        self.screen = screen
        self.navigation = navigation
    }
    func start() async throws {
        try await flow.present(TestScreen(screen), on: navigation)
        try await flow.finished
    }
}
