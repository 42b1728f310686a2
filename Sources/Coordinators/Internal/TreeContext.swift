/// What the nodes of one `CoordinatorTree` share: the id counter, the running root, and the
/// lifecycle event subscribers.
final class TreeContext: EventSource {
    /// Lock order: this lock is never taken while a node's lock is held, and a node's
    /// lock is never taken while this one is held.
    struct State {
        var root: Node?
        /// `cancel()` arrived after the root claimed the tree but before it was bound.
        var cancelPending = false
        var subscribers: [ObjectIdentifier: EventSubscription] = [:]
        /// The running root coordinator, once bound: where links from the tree begin.
        var rootCoordinator: (any Sendable & AnyObject)?
        /// Links waiting for a root to run.
        var rootWaiters = Waiters<any Sendable & AnyObject>()
        /// The deep link in flight in this tree, if any (`Routing/`).
        var link: (any Sendable & AnyObject)?
        /// The environment values set on the tree (`Environment/`).
        var environment: EnvironmentLayer = [:]
        /// Nodes whose hosting loop the tree's loop has yet to start (`TreeContext+Loops`).
        var loopRequests: [Node] = []
        /// The tree's loop, while it waits for requests.
        var loopsHost: UnsafeContinuation<Void, Never>?
        /// The root's task has returned: the tree's loop returns once it has started the
        /// loops requested so far.
        var rootReturned = false
    }

    let state = Locked(State())

    /// The guards against hiding up in the tree (`Guards/`), and the moves that cover what is
    /// shown under way: while no such guard is up, a covering move looks for none (a feature
    /// costs only where it is used), and a guard that would begin meanwhile waits until the
    /// move is done, so that none begins unseen under a move that looked. A lock of its own,
    /// and a leaf, like `lastID`.
    private struct Hiding {
        var guards = 0
        var coveringMoves = 0
        /// Guards waiting for the covering moves to end; woken with `false`, to try again.
        var guardWaiters = Waiters<Bool>()
    }
    private let hiding = Locked(Hiding())

    /// A move that covers what is shown begins; returns whether a guard against hiding is up
    /// (then the move asks them). Until `endCovering()`, no guard against hiding begins.
    func beginCovering() -> Bool {
        hiding.withLock { state in
            state.coveringMoves += 1
            return state.guards > 0
        }
    }

    /// Ends `beginCovering()`: once no covering move is left, waiting guards try again.
    func endCovering() {
        let waiters = hiding.withLock { state -> Waiters<Bool>.Taken in
            state.coveringMoves -= 1
            return state.coveringMoves == 0 ? state.guardWaiters.takeAll() : Waiters.Taken()
        }
        for waiter in waiters { waiter.resume(returning: false) }
    }

    /// A guard against hiding begins, once no covering move is under way (it is counted in the
    /// critical section that finds none). Throws `CancellationError` if the calling task is
    /// cancelled while it waits.
    func beginHidingGuard() async throws {
        while true {
            let counted = try await awaitValue { continuation in
                hiding.withLock { state -> WaitRegistration<Bool> in
                    guard state.coveringMoves > 0 else {
                        state.guards += 1
                        return .ready(true)
                    }
                    return .waiting(state.guardWaiters.add(continuation))
                }
            } cancel: { id in
                self.hiding.withLock { $0.guardWaiters.remove(id) }
            }
            if counted { return }
        }
    }

    /// A guard against hiding ended.
    func endHidingGuard() { hiding.withLock { $0.guards -= 1 } }

    /// The root's node, while the tree runs one.
    var rootNode: Node? { state.withLock { $0.root } }

    /// The last id handed out. A lock of its own, and a leaf: nothing is taken while it is
    /// held, so it may be taken inside a node's lock (a presentation gets its id in the
    /// critical section that records it).
    private let lastID = Locked<UInt64>(0)

    /// Told of every coordinator the tree runs (the test kit's registry); fixed at creation,
    /// so it is read without a lock.
    let watcher: (any TreeWatcher)?

    init(watcher: (any TreeWatcher)? = nil) {
        self.watcher = watcher
    }

    func makeID() -> UInt64 {
        makeIDs(1).lowerBound
    }

    /// Reserves `count` consecutive ids.
    func makeIDs(_ count: Int) -> Range<UInt64> {
        lastID.withLock { lastID in
            defer { lastID += UInt64(count) }
            return (lastID + 1)..<(lastID + 1 + UInt64(count))
        }
    }

