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

    func done() throws { try flow.finish(with: "done") }
}

/// The end events of `events`, as "<type>: <kind>" in the order they were sent.
func endEvents(in events: [LifecycleEvent]) -> [String] {
    events.filter(\.kind.isEnd).map { "\($0.coordinatorType): \($0.kind)" }
}
