import Coordinators

/// An event-style coordinator for tests: shows one main screen on `presenter`, starts
/// `children` concurrently (with `flow.start`, or in a child group if `inAChildGroup`), then
/// waits to be finished (or ended another way).
actor Branch: Coordinator {
    let flow = Flow<String>()
    let name: String
    let presenter: any Presenter
    private var children: [Branch]
    /// Whether `start()` starts its children in a child group rather than with `flow.start`.
    private let inAChildGroup: Bool
    private var groupHandles: [ChildFlow<String>] = []
    private let childrenStarted = Gate()
    let journal: Journal<JournalEntry>?

    init(
        _ name: String, on presenter: any Presenter, children: [Branch] = [], inAChildGroup: Bool = false,
        journal: Journal<JournalEntry>? = nil
    ) {
        self.name = name
        self.presenter = presenter
        self.children = children
        self.inAChildGroup = inAChildGroup
        self.journal = journal
    }

    func start() async throws -> String {
        try await flow.present(TestScreen(name), on: presenter)
        let children = self.children
        self.children = []  // the runtime holds them from here on
        guard inAChildGroup else {
            for child in children {
                try flow.start(child)
            }
            childrenStarted.open()
            return try await flow.finished
        }
        // Its children end before it returns: in the group, each returned by `next()` once
        // torn down (on its own, or cancelled by this coordinator's end).
        return try await flow.withChildGroup(of: String.self) { group in
            for child in children {
                groupHandles.append(try group.start(child))
            }
            childrenStarted.open()
            while try await group.next() != nil {}
            return try await flow.finished
        }
    }

    /// The handles of the children a child group started, once `start()` has started them.
    func childrenInTheGroup() async -> [ChildFlow<String>] {
        await childrenStarted.wait()
        return groupHandles
    }

    /// Called by tests acting as the screen.
    func done(_ value: String) throws { try flow.finish(with: value) }

    /// Called by tests acting as a screen: starts `children` from this actor method.
    func start(_ children: [Branch]) throws {
        for child in children { try flow.start(child) }
    }

    deinit { journal?.record(.deinitialized(name)) }
}

/// Returns `value` (1 unless told) from `start()` at once, showing nothing. Not generic, so
/// that messages name it plainly: "Returns was already run".
actor Returns: Coordinator {
    let flow = Flow<Int>()
    let value: Int
    init(_ value: Int = 1) { self.value = value }
    func start() async throws -> Int { value }
}

/// Throws `error` from `start()` at once, showing nothing.
actor Throws: Coordinator {
    let flow = Flow<Int>()
    let error: any Error
    init(_ error: any Error) { self.error = error }
    func start() async throws -> Int { throw error }
}

/// Runs one child with `flow.runForOutcome` and returns its outcome. Given a screen name, it
/// first shows that screen as its own main screen, for the child's screens to go over.
actor Runs<Child: Coordinator>: Coordinator {
    let flow = Flow<FlowOutcome<Child.Output>>()
    let child: Child
    private let ownScreen: (name: String, presenter: any Presenter)?

    init(_ child: Child) {
        self.child = child
        ownScreen = nil
    }

    init(_ child: Child, showingFirst screen: String, on presenter: any Presenter) {
        self.child = child
        ownScreen = (screen, presenter)
    }

    func start() async throws -> FlowOutcome<Child.Output> {
        if let ownScreen {
            try await flow.present(TestScreen(ownScreen.name), on: ownScreen.presenter)
        }
        return await flow.runForOutcome(child)
    }
}

/// Asks one question with `flow.ask` and returns its answer.
actor Asking<Question: Screen>: Coordinator {
    let flow = Flow<Question.Answer>()
    let question: Question
    let presenter: any Presenter
    let afterAnswer: AfterAnswer
    init(_ question: Question, on presenter: any Presenter, then afterAnswer: AfterAnswer = .dismiss) {
        self.question = question
        self.presenter = presenter
        self.afterAnswer = afterAnswer
    }

    func start() async throws -> Question.Answer {
        try await flow.ask(question, on: presenter, then: afterAnswer)
    }
}

/// Shows one main screen, journals that it is shown (`.shown(name)`), and waits to be
/// finished: for tests that cannot wait on the presenter's state (a presenter seen through
/// a protocol).
actor ShowsOneScreen: Coordinator {
    let flow = Flow<String>()
    let name: String
    let presenter: any Presenter
    let journal: Journal<JournalEntry>

    init(_ name: String, on presenter: any Presenter, journal: Journal<JournalEntry>) {
        self.name = name
        self.presenter = presenter
        self.journal = journal
    }

    func start() async throws -> String {
        try await flow.present(TestScreen(name), on: presenter)
        journal.record(.shown(name))
        return try await flow.finished
    }

    func done() throws { try flow.finish(with: "done") }
}
