// The engine's side of flow events (`Events/`): each node keeps the handlers its coordinator
// registered, type-erased and keyed by the event's type, and is visited by an event on its
// journey up the tree. Nothing here names the public types of `Events/`.

/// A coordinator's handler for one event type, erased: `handle` takes the event and returns
/// whether it stops there (`true`), goes on (`false`), or `nil` when the coordinator is gone
/// (held weakly) or the event is not of the handler's type.
///
/// A struct rather than a bare closure, which a dictionary keeps at its most general
/// representation and which would allocate a thunk per event read back
/// (flowEventBubbling10Levels).
struct ErasedFlowEventHandler: Sendable {
    let handle: @Sendable (any Sendable) async throws -> Bool?
}

/// The handlers of one coordinator, keyed by `ObjectIdentifier` of the event type. Empty
/// (no allocation) unless the coordinator registers one.
typealias FlowEventHandlerTable = [ObjectIdentifier: ErasedFlowEventHandler]

extension Node {
    /// What an event finds at one node on its way up: the handler to run (`nil` if none,
    /// or if the flow is not running), who the node is, and where the journey goes next.
    struct FlowEventVisit {
        let handler: ErasedFlowEventHandler?
        let id: CoordinatorID
        let coordinatorType: Any.Type?
        let parent: Node?
    }

    /// Registers `handler` for events whose type has the identifier `key`, replacing any
    /// handler for that type. Allowed before the flow runs and while it runs; once it ends or
    /// is ending, throws `flowEnded` (a handler could never run).
    func setFlowEventHandler(
        _ handler: ErasedFlowEventHandler, for key: ObjectIdentifier, eventType: Any.Type
    ) throws(CoordinatorError) {
        try withLock { state throws(CoordinatorError) in
            switch state.machine.phase {
            case .idle, .running:
                state.extras.flowEventHandlers[key] = handler
            case .ending, .ended:
                throw CoordinatorError(
                    .flowEnded,
                    "\(state.name) registered a handler for \(eventType) after its flow ended. An ending "
                        + "coordinator handles no events: register handlers in init or start().")
            }
        }
    }

    /// The first step of a journey sent from this node: its parent. Throws `notRunning` if
    /// the flow has not run yet, `flowEnded` if it has ended or is ending.
    func beginFlowEventJourney() throws(CoordinatorError) -> Node? {
        var routeWaiters = Waiters<Void>.Taken()
        var quietChildren: [Node] = []
        let parent = try withLock { state throws(CoordinatorError) -> Node? in
            try state.machine.checkRunning(to: "send a flow event", coordinator: state.name)
            // Sending is a wait on the runtime: links go on into this coordinator from here.
            if !state.acceptsRoutes { routeWaiters = state.acceptRoutes(quietChildren: &quietChildren) }
            return state.parent
        }
        Self.resume(routeWaiters)
        if !quietChildren.isEmpty { Self.presentAnimatedAgain(quietChildren) }
        return parent
    }

    /// This node as an event with type identifier `key` visits it: one critical section, and
    /// no other lock is taken in it. A flow that is ending or has ended offers no handler.
    func flowEventVisit(for key: ObjectIdentifier) -> FlowEventVisit {
        withLock { state in
            let handler = state.machine.isRunning ? state.storedExtras?.flowEventHandlers[key] : nil
            return FlowEventVisit(
                handler: handler, id: state.id, coordinatorType: state.coordinatorType, parent: state.parent)
        }
    }

    /// Records that no ancestor handled an event of `eventType` this node sent, unless the
    /// node's flow has ended meanwhile (`emitUnlessEnded`).
    @inline(never)
    func emitFlowEventUnhandled(_ eventType: Any.Type) {
        emitUnlessEnded(.flowEventUnhandled(String(describing: eventType)))
    }

    /// Sends a lifecycle event about this node unless its flow has ended: the event is sent
    /// while holding its lock, so it comes before its end event, which is sent after the lock
    /// marked it ended. For events that may race the end (a flow event's journey, a guard's
    /// refusal).
    func emitUnlessEnded(_ kind: @autoclosure () -> LifecycleEvent.Kind) {
        guard let event = context?.prepare(self, kind()) else { return }
        withLock { state in
            if state.machine.phase != .ended { event.send() }
        }
    }
}

extension Node {
    /// Runs `handler` on `event` in this coordinator's own task tree (a child task of its
    /// hosting loop), and waits for its answer: `true` (stop), `false` (go on), or `nil` if this
    /// coordinator offers no handler after all (its flow is ending: the task started
    /// cancelled, or could not start).
    ///
    /// The handler does not run in the sender's task, so that the sender's teardown never
    /// waits for it: a handler that ends the sender's flow (a log-out) and awaits that end
    /// completes instead of waiting for itself, and is not cancelled by it. Cancelling the
    /// waiting task ends the wait with `CancellationError`; the handler goes on, as the
    /// coordinator's own work, until it returns or its coordinator ends.
    func handleFlowEvent(_ event: any Sendable, with handler: ErasedFlowEventHandler) async throws -> Bool? {
        let reply = FlowEventReply()
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                reply.wait(continuation)
                let accepted = hostTask {
                    // Started cancelled: the host adds jobs to a cancelled group once the flow
                    // ends, and an ending coordinator handles no events.
                    guard !Task.isCancelled else { return reply.finish(.success(nil)) }
                    do {
                        reply.finish(.success(try await handler.handle(event)))
                    } catch {
                        reply.finish(.failure(error))
                    }
                }
                if !accepted { reply.finish(.success(nil)) }
            }
        } onCancel: {
            reply.finish(.failure(CancellationError()))
        }
    }
}

/// A handler's answer on its way from the handling coordinator's task to the sender, which
/// may stop waiting first: the first result wins, whichever side gives it.
final class FlowEventReply: Sendable {
    private enum State {
        /// The sender has not begun to wait; the result, if it came first.
        case pending(Result<Bool?, any Error>?)
        case waiting(UnsafeContinuation<Bool?, any Error>)
        case done
    }

    private let state = Locked(State.pending(nil))

    /// The sender waits with `continuation`; resumed at once if the result is there.
    func wait(_ continuation: UnsafeContinuation<Bool?, any Error>) {
        let ready = state.withLock { state -> Result<Bool?, any Error>? in
            guard case .pending(let result) = state else { return nil }
            state = result == nil ? .waiting(continuation) : .done
            return result
        }
        if let ready { continuation.resume(with: ready) }
    }

    /// Hands over `result`, unless one was handed over already.
    func finish(_ result: Result<Bool?, any Error>) {
        let waiting = state.withLock { state -> UnsafeContinuation<Bool?, any Error>? in
            switch state {
            case .pending(nil):
                state = .pending(result)
                return nil
            case .waiting(let continuation):
                state = .done
                return continuation
            case .pending, .done:
                return nil
            }
        }
        waiting?.resume(with: result)
    }
}
