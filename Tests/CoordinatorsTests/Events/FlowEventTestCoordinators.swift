import Coordinators

/// The events the flow event tests send.
struct Ping: FlowEvent { let number: Int }
struct Pong: FlowEvent {}

/// What the flow event tests journal: the levels' lives and their handlers' work.
enum FlowEventEntry: Hashable, Sendable, CustomStringConvertible {
    /// The level runs: its child, if any, is started.
    case running(String)
    /// The handler of the coordinator began on the ping numbered so.
    case handling(String, ping: Int)
    /// The handler of the coordinator ran to its end on the ping numbered so.
    case handled(String, ping: Int)
    /// The handler of the coordinator ran to its end on a `Pong`.
    case handledPong(String)
    /// The question a handler asked was answered so.
    case answered(Bool)
    /// The child a handler ran returned the value.
    case childReturned(Int)
    /// The sender's `send` returned.
    case sendReturned
    /// The sender's `send` threw a `CoordinatorError` with the code, its flow in the state.
    case sendThrew(CoordinatorError.Code, while: FlowState)
    /// The level was released.
    case deinitialized(String)

    var description: String {
        switch self {
        case .running(let name): "running \(name)"
        case .handling(let name, let ping): "\(name) handling ping \(ping)"
        case .handled(let name, let ping): "\(name) handled ping \(ping)"
        case .handledPong(let name): "\(name) handled pong"
        case .answered(let answer): "answered \(answer)"
        case .childReturned(let value): "child returned \(value)"
        case .sendReturned: "send returned"
        case .sendThrew(let code, let state): "send threw \(code) while \(state)"
        case .deinitialized(let name): "deinit \(name)"
        }
    }

    /// The coordinator whose handler ran to its end, if this entry records that.
    var handler: String? {
        switch self {
        case .handled(let name, _), .handledPong(let name): name
        default: nil
        }
    }

    /// The number of the ping a handler began or ended on, if this entry records that.
    var ping: Int? {
        switch self {
        case .handling(_, let ping), .handled(_, let ping): ping
        default: nil
        }
    }
}

/// One level of a chain of coordinators for the flow event tests: starts its child (if any),
/// journals `.running(name)`, and waits to be finished. Its handler for `Ping` (if given one)
/// journals `.handling(name, ping:)`, runs `before` (to ask, run a child, wait on a gate),
/// journals `.handled(name, ping:)` and returns `handling`. Tests send from it as a screen
/// would, through `send(_:)`.
actor Level: Coordinator {
    typealias Before = @Sendable (isolated Level) async throws -> Void

    let flow = Flow<Void>()
    let name: String
    let journal: Journal<FlowEventEntry>
    private var child: Level?

    init(
        _ name: String, journal: Journal<FlowEventEntry>, child: Level? = nil, handling: FlowEventHandling? = nil,
        before: Before? = nil
    ) throws {
        self.name = name
        self.journal = journal
        self.child = child
        if let handling { try handlePings(handling, before: before) }
    }

    nonisolated func handlePings(_ handling: FlowEventHandling, before: Before? = nil) throws {
        try onFlowEvent(Ping.self) { level, ping in
            level.journal.record(.handling(level.name, ping: ping.number))
            try await before?(level)
            level.journal.record(.handled(level.name, ping: ping.number))
            return handling
        }
    }

    func start() async throws {
        if let child {
            self.child = nil  // the runtime holds it from here on
            try flow.start(child)
        }
        journal.record(.running(name))
        try await flow.finished
    }

    /// A screen's action: sends `event` up the tree.
    @discardableResult
    func send(_ event: some FlowEvent) async throws -> FlowEventReceipt {
        try await flow.send(event)
    }

    deinit { journal.record(.deinitialized(name)) }
}

/// A running chain of `Level`s, root first, each the parent of the next.
struct RunningChain {
    let tree = CoordinatorTree()
    let levels: [Level]
    let run: Task<Void, any Error>

    /// Runs the chain and returns once its deepest level runs.
    init(_ levels: [Level], journal: Journal<FlowEventEntry>) async throws {
        self.levels = levels
        let tree = self.tree
        let root = levels[0]
        run = Task { try await tree.run(root) }
        let leaf = FlowEventEntry.running(levels[levels.count - 1].name)
        try await journal.waitUntil { $0.contains(leaf) }
    }

    /// Cancels the tree and waits for its run to end.
    func end() async {
        tree.cancel()
        _ = await run.result
    }
}

/// Levels named `names`, root first, each the child of the one before; `handling` gives the
/// `Ping` handler of some of them.
func chain(
    _ names: [String], journal: Journal<FlowEventEntry>, handling: [String: FlowEventHandling] = [:],
    before: [String: Level.Before] = [:]
) throws -> [Level] {
    var levels: [Level] = []
    var child: Level?
    for name in names.reversed() {
        let level = try Level(name, journal: journal, child: child, handling: handling[name], before: before[name])
        levels.insert(level, at: 0)
        child = level
    }
    return levels
}

/// The ids of the coordinators a receipt lists.
func ids(_ handlers: [FlowEventReceipt.Handler]) -> [CoordinatorID] { handlers.map(\.coordinator) }

/// The entries of `journal` that record a handler running to its end.
func handled(_ journal: Journal<FlowEventEntry>) -> [FlowEventEntry] { journal.all.filter { $0.handler != nil } }
