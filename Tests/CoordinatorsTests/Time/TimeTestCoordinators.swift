import Coordinators

/// A question a test answers with a string.
struct Question: Screen {
    typealias Answer = String
    let name: String
    init(_ name: String) { self.name = name }
    var screenName: String { name }
}

/// Runs one child with a timeout from `start()` (the fast path) and returns its outcome.
/// Given a screen name, it first shows that screen as its own main screen.
actor RunsWithTimeout<Child: Coordinator>: Coordinator {
    let flow = Flow<FlowOutcome<Child.Output>>()
    let child: Child
    let timeout: Duration
    private let ownScreen: (name: String, presenter: any Presenter)?

    init(_ child: Child, timeout: Duration, showingFirst screen: String? = nil, on presenter: (any Presenter)? = nil) {
        self.child = child
        self.timeout = timeout
        ownScreen = screen.flatMap { name in presenter.map { (name, $0) } }
    }

    func start() async throws -> FlowOutcome<Child.Output> {
        if let ownScreen {
            try await flow.present(TestScreen(ownScreen.name), on: ownScreen.presenter)
        }
        return await flow.runForOutcome(child, timeout: timeout)
    }
}

/// An event-style coordinator with one main screen whose actor methods a test calls from its
/// own task (the mailbox path): children with a timeout, questions with a timeout, races.
actor TimedHost: Coordinator {
    let flow = Flow<String>()
    let navigation: NavigationPresenter
    init(on navigation: NavigationPresenter) { self.navigation = navigation }

    func start() async throws -> String {
        try await flow.present(TestScreen("host"), on: navigation)
        return try await flow.finished
    }

    func run<C: Coordinator>(_ child: C, timeout: Duration) async throws -> C.Output {
        try await flow.run(child, timeout: timeout)
    }

    func runForOutcome<C: Coordinator>(_ child: C, timeout: Duration) async -> FlowOutcome<C.Output> {
        await flow.runForOutcome(child, timeout: timeout)
    }

    func ask(_ question: Question, on presenter: any Presenter, then afterAnswer: AfterAnswer, timeout: Duration)
        async throws -> String
    {
        try await flow.ask(question, on: presenter, then: afterAnswer, timeout: timeout)
    }

    func race(_ racers: [Racer<String>]) async throws -> RaceOutcome<String> {
        try await flow.raceForOutcome(racers)
    }

    func race(_ first: Racer<String>, _ second: Racer<String>) async throws -> RaceWinner<String> {
        try await flow.race(first, second)
    }

    func done() throws { try flow.finish(with: "done") }
}

/// Races its racers from `start()` (optionally over a screen of its own) and returns the
/// race's outcome; `afterRace` runs the moment the race returns, to observe what is left.
actor Races: Coordinator {
    let flow = Flow<RaceOutcome<String>>()
    private var racers: [Racer<String>]
    private let afterRace: @Sendable () -> Void

    init(_ racers: [Racer<String>], afterRace: @escaping @Sendable () -> Void = {}) {
        self.racers = racers
        self.afterRace = afterRace
    }

    func start() async throws -> RaceOutcome<String> {
        let racers = self.racers
        self.racers = []
        let outcome = try await flow.raceForOutcome(racers)
        afterRace()
        return outcome
    }
}

/// The end events of `events`, as "<type>: <kind>" in the order they were sent.
func endEvents(in events: [LifecycleEvent]) -> [String] {
    events.filter(\.kind.isEnd).map { "\($0.coordinatorType): \($0.kind)" }
}

/// Runs a `TimedHost` on `navigation` in `tree` until its screen shows; returns it and the
/// task running the tree.
func runTimedHost(on navigation: NavigationPresenter, in tree: CoordinatorTree) async throws -> (
    TimedHost, Task<String, any Error>
) {
    let host = TimedHost(on: navigation)
    let run = Task { try await tree.run(host) }
    try await navigation.waitUntil { $0.stack.count == 1 }
    return (host, run)
}

/// Finishes the host and waits for its tree's run to return.
func endTimedHost(_ host: TimedHost, _ run: Task<String, any Error>) async throws {
    try await host.done()
    _ = try await run.value
}
