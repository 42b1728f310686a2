/// A coordinator's place in the tree: its lifecycle, children, owned presentations, and the
/// mailbox through which any task can hand it a child to run.
///
/// `Flow` is the public face of a node; the runtime's `Node+Hosting.swift` runs one.
///
/// `@unchecked Sendable`, and why that is safe: its mutable properties are guarded by locks
/// the compiler cannot see; each is reached only as its comment says — the state under the
/// node's lock (`Locked`), the links under the parent's, the tree written once before
/// anything reads it without the lock.
final class Node: @unchecked Sendable {
    typealias Job = @Sendable @isolated(any) () async -> Void
    /// What a parent is handed when a child it asked to hear from ends: the child's end cause
    /// (typed by the caller).
    typealias EndHandler = @Sendable (EndCause) async -> Void

    struct State {
        var machine = LifecycleStateMachine()
        // The one-byte role machine and the flag come next, in the lifecycle machine's tail
        // padding (idleCoordinatorMemory).
        /// Which presentations are main, and when one leaving ends the flow. One byte.
        var mainRole = MainRoleStateMachine()
        /// Links may go on into this coordinator: its flow has waited on the runtime and holds
        /// no routes (see `Node+Routing.swift`). Cleared when a hold begins (`Extras.routeHold`),
        /// set again at the first wait after the last hold ends.
        var acceptsRoutes = false
        /// Its `start()` has waited on the runtime once, held or not (`Node+Routing.swift`): it
        /// has set up its first screens. A move that started it keeps its turn until then.
        var hasSetUp = false
        /// It (or a coordinator below it) asked its parent for a move before it had set up: its
        /// route, if it has one, is ordered from its first screen on (`Node+Presentations`).
        var ordersAtFirstScreen = false
        /// A route change of this coordinator is under way (its turn, `Node+Routing.swift`);
        /// the next ones wait in `Extras.routeTurnWaiters`.
        var routeTurnTaken = false
        /// Another task took `runningStart` to cancel it (`takeRunningStart`) and has not
        /// finished: `start()`'s task waits for it before its teardown goes on
        /// (`Extras.cancellationWaiter`), so that the task runs whenever another task uses it
        /// (`RunningTask`).
        var startBeingCancelled = false
        /// A link that goes on past this coordinator sets it up (or an ancestor that was so
        /// set up started it): its screens appear without animation until it accepts routes,
        /// so that the link animates only its last change (`Node+Routing.swift`).
        var presentsUnanimated = false
        var id = CoordinatorID(rawValue: 0)
        var coordinatorType: Any.Type?
        var parent: Node?
        /// The parent's id, kept after the parent link is cleared (for the last event).
        var parentID: CoordinatorID?
        /// Live children, in the order they were adopted (`ChildList`).
        var children = ChildList()
        /// Owned presentations still on screen (or being presented), in presentation order.
        /// The first inline: most coordinators show one screen at a time.
        var presentations = FirstInlineList<Presentation>()
        /// What only some coordinators use (`Extras`), made the first time one needs it.
        /// Reached only through this state, under the node's lock.
        private(set) var storedExtras: Extras?
        /// `flow.finished` awaited by `start()`'s own task (`endRequestedInStart`), resumed
        /// when an end cause is recorded, with the other callers (`Extras.endRequestWaiters`).
        /// A slot of its own: an event-style coordinator waits there for all its idle life,
        /// and a list would allocate for it. One task awaits one thing at a time, so one slot
        /// is enough.
        var startWaiter: UnsafeContinuation<EndCause, Never>?
        /// `ChildFlow` callers: resumed when teardown is complete.
        var endWaiters: [UnsafeContinuation<EndCause, Never>] = []
        /// The route its parent started or focused it for, if any (`Routing/`). Cleared when
        /// its teardown completes: the tag holds the coordinator.
        var routeTag: RouteTag?
        /// The task running `start()`, while the flow runs: to tell whether a caller is
        /// `start()` (`adopt`), and to cancel it when an end is recorded. Dropped when the end
        /// is recorded (taken to be cancelled), or when `start()` ends, always before that task
        /// ends.
        var runningStart: RunningTask?

        /// The coordinator's type name, for messages and events. (A property, so that it reads
        /// the state in place: a `State` passed by value is copied, all of it.)
        var name: String {
            coordinatorType.map(TypeNames.name(of:)) ?? "A coordinator that was never run"
        }

