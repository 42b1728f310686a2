/// One deep link (or restoration) in flight in a tree: the task that opens it, and whether a
/// newer one superseded it.
///
/// A tree has at most one link in flight (`TreeContext.link`). A new one supersedes the
/// old: it cancels the old one's task, waits until that task has stopped (its half-made step
/// torn down), and only then takes its first step, so two links never move the same screens
/// at once. The link runs in a task of its own so that it can be cancelled from outside; the
/// caller awaits it and passes its own cancellation on. Coordinators a link starts are
/// children of their coordinators as always (the link's task only carries out the steps).
final class LinkFlight: Sendable {
    /// What it opens, for messages: `the link movies → movie(id: 7)`, `a restoration`. Made
    /// only when a message needs it: describing a long link costs an allocation per route.
    let what: @Sendable () -> String

    private struct State {
        /// The coordinator it waits for to be ready, while it does (`waiting(for:_:)`).
        var waitingFor: Node?
        var superseded = false
        /// Cancels the link's task.
        var cancel: (@Sendable () -> Void)?
        var done = false
        var doneWaiters: [UnsafeContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// The flight whose task this is, if it is a link's.
    @TaskLocal private static var current: LinkFlight?

    private init(what: @escaping @Sendable () -> String) { self.what = what }

    /// Runs `body` as the link in flight of `context`, superseding the one before, and returns
    /// what it returns; `what` says what it opens (`the link …`, `a restoration`). Throws
    /// `DeepLinkError` `superseded` if a newer link cancels it.
    @discardableResult
    static func fly<Result: Sendable>(
        _ what: @autoclosure @escaping @Sendable () -> String, in context: TreeContext,
        _ body: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        let flight = LinkFlight(what: what)
        let previous = context.replaceLink(with: flight) as? LinkFlight
        previous?.supersede()
        let task = Task<Result, any Error> {
            defer { flight.markDone() }
            await previous?.waitUntilDone()
            try Task.checkCancellation()
            return try await $current.withValue(flight) { try await body() }
        }
        flight.begin(cancellingWith: { task.cancel() })
        defer { context.linkEnded(flight) }
        let result = await withTaskCancellationHandler {
            await task.result
        } onCancel: {
            task.cancel()
        }
        if case .failure = result, flight.isSuperseded {
            throw DeepLinkError(.superseded, "A newer link (or restoration) was opened in this tree; this one stopped.")
        }
        return try result.get()
    }

    private var isSuperseded: Bool { state.withLock { $0.superseded } }

    /// Returns once `node` accepts routes (`Node.waitUntilAcceptingRoutes`), and meanwhile
    /// names it as the coordinator the link in flight of the calling task waits for
    /// (`waitDescription`).
    static func waitUntilReady(_ node: Node) async throws {
        guard let flight = current else { return try await node.waitUntilAcceptingRoutes() }
        flight.state.withLock { $0.waitingFor = node }
        defer { flight.state.withLock { $0.waitingFor = nil } }
        try await node.waitUntilAcceptingRoutes()
    }

    /// Returns once `child`, which a move of `node` started, has set up, the move holding its
    /// turn (`Node.holdTurnUntilSetUp`); in a link's task, meanwhile names the child as the
    /// coordinator the link waits for, and records the wait as the child's event.
    static func holdTurn(of node: Node, untilSetUp child: Node) async {
        guard let flight = current else { return await node.holdTurnUntilSetUp(child) }
        flight.state.withLock { $0.waitingFor = child }
        defer { flight.state.withLock { $0.waitingFor = nil } }
        await node.holdTurnUntilSetUp(child, forALink: true)
    }

    /// Whom this link waits for and why, while it waits for a coordinator to be ready:
    /// `the link tabs → transfers waits for Bank #1, which holds its routes (flow.holdingRoutes)`.
    var waitDescription: String? {
        guard let node = state.withLock({ $0.waitingFor }) else { return nil }
        let why =
            node.holdsRoutes
            ? "which holds its routes (flow.holdingRoutes)"
            : "which is setting up: its start() has not waited on the runtime yet (flow.finished, an answer, "
                + "a child, a guarded body)"
        return "\(what()) waits for \(node.coordinatorName) \(node.id), \(why)"
    }

    private func begin(cancellingWith cancel: @escaping @Sendable () -> Void) {
        let superseded = state.withLock { state in
            state.cancel = cancel
            return state.superseded
        }
        if superseded { cancel() }
    }

    private func supersede() {
        let cancel = state.withLock { state in
            state.superseded = true
            return state.cancel
        }
        cancel?()
    }

    private func markDone() {
        let waiters = state.withLock { state in
            state.done = true
            defer { state.doneWaiters = [] }
            return state.doneWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Not cancellable: the next link must not start while this one still moves screens.
    private func waitUntilDone() async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            let done = state.withLock { state in
                if !state.done { state.doneWaiters.append(continuation) }
                return state.done
            }
            if done { continuation.resume() }
        }
    }
}
