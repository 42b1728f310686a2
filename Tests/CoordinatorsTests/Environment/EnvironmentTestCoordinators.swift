import Coordinators

/// A greeting, for environment tests: "default" unless set.
private struct GreetingKey: FlowEnvironmentKey {
    static let defaultValue = "default"
}

/// A second key, to check that keys do not collide.
private struct LevelKey: FlowEnvironmentKey {
    static let defaultValue = 0
}

extension FlowEnvironment {
    var greeting: String {
        get { self[GreetingKey.self] }
        set { self[GreetingKey.self] = newValue }
    }

    var level: Int {
        get { self[LevelKey.self] }
        set { self[LevelKey.self] = newValue }
    }
}

/// A task-local value, to show which task a child's `start()` inherits from.
enum Trace {
    @TaskLocal static var value = "none"
}

/// Returns what it sees at once: the greeting, and the task-local trace.
actor Reads: Coordinator {
    let flow = Flow<String>()

    func start() async throws -> String {
        "\(try flow.environment.greeting) / \(Trace.value)"
    }
}

/// Shows what its children see, however they are started. In `start()`, it runs one child
/// and starts another (each inside a task-local binding of "start"); then it waits, and the
/// test calls `runChild` / `startChild` from its own task. It records what it learns.
actor EnvironmentParent: Coordinator {
    /// What it journals: what each child of its `start()` saw, then that it is ready.
    enum Entry: Hashable, Sendable {
        /// What the child it ran from `start()` (`flow.run`) saw.
        case ranFromStart(String)
        /// What the child it started from `start()` (`flow.start`) saw.
        case startedFromStart(String)
        /// Its `start()` has run and started those children, and waits to be finished.
        case ready
    }

    let flow = Flow<Void>()
    let journal: Journal<Entry>
    let greeting: String?

    init(journal: Journal<Entry>, setting greeting: String? = nil) {
        self.journal = journal
        self.greeting = greeting
    }

    func start() async throws {
        if let greeting { try flow.setEnvironment(\.greeting, greeting) }
        try await Trace.$value.withValue("start") {
            journal.record(.ranFromStart(try await flow.run(Reads())))
            journal.record(.startedFromStart(try await flow.start(Reads()).value))
        }
        journal.record(.ready)
        try await flow.finished
    }

    func runChild() async throws -> String { try await flow.run(Reads()) }

    func startChild() async throws -> String { try await flow.start(Reads()).value }

    func runChild(overriding greeting: String) async throws -> String {
        let child = Reads()
        try child.setEnvironment(\.greeting, greeting)
        return try await flow.run(child)
    }

    func set(_ greeting: String) throws { try flow.setEnvironment(\.greeting, greeting) }

    func read() throws -> FlowEnvironment { try flow.environment }

    func done() throws { try flow.finish() }
}

/// Runs `child` and returns its output: a level between a parent and a child.
actor Middle<Child: Coordinator>: Coordinator {
    let flow = Flow<Child.Output>()
    let child: Child

    init(_ child: Child) { self.child = child }

    func start() async throws -> Child.Output { try await flow.run(child) }
}