        /// What only some coordinators use, made now if it was not yet.
        var extras: Extras {
            mutating get {
                if let storedExtras { return storedExtras }
                let made = Extras()
                storedExtras = made
                return made
            }
        }

        /// The environment values set on this coordinator (`Extras.environment`).
        var environment: EnvironmentLayer { storedExtras?.environment ?? [:] }

        /// Whether the jobs ever had a hosting loop (`MailboxStateMachine.hasLoop`).
        var hasLoop: Bool { storedExtras?.host.mailbox.hasLoop ?? false }

        /// Whether a hosting loop was asked for and has not returned
        /// (`MailboxStateMachine.loopIsLive`).
        var loopIsLive: Bool { storedExtras?.host.mailbox.loopIsLive ?? false }

        /// Takes the links waiting for this coordinator to accept routes, and the moves waiting
        /// for it to set up (it is ending).
        mutating func takeRouteWaiters() -> Waiters<Void>.Taken {
            guard let extras = storedExtras else { return Waiters.Taken() }
            var taken = extras.routeWaiters.takeAll()
            extras.setUpWaiters.takeAll(into: &taken)
            return taken
        }

        /// The live children, oldest first; an empty list allocates nothing.
        var childNodes: [Node] { children.nodes }

        /// Takes the task running `start()` to cancel it, if it runs; that task then waits
        /// for the cancellation to be done before its teardown goes on
        /// (`startBeingCancelled`).
        mutating func takeRunningStart() -> RunningTask? {
            defer { runningStart = nil }
            if runningStart != nil { startBeingCancelled = true }
            return runningStart
        }
    }

    /// The parts of a node's state that only some coordinators use, made apart
    /// (`State.extras`) the first time one is needed: most coordinators (leaves, screens,
    /// flows run from `start()`) never need them, and keep a reference instead of their
    /// fields in every node's state (`idleCoordinatorMemory`). Part of the state: reached
    /// only through it, under the node's lock.
    final class Extras {
        /// The jobs handed over from other tasks, their hosting loop, and the children in its
        /// group (`Host`, `Node+Host.swift`); the loop is started the first time a job is
        /// handed over, and a coordinator that never gets one is one task. Resuming the loop
        /// only wakes it: it takes its mail under the node's lock.
        var host = Host()
        /// Links waiting until the coordinator accepts routes; resumed with an error if it
        /// ends first.
        var routeWaiters = Waiters<Void>()
        /// The holds on routes under way (`flow.holdingRoutes`), if any: routes are not
        /// accepted while one lasts.
        var routeHold: RouteHold?
        /// `flow.finished` callers other than `start()`'s own task: resumed when an end cause
        /// is recorded.
        var endRequestWaiters = Waiters<EndCause>()
        /// The environment values set on this coordinator, seen by its whole subtree
        /// (`Environment/`).
        var environment: EnvironmentLayer = [:]
        /// The flow event handlers its coordinator registered (`Events/`); cleared when its
        /// teardown completes.
        var flowEventHandlers: FlowEventHandlerTable = [:]
        /// The options of its main screen, unless that screen has options of its own: given by
        /// the parent that runs it (`flow.run(_:options:)`), taken by its first main
        /// presentation (an alert or a pushed helper is auxiliary, and keeps its own).
        var firstPresentationOptions: PresentationOptions?
        /// Route changes waiting for their turn, in the order they asked (`State.routeTurnTaken`).
        var routeTurnWaiters = Waiters<Void>()
        /// Moves of its parent's that started it and keep their turn until it has set up
        /// (`State.hasSetUp`); resumed then, or refused if it ends first.
        var setUpWaiters = Waiters<Void>()
        /// `start()`'s task, done with `start()` while another task cancels it
        /// (`State.startBeingCancelled`): resumed once the cancellation is done.
        var cancellationWaiter: UnsafeContinuation<Void, Never>?
        /// The requests its screens sent through its router and that have not run yet, and
        /// whether their drainer runs (`Node+Requests.swift`).
        var screenRequests = ScreenRequestQueue<any ScreenRequestJob>()
        /// The guards up on its flow, oldest first (`Node+Guards.swift`).
        var guards: [Node.GuardEntry] = []
        /// How many moves that would end this flow keep it (and its subtree) closed to new
        /// guards while they decide (`Node+Guards.swift`).
        var guardClosures = 0
        /// Guards waiting to begin until no move keeps this node closed.
        var guardWaiters = Waiters<Void>()
    }

