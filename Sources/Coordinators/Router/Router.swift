/// What a screen may ask of its coordinator: go to one of the coordinator's routes, send a
/// flow event, and the actions the coordinator exposes (`Routable.ScreenAction`) — never the
/// coordinator itself. A coordinator hands its screens its `router`.
///
/// ```swift
/// struct MovieListScreen: Screen {
///     let router: Router<MoviesCoordinator.Route, MoviesCoordinator.ScreenAction>
/// }
///
/// // In a view's button, on the main actor: returns at once.
/// router.go(.forward(to: .movie(id: 7)))
/// router.perform(.refresh)
/// ```
///
/// Each call is synchronous and non-isolated: it queues the request and returns a
/// `RouterRequest` at once, which a caller that wants the outcome awaits
/// (`try await router.go(.backOne).value`) and others ignore. The requests sent to one
/// coordinator are carried out one at a time, in the order they were sent (from any number
/// of screens and threads: the order of the calls), in the coordinator's own task tree.
/// A request that fails — whether anyone awaits it or not — is also reported as a
/// `screenRequestFailed` lifecycle event of the coordinator, unless it was sent when the
/// coordinator did not run (then it is refused at once, in its request alone: a coordinator's
/// end event is its last).
///
/// It is generic over the routes and actions, not the coordinator's type, so a preview or a
/// test can give a screen the router of another coordinator with the same routes. It holds
/// its coordinator weakly: a screen that outlives its coordinator does not keep it.
///
/// Errors (in the request's `value`, and, while the coordinator runs, its
/// `screenRequestFailed` event):
/// - `CoordinatorError` `notRunning` when the coordinator has not run yet;
/// - `flowEnded` when it has ended or is ending — sent then (in its request only: no event
///   comes after a coordinator's end event), or still queued when it ended (an event too,
///   before the end event): no request is left pending once the coordinator's teardown is
///   done;
/// - `awaitsOwnRequest` when a request of the coordinator (its `perform(_:)`, or a task it
///   made that inherits its task-local values) awaits another request of the same
///   coordinator still queued behind it: that would wait forever;
/// - what the request throws: `go`'s errors (`Routable.go`), what `destination(for:)` or
///   `perform(_:)` throws, what a flow event's handler throws.
///
/// Cancellation: a request runs as the coordinator's work, not the sender's: cancelling a
/// task that awaits its `value` stops that wait (`CancellationError`) and not the request.
/// When the coordinator ends, the request it is carrying out is cancelled with it (what it
/// awaits throws `CancellationError`, which its `value` throws) and those still queued fail
/// with `flowEnded`.
public struct Router<Route: Hashable & Sendable, Action: Sendable>: Sendable {
    /// The coordinator's node: where the requests queue.
    private let node: Node
    /// The coordinator, held weakly, typed by its routes and actions.
    private let target: any RouterTarget<Route, Action>

    /// The router of `coordinator`.
    init<Owner: Routable>(_ coordinator: Owner) where Owner.Route == Route, Owner.ScreenAction == Action {
        node = coordinator.flow.node
        target = RoutableTarget(coordinator)
    }

    /// The router of `coordinator`, which has no routes.
    init<Owner: Coordinator>(actionsOf coordinator: Owner) where Route == Never, Owner.ScreenAction == Action {
        node = coordinator.flow.node
        target = ActionsTarget(coordinator)
    }

    /// Asks the coordinator to move on its routes, as its `go(_:animated:)` does, and returns
    /// at once; the move is carried out after the requests sent before it.
    ///
    /// ```swift
    /// router.go(.forward(to: .movie(id: 7)))
    /// try await router.go(.backOne).value   // awaits the move
    /// ```
    ///
    /// Its `value` throws what `go` throws (`routeNotShown`, `noRoute`, …, and what
    /// `destination(for:)` throws), or `flowEnded`/`notRunning` (see `Router`).
    @discardableResult
    public func go(
        _ transition: RouteTransition<Route>, animated: Bool = true, file: String = #fileID, line: Int = #line
    ) -> RouterRequest<Void> {
        let target = target
        return enqueue(
            ScreenRequest(for: node, file: file, line: line, describe: { "go(\(transition))" }) {
                try await target.go(transition, animated: animated, file: file, line: line)
            })
    }

    /// Asks the coordinator to send `event` up its ancestors, as its `flow.send(_:)` does, and
    /// returns at once; the event is sent after the requests sent before it. Its `value` is
    /// the receipt: who handled the event.
    ///
    /// Its `value` throws what a handler throws, or `flowEnded`/`notRunning` (see `Router`).
    @discardableResult
    public func send<Event: FlowEvent>(
        _ event: Event, file: String = #fileID, line: Int = #line
    ) -> RouterRequest<FlowEventReceipt> {
        let target = target
        return enqueue(
            ScreenRequest(for: node, file: file, line: line, describe: { "send(\(Event.self))" }) {
                try await target.send(event, file: file, line: line)
            })
    }

    /// Asks the coordinator to carry out `action` (its `perform(_:)`), and returns at once;
    /// the action is carried out after the requests sent before it.
    ///
    /// Its `value` throws what `perform(_:)` throws, or `flowEnded`/`notRunning` (see
    /// `Router`).
    @discardableResult
    public func perform(_ action: Action, file: String = #fileID, line: Int = #line) -> RouterRequest<Void> {
        let target = target
        return enqueue(
            ScreenRequest(for: node, file: file, line: line, describe: { "perform(\(action))" }) {
                try await target.perform(action)
            })
    }

    /// Queues `request` on the coordinator, or refuses it at once if the coordinator does not
    /// run.
    private func enqueue<Value>(_ request: ScreenRequest<Value>) -> RouterRequest<Value> {
        let target = target
        if let refusal = node.enqueueScreenRequest(request, drainingOn: { target.actor }) {
            request.refuse(refusal, reported: false)
        }
        return RouterRequest(request)
    }
}
