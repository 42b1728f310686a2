import Coordinators

/// An event-style coordinator for tests: shows one main screen on `presenter`, starts
/// `children` concurrently, then waits to be finished (or ended another way).
actor Branch: Coordinator {
    let flow = Flow<String>()
    let name: String
    let presenter: any Presenter
    private var children: [Branch]
    let journal: Journal?

    init(_ name: String, on presenter: any Presenter, children: [Branch] = [], journal: Journal? = nil) {
        self.name = name
        self.presenter = presenter
        self.children = children
        self.journal = journal
    }

    func start() async throws -> String {
        try await flow.present(TestScreen(name), on: presenter)
        let children = self.children
        self.children = []  // the runtime holds them from here on
        for child in children {
            try flow.start(child)
        }
        return try await flow.finished
    }

    /// Called by tests acting as the screen.
    func done(_ value: String) throws { try flow.finish(with: value) }

    deinit { journal?.record("deinit \(name)") }
}
