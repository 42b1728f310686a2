extension Coordinator {
    /// Handles the flow events of type `type` that coordinators below this one send
    /// (`flow.send(_:)`), with `handler`, on this coordinator's actor. Registering again for
    /// the same type replaces the handler.
    ///
    /// ```swift
    /// init(movieID: Int, navigation: NavigationPresenter) throws {
    ///     self.movieID = movieID
    ///     self.navigation = navigation
    ///     try onFlowEvent(MovieUpdated.self) { details, event in
    ///         guard event.movieID == details.movieID else { return .passOn }
    ///         await details.reload()
    ///         return .passOn   // the list above shows the movie too
    ///     }
    /// }
    /// ```
    ///
    /// The handler gets the coordinator as its (isolated) first parameter: use it rather
    /// than capturing `self`. The coordinator holds its handlers, and they hold it weakly, so
    /// a handler that does not capture `self` makes no retain cycle; they are dropped when
    /// its teardown completes. A handler runs only while this coordinator's flow runs (not
    /// before, nor once it is ending), as a task of this coordinator's own (a child task of
    /// its group, cancelled if it ends): the sender's `send` waits for it, but the sender's
    /// teardown does not, so it may end the sender's flow. For long work that should not hold
    /// the sender, start it (`flow.start`) and return.
    ///
    /// Call it from `init` or from the flow while it runs. Throws `CoordinatorError`
    /// `flowEnded` if this coordinator's flow has ended or is ending.
    public nonisolated func onFlowEvent<Event: FlowEvent>(
        _ type: Event.Type,
        file: String = #fileID, line: Int = #line,
        perform handler: @escaping @Sendable (isolated Self, Event) async throws -> FlowEventHandling
    ) throws(CoordinatorError) {
        let erased = ErasedFlowEventHandler { [weak self] event in
            guard let self, let event = event as? Event else { return nil }
            return try await handler(self, event) == .stop
        }
        do {
            try flow.node.setFlowEventHandler(erased, for: ObjectIdentifier(type), eventType: type)
        } catch {
            throw error.located(at: file, line)
        }
    }
}