    /// Sends a lifecycle event about `node`. With no subscriber this costs one lock (shared
    /// by the tree): the event is not even built.
    ///
    /// Never inlined, nor is `prepare`: keeps the async frames of their callers small
    /// (childFlowRoundTrip).
    @inline(never)
    func emit(_ node: Node, _ kind: @autoclosure () -> LifecycleEvent.Kind) {
        prepare(node, kind())?.send()
    }

    /// Builds a lifecycle event about `node` for the current subscribers, to be sent later
    /// with `send()`: inside a critical section that must order it (a presentation's change
    /// of phase), where user code (a screen's name) must not run. `nil` when nobody listens.
    @inline(never)
    func prepare(_ node: Node, _ kind: @autoclosure () -> LifecycleEvent.Kind) -> PreparedEvent? {
        guard let subscribers = state.withLock({ $0.subscribers.isEmpty ? nil : Array($0.subscribers.values) })
        else { return nil }
        // Built before taking the node's lock: it reads the screen's name (user code).
        let kind = kind()
        let event = node.withLock { state in
            LifecycleEvent(kind: kind, coordinator: state.id, coordinatorType: state.name, parent: state.parentID)
        }
        return PreparedEvent(event: event, subscribers: subscribers)
    }

    /// `node` begins to run `coordinator`: the watcher (if any) learns of it, then the
    /// `started` event is sent. Never inlined, for the reason `emit` gives.
    @inline(never)
    func started(_ node: Node, _ coordinator: any Sendable & AnyObject) {
        if let watcher { watcher.coordinatorStarted(coordinator, id: node.id) }
        emit(node, .started)
    }

    func subscribe(_ bufferingPolicy: LifecycleEvents.BufferingPolicy) -> EventSubscription {
        let subscription = EventSubscription(bufferingPolicy)
        state.withLock { $0.subscribers[ObjectIdentifier(subscription)] = subscription }
        return subscription
    }

    func unsubscribe(_ subscription: EventSubscription) {
        state.withLock { _ = $0.subscribers.removeValue(forKey: ObjectIdentifier(subscription)) }
    }

    /// Claims the tree for `root`; throws if another root is running.
    func beginRun(_ root: Node, coordinator: @autoclosure () -> String) throws(CoordinatorError) {
        let running = state.withLock { state -> Node? in
            guard let running = state.root else {
                state.root = root
                state.cancelPending = false
                return nil
            }
            return running
        }
        guard let running else { return }
        throw CoordinatorError(
            .treeBusy,
            "This CoordinatorTree is already running \(running.coordinatorName); it cannot also run "
                + "\(coordinator()). Run the second flow as a child of the root, or use a second CoordinatorTree.")
    }

    /// `CoordinatorTree.cancel()`: cancels the root, or remembers to once it is bound.
    func cancelRoot() {
        let root = state.withLock { state -> Node? in
            if state.root != nil { state.cancelPending = true }
            return state.root
        }
        root?.requestEnd(.cancelled)
    }

    /// Whether `cancelRoot()` was called since the root claimed the tree.
    var isCancelPending: Bool { state.withLock { $0.cancelPending } }

    /// The root coordinator is bound: links waiting for it go on.
    func rootBound(_ coordinator: any Sendable & AnyObject) {
        let waiters = state.withLock { state in
            state.rootCoordinator = coordinator
            return state.rootWaiters.takeAll()
        }
        for waiter in waiters { waiter.resume(returning: coordinator) }
    }

    /// The running root coordinator; waits for one if none runs. Cancelling the waiting task
    /// throws `CancellationError`.
    func runningRoot() async throws -> any Sendable & AnyObject {
        try await awaitValue { continuation in
            state.withLock { state in
                if let root = state.rootCoordinator { return .ready(root) }
                return .waiting(state.rootWaiters.add(continuation))
            }
        } cancel: { id in
            self.state.withLock { $0.rootWaiters.remove(id) }
        }
    }

    /// Makes `link` the link in flight and returns the one it supersedes, if any.
    func replaceLink(with link: any Sendable & AnyObject) -> (any Sendable & AnyObject)? {
        state.withLock { state in
            defer { state.link = link }
            return state.link
        }
    }

    /// The link in flight, if any.
    var linkInFlight: (any Sendable & AnyObject)? { state.withLock { $0.link } }

    /// `link` has ended: it is no longer in flight (unless another replaced it already).
    func linkEnded(_ link: any Sendable & AnyObject) {
        state.withLock { state in
            if state.link === link { state.link = nil }
        }
    }

    /// The root has ended: release it and end every event subscription.
    func endRun() {
        let subscribers = state.withLock { state in
            state.root = nil
            state.rootCoordinator = nil
            defer { state.subscribers.removeAll() }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers {
            subscriber.finish()
        }
    }
}
