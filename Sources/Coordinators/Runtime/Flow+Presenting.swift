extension Flow {
    /// Shows `screen` on `presenter`, owned by this coordinator, and returns once it is on
    /// the surface.
    ///
    /// `options` say how (a sheet, its detents, whether a person may swipe it away; see
    /// `PresentationOptions`); the presenter receives them unchanged as
    /// `presentation.options`. `animated: false` shows it without animation. A coordinator
    /// that a deep link sets up on its way to a deeper screen shows its screens without
    /// animation until it awaits the runtime, whatever `animated` says: the link animates
    /// only its last change.
    ///
    /// The coordinator owns the presentation: when the coordinator ends, the runtime
    /// dismisses it if it is still shown. By default the first presentation a coordinator
    /// makes is its main one: if it leaves the screen before the coordinator finishes
    /// (a swipe back, a pop by another coordinator), the coordinator ends as `dismissed`.
    /// Pass `role: .auxiliary` for screens that may come and go. A screen that replaces
    /// this coordinator's own main screen on a `SlotPresenter` (a new window root) becomes
    /// its main one, so the coordinator goes on; on a replacing presenter of your own, pass
    /// `role: .main`.
    ///
    /// Throws `CoordinatorError` `flowEnded` after the flow ended, `notRunning` before it
    /// runs, `invalidOptions` for options that contradict themselves and
    /// `unsupportedOptions` for options the presenter cannot honour (`Presenter.check(_:)`),
    /// both before anything is shown; rethrows the presenter's error if it could not show
    /// the screen.
    ///
    /// Cancellation: if the calling task is already cancelled, throws `CancellationError`
    /// and shows nothing. Once the presenter has been called, cancellation does not undo
    /// it: the screen is shown and returned (and dismissed with its owner, which a
    /// cancelled coordinator is about to be).
    @discardableResult
    public nonisolated(nonsending) func present(
        _ screen: some Screen,
        on presenter: some Presenter,
        role: PresentationRole = .automatic,
        options: PresentationOptions = .automatic,
        animated: Bool = true,
        file: String = #fileID, line: Int = #line
    ) async throws -> Presentation {
        do {
            return try await present(
                screen, on: presenter, role: role, options: options, animated: animated, expecting: nil)
        } catch {
            throw CoordinatorError.located(error, at: file, line)
        }
    }

    /// `present(_:on:role:)`, for a question when `expecting` says what it answers.
    /// With `routeTag`, the presentation is one of this coordinator's routes (`Routing/`). A
    /// tag, one word, rather than the route, an existential: keeps this frame, part of every
    /// presenting coordinator's task, small (idleCoordinatorMemory).
    @inline(__always)
    func present(
        _ screen: some Screen, on presenter: some Presenter, role: PresentationRole, options: PresentationOptions,
        animated: Bool, expecting: ExpectedAnswer?, routeTag: RouteTag? = nil
    ) async throws -> Presentation {
        try Task.checkCancellation()
        let role = try roleReplacingOwnMain(role, on: presenter)
        let (presentation, animates) = try node.makePresentation(
            screen, on: presenter, role: role, options: options, animated: animated, expecting: expecting,
            routeTag: routeTag)
        do {
            try await presenter.present(presentation, animated: animates)
        } catch {
            node.presentationFailed(presentation)
            throw error
        }
        if try node.didPresent(presentation) { try await node.dismissClaimedByTeardown(presentation) }
        return presentation
    }

    /// Removes `presentation` from the screen, animated unless `animated` is `false`, and
    /// returns once it is gone.
    ///
    /// If it is a main presentation, the coordinator then ends as `dismissed(.byCoordinator)`;
    /// to end with a result, call `finish(with:)` instead, which removes it too.
    ///
    /// Throws `CoordinatorError` `notOwner` if another coordinator owns it,
    /// `alreadyDismissed` if it has already left the screen.
    ///
    /// Cancellation: runs to completion; a screen half-removed helps no one.
    public nonisolated(nonsending) func dismiss(
        _ presentation: Presentation, animated: Bool = true, file: String = #fileID, line: Int = #line
    ) async throws {
        guard presentation.owner === node else {
            throw CoordinatorError(
                .notOwner,
                "\(node.coordinatorName) tried to dismiss \(presentation), which \(presentation.owner.coordinatorName) "
                    + "owns. A coordinator dismisses only what it presented; ask the owner (or end it) instead."
            ).located(at: file, line)
        }
        do { try presentation.beginDismissal(.byCoordinator) } catch { throw error.located(at: file, line) }
        await presentation.performDismissal(.byCoordinator, animated: animated)
    }

    /// On a presenter that replaces what it shows (a window's root), a new presentation
    /// that replaces this coordinator's own main one takes over the main role, as with
    /// `setStack`, so the coordinator goes on. An auxiliary one would end it: that is a
    /// misuse.
    private func roleReplacingOwnMain(
        _ role: PresentationRole, on presenter: some Presenter
    ) throws(CoordinatorError) -> PresentationRole {
        guard role != .main, let replaced = presenter.presentationReplacedByNextPresent,
            replaced.owner === node, replaced.isMain
        else { return role }
        guard role == .automatic else {
            throw CoordinatorError(
                .replacesOwnMain,
                "\(node.coordinatorName) presented an auxiliary screen (or asked a question) on \(presenter), which "
                    + "would replace its own main screen \(replaced) and so end it. Present it on another presenter "
                    + "(a modal), or with role .main (or .automatic) to make it the new main screen.")
        }
        return .main
    }

    /// The presentations this coordinator owns that are on screen (or being shown), in
    /// the order it made them.
    public var presentations: [Presentation] {
        Array(node.withLock { $0.presentations })
    }
}
