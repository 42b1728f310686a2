import Coordinators

/// What a `Desk` and its parent did, in order.
enum DeskEntry: Hashable, Sendable {
    case began(Int)
    case noted(Int)
    case holding
    case handled(Int)
    case deskEnded
}

/// A failure a desk's destination or action throws.
enum DeskFailure: Error, Hashable {
    case broken
    case refused
}

/// A flow event a desk's screen sends to the desk's parent.
struct Shelved: FlowEvent { let number: Int }

/// A coordinator whose screens reach it only through its router: its pages, and the actions
/// they may ask for, which it records.
actor Desk: Routable {
    enum Route: Hashable, Sendable {
        case page(Int)
        case nowhere
        case broken
    }

    enum ScreenAction: Sendable {
        case note(Int)
        /// Records `began`, suspends (a call to another actor, during which the desk could
        /// take another call), then records `noted`.
        case step(Int)
        case fail
        /// Records `holding`, then waits until the desk ends.
        case hold
        /// Records `holding`, waits until `gate` opens (cancelled or not), then records `noted`.
        case holdUntil(Gate, then: Int)
        /// Awaits a `note` request sent through its own router.
        case awaitNote(Int)
    }

    struct Page: Screen {
        let number: Int
        let router: Router<Route, ScreenAction>
        var screenName: String { "page \(number)" }
    }

    let flow = Flow<Void>()
    let navigation: NavigationPresenter
    let journal: Journal<DeskEntry>

    init(on navigation: NavigationPresenter, journal: Journal<DeskEntry>) {
        self.navigation = navigation
        self.journal = journal
    }

    func start() async throws {
        try await go(.forward(to: .page(0)))
        try await flow.finished
    }

    func destination(for route: Route) throws -> Destination? {
        switch route {
        case .page(let number): .screen(Page(number: number, router: router), on: navigation)
        case .nowhere: nil
        case .broken: throw DeskFailure.broken
        }
    }

    func perform(_ action: ScreenAction) async throws {
        switch action {
        case .note(let number): journal.record(.noted(number))
        case .step(let number):
            journal.record(.began(number))
            await Elsewhere().visit()
            journal.record(.noted(number))
        case .fail: throw DeskFailure.refused
        case .hold:
            journal.record(.holding)
            try await journal.waitUntil { _ in false }
        case .holdUntil(let gate, let number):
            journal.record(.holding)
            await gate.wait()
            try Task.checkCancellation()  // a request the sender's cancellation reached throws here
            journal.record(.noted(number))
        case .awaitNote(let number):
            try await router.perform(.note(number)).value
        }
    }
}

/// An actor a desk's action calls, so that the action suspends in the middle.
actor Elsewhere {
    func visit() {}
}

/// Shows a home screen, runs its desk until the desk ends, and handles the desk's `Shelved`
/// events.
actor Front: Coordinator {
    struct Home: Screen {}

    let flow = Flow<Void>()
    let navigation: NavigationPresenter
    let desk: Desk
    let journal: Journal<DeskEntry>

    init(desk: Desk, on navigation: NavigationPresenter, journal: Journal<DeskEntry>) throws {
        self.navigation = navigation
        self.desk = desk
        self.journal = journal
        try onFlowEvent(Shelved.self) { front, event in
            front.journal.record(.handled(event.number))
            return .stop
        }
    }

    func start() async throws {
        try await flow.present(Home(), on: navigation)
        _ = await flow.runForOutcome(desk)
        journal.record(.deskEnded)
        try await flow.finished
    }
}

/// A desk run under a `Front` in a tree of its own, once its first page shows.
struct RunningDesk {
    let tree = CoordinatorTree()
    let navigation = NavigationPresenter()
    let journal = Journal<DeskEntry>()
    let desk: Desk
    let events: LifecycleEvents
    private let run: Task<FlowOutcome<Void>, Never>

    init() async throws {
        desk = Desk(on: navigation, journal: journal)
        events = tree.events()
        let shown = tree.events()
        let front = try Front(desk: desk, on: navigation, journal: journal)
        run = Task { [tree] in await tree.runForOutcome(front) }
        let navigation = navigation
        if navigation.state.stack.count < 2 {
            for await _ in shown where navigation.state.stack.count == 2 { break }
        }
    }

    /// Cancels the tree and returns its lifecycle events, once it has ended.
    func end() async -> [LifecycleEvent] {
        tree.cancel()
        _ = await run.value
        return await collect(events)
    }
}
