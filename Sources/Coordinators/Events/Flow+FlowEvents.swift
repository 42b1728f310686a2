extension Flow {
    /// Sends `event` up the tree: each ancestor, nearest first, that has a handler for the
    /// event's exact type runs it, until one returns `.stop` or the event passes the root.
    /// Returns who handled it.
    ///
    /// ```swift
    /// try await flow.send(MovieUpdated(movieID: movie.id))
    /// ```
    ///
    /// This coordinator's own handlers are not asked. The handlers run one after another,
    /// each on its coordinator's actor and in that coordinator's task tree (not in the
    /// calling task), and this returns after the last one: a handler that asks a question or
    /// runs a child holds the sender until then. Because the handler is not part of the
    /// sender's task, a handler may end the sender's flow and await that end (a log-out):
    /// the sender's teardown does not wait for the handler, and does not cancel it. An
    /// ancestor whose flow is ending or has ended, or whose coordinator is gone, is passed
    /// over. An event no ancestor handles is not dropped silently: the receipt's `isHandled`
    /// is `false`, and a `flowEventUnhandled` lifecycle event records it for this
    /// coordinator (unless its flow has ended meanwhile).
    ///
    /// Throws `CoordinatorError` `notRunning` if this coordinator has not run yet, `flowEnded`
    /// if its flow has ended or is ending (nothing is sent). A handler's error ends the
    /// journey and is thrown unchanged: the ancestors above it do not see the event.
    ///
    /// Cancellation: cancelling the calling task ends the journey with `CancellationError`
    /// at once — before the next ancestor, or while a handler runs: that handler goes on (it
    /// is its coordinator's work, ended only with that coordinator), but the event goes no
    /// further. Handlers that already ran have run. If the handling coordinator ends while
    /// its handler runs, the handler is cancelled with it, and this throws what the handler
    /// throws (usually `CancellationError`: the sender, below that coordinator, is ending too).
    @discardableResult
    public nonisolated(nonsending) func send<Event: FlowEvent>(
        _ event: Event, file: String = #fileID, line: Int = #line
    ) async throws -> FlowEventReceipt {
        let key = ObjectIdentifier(Event.self)
        var next: Node?
        do { next = try node.beginFlowEventJourney() } catch { throw error.located(at: file, line) }
        var handledBy: [FlowEventReceipt.Handler] = []
        // Cancellation is checked only where the check changes anything: before running a
        // handler, and once when the journey ends (an ancestor without one does nothing; a
        // cancellation is never undone). Guarded by flowEventBubbling10Levels.
        while let ancestor = next {
            let visit = ancestor.flowEventVisit(for: key)
            next = visit.parent
            guard let handler = visit.handler, let type = visit.coordinatorType else { continue }
            try Task.checkCancellation()
            guard let stops = try await ancestor.handleFlowEvent(event, with: handler) else { continue }
            handledBy.append(FlowEventReceipt.Handler(coordinator: visit.id, type: type))
            if stops { return FlowEventReceipt(eventType: Event.self, handledBy: handledBy, stopped: true) }
        }
        try Task.checkCancellation()
        if handledBy.isEmpty { node.emitFlowEventUnhandled(Event.self) }
        return FlowEventReceipt(eventType: Event.self, handledBy: handledBy, stopped: false)
    }
}