    /// The node's state, under the node's lock.
    private let state = Locked(State())

    /// This node's place among the children its parent hosts (`HostedChildren`). Guarded by
    /// the parent's lock, not this node's: only `HostedChildren`, inside the parent's
    /// `withLock`, reads or writes it (`withHostedLink`).
    private var hostedLink = HostedChildren.Link()

    /// This node's place among its parent's children (`ChildList`), like `hostedLink`
    /// (guarded by the parent's lock; only `ChildList` reads or writes it).
    private var siblingLink = ChildList.Link()

    /// This node's hosting loop's place among the tasks its parent's host runs, like
    /// `hostedLink` (guarded by the parent's lock); made when the loop is first hosted.
    var loopLink: HostedChildren.LoopLink?

    /// The tree this node runs in, once bound. Written once, by `bind`, inside this node's
    /// lock; read inside it (`context`, and the critical sections that return it), or
    /// without it by `boundContext` (see there).
    private(set) var storedContext: TreeContext?

    /// A new node, not yet bound to a tree.
    static func make() -> Node { Node() }

    private init() {}

    deinit {
        // The children are released one by one, not by a recursive release down the list,
        // with no lock held (nothing else can reach this node any more).
        var children = state.withLock { state in
            defer { state.children = ChildList() }
            return state.children
        }
        children.removeAll()
    }

