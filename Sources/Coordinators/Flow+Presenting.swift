extension Flow {
    /// Shows `screen` on `presenter`, owned by this coordinator, and returns once it is on
    /// the surface.
    ///
    /// The coordinator owns the presentation: when the coordinator ends, the runtime
    /// dismisses it if it is still shown. By default the first presentation a coordinator
    /// makes is its main one: if it leaves the screen before the coordinator finishes
    /// (a swipe back, a pop by another coordinator), the coordinator ends as `dismissed`.
    /// Pass `role: .auxiliary` for screens that may come and go.
    ///
    /// Throws `CoordinatorError` `flowEnded` after the flow ended, `notRunning` before it
    /// runs; rethrows the presenter's error if it could not show the screen.
    ///
    /// Cancellation: if the calling task is already cancelled, throws `CancellationError`
    /// and shows nothing. Once the presenter has been called, cancellation does not undo
    /// it: the screen is shown and returned (and dismissed with its owner, which a
    /// cancelled coordinator is about to be).
    @discardableResult
    public func present(
        _ screen: some Screen,
        on presenter: some Presenter,
        role: PresentationRole = .automatic
    ) async throws -> Presentation {
        try Task.checkCancellation()
        let presentation = try node.makePresentation(screen, on: presenter, role: role)
        do {
            try await presenter.present(presentation)
        } catch {
            node.presentationFailed(presentation)
            throw error
        }
        try await node.didPresent(presentation)
        return presentation
    }

    /// Removes `presentation` from the screen and returns once it is gone.
    ///
    /// If it is a main presentation, the coordinator then ends as `dismissed(.byCoordinator)`;
    /// to end with a result, call `finish(with:)` instead, which removes it too.
    ///
    /// Throws `CoordinatorError` `notOwner` if another coordinator owns it,
    /// `alreadyDismissed` if it has already left the screen.
    ///
    /// Cancellation: runs to completion; a screen half-removed helps no one.
    public func dismiss(_ presentation: Presentation) async throws {
        guard presentation.owner === node else {
            throw CoordinatorError(
                .notOwner,
                "\(node.coordinatorName) tried to dismiss \(presentation), which \(presentation.owner.coordinatorName) "
                    + "owns. A coordinator dismisses only what it presented; ask the owner (or end it) instead.")
        }
        try presentation.beginDismissal(.byCoordinator)
        await presentation.performDismissal(.byCoordinator)
    }

    /// The presentations this coordinator owns that are on screen (or being shown), in
    /// the order it made them.
    public var presentations: [Presentation] {
        node.state.withLock { $0.presentations }
    }
}
