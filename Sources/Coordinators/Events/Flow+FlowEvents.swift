extension Flow {
    /// Sends `event` up the tree: each ancestor, nearest first, that has a handler for the
    /// event's exact type runs it, until one returns `.stop` or the event passes the root.
    /// Returns who handled it.
    ///
    /// ```swift
    /// try await flow.send(MovieUpdated(movieID: movie.id))
    /// ```
    ///
    /// This coordinator's own handlers are not asked. The handlers run one after another in
    /// the calling task, each on its coordinator's actor, and this returns after the last
    /// one: a handler that asks a question or runs a child holds the sender until then. An
    /// ancestor whose flow is ending or has ended, or whose coordinator is gone, is passed
    /// over. An event no ancestor handles is not dropped silently: the receipt's `isHandled`
    /// is `false`, and a `flowEventUnhandled` lifecycle event records it for this
    /// coordinator (unless its flow has ended meanwhile).
    ///
    /// Throws `CoordinatorError` `notRunning` if this coordinator has not run yet, `flowEnded`
    /// if its flow has ended or is ending (nothing is sent). A handler's error ends the
    /// journey and is thrown unchanged: the ancestors above it do not see the event.
    ///
    /// Cancellation: the calling task's cancellation is checked before each ancestor; once it
    /// is cancelled, the journey ends there with `CancellationError` (handlers that already
    /// ran have run). A handler in progress sees the cancellation in its own awaits.
    @discardableResult
    public func send<Event: FlowEvent>(_ event: Event) async throws -> FlowEventReceipt {
        let key = ObjectIdentifier(Event.self)
        var next = try node.beginFlowEventJourney()
        var handledBy: [FlowEventReceipt.Handler] = []
        // Cancellation is checked as the event reaches each ancestor. Only where it would
        // run a handler, and once when the journey ends, does the check change anything
        // (an ancestor without one does nothing; a cancellation is never undone), so it is
        // made only there: a check costs about as much as a step of the walk.
        while let ancestor = next {
            let visit = ancestor.flowEventVisit(for: key)
            next = visit.parent
            guard let handler = visit.handler, let type = visit.coordinatorType else { continue }
            try Task.checkCancellation()
            guard let stops = try await handler.handle(event) else { continue }
            handledBy.append(FlowEventReceipt.Handler(coordinator: visit.id, type: type))
            if stops { return FlowEventReceipt(eventType: Event.self, handledBy: handledBy, stopped: true) }
        }
        try Task.checkCancellation()
        if handledBy.isEmpty { node.emitFlowEventUnhandled(Event.self) }
        return FlowEventReceipt(eventType: Event.self, handledBy: handledBy, stopped: false)
    }
}