    /// Runs `body` with exclusive access to the node's state, under the node's lock. `body`
    /// must not suspend, block, or call back into code that could take the same lock.
    @inline(__always)
    func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try state.withLock(body)
    }

    /// Reads or changes `hostedLink`; only under the parent's lock.
    @inline(__always)
    func withHostedLink<Result>(_ body: (inout HostedChildren.Link) -> Result) -> Result {
        body(&hostedLink)
    }

    /// Reads or changes `siblingLink`; only under the parent's lock.
    @inline(__always)
    func withSiblingLink<Result>(_ body: (inout ChildList.Link) -> Result) -> Result {
        body(&siblingLink)
    }

    // MARK: Names

    var coordinatorName: String {
        withLock { $0.coordinatorType }.map(TypeNames.name(of:)) ?? "A coordinator that was never run"
    }

    var id: CoordinatorID { withLock { $0.id } }

    // MARK: Joining the tree

    /// Marks the node as running a coordinator of type `coordinatorType` under `parent` (or as
    /// the root of `context`).
    /// Throws `alreadyRun` if this node (its coordinator instance) was run before.
    func bind(
        _ coordinatorType: Any.Type, parentID: CoordinatorID?, parent: Node?, context: TreeContext,
        presentsUnanimated: Bool = false
    ) throws(CoordinatorError) {
        let id = CoordinatorID(rawValue: context.makeID())
        try withLock { state throws(CoordinatorError) in
            try state.machine.bind(coordinator: String(describing: coordinatorType))
            state.presentsUnanimated = presentsUnanimated
            state.id = id
            state.coordinatorType = coordinatorType
            state.parent = parent
            state.parentID = parentID
            storedContext = context
        }
    }

    /// Binds `child` to run a coordinator of type `coordinatorType` as a child of this node
    /// and records it, then returns whether the calling task is the one running this node's
    /// `start()` (for `Flow.run`'s fast path). If this node no longer runs, the child is
    /// ended (its instance is spent) and the error is thrown.
    ///
    /// With `acceptingRoutes` (a child's `run`, which awaits the runtime), this node accepts
    /// routes in the same critical section (`acceptRoutes()`): one section of this node's
    /// lock fewer per child run (childFlowRoundTrip, concurrentFlows).
    ///
    /// The child presents without animation until it accepts routes (`presentsUnanimated`)
    /// if `quietly` says so (a link's step that goes on past it) or this node does so now
    /// (a coordinator a link sets up starts its children).
    ///
    /// Lock order: no lock is held while another is taken — the child is bound (the tree's id
    /// lock, then the child's lock, one after the other) before this node's lock is taken. A child that
    /// is this node itself, or any running node, fails in `bind` with `alreadyRun`.
    @discardableResult
    func adopt(
        _ child: Node, running coordinatorType: Any.Type, acceptingRoutes: Bool = false, quietly: Bool = false
    ) throws(CoordinatorError) -> Bool {
        let (context, parentID, parentQuiet) = withLock { (storedContext, $0.id, $0.presentsUnanimated) }
        guard let context else {
            throw CoordinatorError(
                .notRunning,
                "\(coordinatorName) tried to start a child coordinator before it was run. Do this from start() "
                    + "or from the coordinator's actor methods once it runs.")
        }
        try child.bind(
            coordinatorType, parentID: parentID, parent: self, context: context,
            presentsUnanimated: quietly || parentQuiet)
        do throws(CoordinatorError) {
            var routeWaiters: Waiters<Void>.Taken?
            var quietChildren: [Node] = []
            let isStartTask = try withLock { state throws(CoordinatorError) -> Bool in
                try state.machine.checkRunning(to: "start a child coordinator", coordinator: state.name)
                state.children.append(child)
                if acceptingRoutes && !state.acceptsRoutes {
                    routeWaiters = state.acceptRoutes(quietChildren: &quietChildren)
                }
                return state.runningStart?.isCurrent ?? false
            }
            if let routeWaiters { Self.resume(routeWaiters) }
            if !quietChildren.isEmpty { Self.presentAnimatedAgain(quietChildren) }
            return isStartTask
        } catch {
            child.abandon(error)
            throw error
        }
    }

    /// Ends a bound node that will never be hosted, and detaches it from its parent.
    func abandon(_ error: CoordinatorError) {
        let (parent, loop) = withLock { state in
            let recorded = state.machine.requestEnd(.failed(error))
            _ = state.machine.teardownCompleted()
            state.storedExtras?.flowEventHandlers = [:]
            defer { state.parent = nil }
            // A loop, if a job was handed over meanwhile, ends with the flow; if an ending
            // ancestor's walk recorded this end first, that walk tells the loop once the ends
            // below are recorded.
            return (state.parent, recorded ? state.storedExtras?.host.mailbox.endDelivered() : nil)
        }
        loop?.resume()
        parent?.withLock { $0.children.remove(self) }
    }

    // MARK: Running

    /// The calling task begins to run `start()`: records it, so that `adopt` knows it and an
    /// end recorded from another task can cancel it. Returns `false` if the flow has ended
    /// already (it was cancelled before it was hosted): then `start()` never runs.
    @inline(never)
    func beginStart() -> Bool {
        let task = RunningTask.current
        return withLock { state in
            guard state.machine.isRunning else { return false }
            state.runningStart = task
            return true
        }
    }

    /// Throws unless the flow runs and the calling task is the one running its `start()`:
    /// what a child group needs, whose child tasks must be child tasks of the coordinator's
    /// own task. `action` names the call in the error's message.
    func checkInStart(to action: @autoclosure () -> String) throws(CoordinatorError) {
        try withLock { state throws(CoordinatorError) in
            try state.machine.checkRunning(to: action(), coordinator: state.name)
            guard state.runningStart?.isCurrent ?? false else {
                throw CoordinatorError(
                    .notInStart,
                    "\(state.name) tried to \(action()) from a task other than its start()'s own (an actor method "
                        + "a screen called, or a task it made). Call it from start() itself; from other tasks, "
                        + "start each child with flow.start(_:).")
            }
        }
    }

    // MARK: Helpers

    var context: TreeContext? { withLock { _ in storedContext } }

    /// `context`, read without the lock, on hot paths that run only after `bind`: the
    /// coordinator's own task (`Node.host`), and a presentation's announcements. One
    /// critical section fewer per coordinator run, two per present + dismiss
    /// (childFlowRoundTrip, presentDismiss).
    ///
    /// Safe, as the write happens before every such read, and it is never written again:
    /// - a hand-over carries out its decision (`Node.carryOut`) after a critical section that
    ///   found the node running, so after `bind`;
    /// - `host` runs in a task created after `bind` returned (in `tree.run`, `Flow.run`,
    ///   `Flow.race`, or the hosting loop that received the job under this node's parent's
    ///   lock);
    /// - a presentation exists only once `makePresentation` has taken this node's lock after
    ///   `bind` wrote the context under it; whoever then announces it runs after that, in the
    ///   task that made it or in one it reached through a synchronising hand-off (a
    ///   presenter's lock, an actor, a continuation), as a `Sendable` value must.
    var boundContext: TreeContext? { storedContext }
}
