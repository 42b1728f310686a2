extension Node {
    /// Creates a presentation of `screen` owned by this node and records it, before the
    /// presenter shows it, so that a teardown that starts meanwhile knows about it. Returns
    /// it, and whether to animate it: as `animated` asks, unless a link sets this coordinator
    /// up (`State.presentsUnanimated`).
    ///
    /// Then checks its options (`PresentationOptions.validate`, `Presenter.check(_:)`): if
    /// they fail, it is forgotten, as a presentation its presenter failed to show, and the
    /// error is thrown. Nothing has been shown.
    func makePresentation(
        _ screen: any Screen,
        on presenter: any Presenter,
        role: PresentationRole,
        options: PresentationOptions = .automatic,
        animated: Bool = true,
        expecting expectedAnswer: ExpectedAnswer? = nil,
        routeTag: RouteTag? = nil
    ) throws(CoordinatorError) -> (presentation: Presentation, animated: Bool) {
        let made: (presentation: Presentation, animated: Bool)
        do throws(LifecycleStateMachine.NotRunning) {
            made = try withLock { state throws(LifecycleStateMachine.NotRunning) in
                try state.machine.checkRunning(coordinator: state.name)
                // The tree's id counter is a leaf lock (`TreeContext.makeIDs`), taken inside
                // this one; a running node has its tree.
                let id = PresentationID(rawValue: storedContext?.makeID() ?? 0)
                let presentation = Self.record(
                    screen, id: id, role: role, on: presenter, owner: self, options: options,
                    expecting: expectedAnswer, routeTag: routeTag, in: &state)
                return (presentation, animated && !state.presentsUnanimated)
            }
        } catch {
            // The screen's name is user code: read once the lock is released.
            throw error.error(to: "present \(screen.screenName)")
        }
        try checkOptions(of: made.presentation)
        return made
    }

    /// Gives the main screen this (bound, not yet hosted) coordinator presents `options`,
    /// unless it has options of its own: its parent runs it with them.
    func giveFirstPresentationOptions(_ options: PresentationOptions) {
        withLock { $0.extras.firstPresentationOptions = options }
    }

    /// Checks `presentation`'s options, and that its presenter can honour them; if not,
    /// forgets it (nothing was shown) and throws.
    func checkOptions(of presentation: Presentation) throws(CoordinatorError) {
        // `.automatic` is every presenter's own way: nothing to check.
        let options = presentation.options
        guard !options.isAutomatic else { return }
        do throws(CoordinatorError) {
            try options.validate(for: "\(presentation)")
            try presentation.presenter.check(options)
        } catch {
            presentationFailed(presentation)
            throw error
        }
    }

    /// Creates presentations of `screens` as one step: either the flow runs and all are
    /// recorded, or none is. The first gets `firstRole`, the others `.automatic`.
    func makePresentations(
        _ screens: [any Screen],
        on presenter: any Presenter,
        firstRole: PresentationRole
    ) throws(CoordinatorError) -> [Presentation] {
        try makePresentations(
            screens.enumerated().map { index, screen in
                NewPresentation(screen: screen, presenter: presenter, role: index == 0 ? firstRole : .automatic)
            })
    }

    /// A presentation to make: its screen, presenter, role and options, and the route it is
    /// shown for.
    struct NewPresentation {
        let screen: any Screen
        let presenter: any Presenter
        let role: PresentationRole
        var options: PresentationOptions = .automatic
        var route: (any Hashable & Sendable)? = nil
    }

    /// Creates presentations of `items`, in order, as one step: either the flow runs and all
    /// are recorded, or none is. A presentation made for a route is tagged with it, ordered
    /// among the coordinator's routes by its id. Then checks their options, as
    /// `makePresentation` does: if one fails, all are forgotten.
    func makePresentations(_ items: [NewPresentation]) throws(CoordinatorError) -> [Presentation] {
        let made = try recordPresentations(items)
        for (index, presentation) in made.enumerated() {
            do throws(CoordinatorError) {
                try checkOptions(of: presentation)
            } catch {
                for other in made[(index + 1)...] { presentationFailed(other) }
                for other in made[..<index] { presentationFailed(other) }
                throw error
            }
        }
        return made
    }

    private func recordPresentations(_ items: [NewPresentation]) throws(CoordinatorError) -> [Presentation] {
        do throws(LifecycleStateMachine.NotRunning) {
            return try withLock { state throws(LifecycleStateMachine.NotRunning) -> [Presentation] in
                try state.machine.checkRunning(coordinator: state.name)
                // The ids as `makePresentation` takes its id.
                let ids = storedContext?.makeIDs(items.count) ?? 0..<UInt64(items.count)
                return zip(items, ids).map { item, id in
                    Self.record(
                        item.screen, id: PresentationID(rawValue: id), role: item.role, on: item.presenter, owner: self,
                        options: item.options, expecting: nil,
                        routeTag: item.route.map { RouteTag(route: $0, kind: .screen, order: id) },
                        in: &state)
                }
            }
        } catch {
            throw error.error(to: "present \(items.map(\.screen.screenName).joined(separator: ", "))")
        }
    }

    /// Creates a presentation owned by `owner` and records it in `state`. Its first main one
    /// takes the options its parent gave it to run with (`Extras.firstPresentationOptions`),
    /// unless it has options of its own.
    private static func record(
        _ screen: any Screen, id: PresentationID, role: PresentationRole, on presenter: any Presenter, owner: Node,
        options: PresentationOptions, expecting expectedAnswer: ExpectedAnswer?, routeTag: RouteTag? = nil,
        in state: inout State
    ) -> Presentation {
        let isMain = state.mainRole.recorded(role)
        var options = options
        if isMain, let given = state.storedExtras?.firstPresentationOptions {
            state.storedExtras?.firstPresentationOptions = nil
            if options.isAutomatic { options = given }
        }
        let presentation = Presentation(
            id: id, screen: screen, isMain: isMain, presenter: presenter, owner: owner, expectedAnswer: expectedAnswer,
            routeTag: routeTag, options: options)
        state.presentations.append(presentation)
        if state.ordersAtFirstScreen, let tag = state.routeTag {
            // It asked its parent for a move before it had shown anything (`Node.takeRouteTurn`):
            // its route takes its place among the parent's from its first screen on.
            state.ordersAtFirstScreen = false
            state.routeTag = RouteTag(route: tag.route, kind: tag.kind, order: id.rawValue, child: tag.child)
        }
        return presentation
    }

    /// Removes `presentation` from those `state` records.
    private static func forget(_ presentation: Presentation, in state: inout State) {
        state.presentations.removeLast { $0 === presentation }
    }

    /// The presenter has shown `presentation`. If this coordinator's teardown began while
    /// it was being shown, it is dismissed again and `flowEnded` is thrown.
    ///
    /// Synchronous in the common case, so that presenting costs no extra async call
    /// (presentDismiss): call it as
    /// `if try node.didPresent(p) { try await node.dismissClaimedByTeardown(p) }`.
    /// Returns whether the teardown claimed it, so that the caller must dismiss it.
    ///
    /// Never inlined, nor is `dismissClaimedByTeardown`: keeps `flow.present`'s async frame
    /// small (idleCoordinatorMemory).
    @inline(never)
    func didPresent(_ presentation: Presentation) throws(CoordinatorError) -> Bool {
        switch presentation.markPresented() {
        case .presented, .alreadyPresented:
            return false
        case .alreadyGone(let reason):
            // Reported dismissed while it was being shown: the dismissal is already told.
            // If the teardown had claimed it, this flow has ended: say so, as below.
            if reason == .tornDown { try checkRunning(toPresent: presentation) }
            return false
        case .tearDown:
            return true
        }
    }

    /// `didPresent` returned `true`: the teardown claimed `presentation` while it was being
    /// shown. Dismisses it as torn down, then throws `flowEnded`.
    @inline(never)
    func dismissClaimedByTeardown(_ presentation: Presentation) async throws {
        await presentation.performDismissal(.tornDown)
        try checkRunning(toPresent: presentation)
    }

    private func checkRunning(toPresent presentation: Presentation) throws(CoordinatorError) {
        do throws(LifecycleStateMachine.NotRunning) {
            try withLock { state throws(LifecycleStateMachine.NotRunning) in
                try state.machine.checkRunning(coordinator: state.name)
            }
        } catch {
            throw error.error(to: "present \(presentation.screen.screenName)")
        }
    }

    /// `presentation` was never shown (the presenter threw, or a batch it belonged to
    /// failed): forget it, and give the main role back if it had it.
    func presentationFailed(_ presentation: Presentation) {
        withLock { state in
            Self.forget(presentation, in: &state)
            // Read first, and only for a main presentation: the call modifies the state.
            let mainRemains = presentation.isMain && state.recordsMain
            state.mainRole.failed(wasMain: presentation.isMain, mainRemains: mainRemains)
        }
        presentation.markFailed()
    }
}

extension Node: PresentationOwner {
    @inline(__always)
    func withPresentationLock<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withLock { (_: inout State) throws(Failure) -> Result in try body() }
    }

    func announcePresented(
        _ presentation: Presentation,
        in criticalSection: (_ announce: () -> Void) -> PresentationPhase.Presented
    ) -> PresentationPhase.Presented {
        let event = boundContext?.prepare(self, .presented(presentation.info))
        return withLock { _ in criticalSection { event?.send() } }
    }

    func announceDetentChange<Result>(
        _ presentation: Presentation, to detent: SheetDetents.Detent,
        in criticalSection: (_ announce: () -> Void) -> Result
    ) -> Result {
        let event = boundContext?.prepare(self, .detentChanged(presentation.info, detent))
        return withLock { _ in criticalSection { event?.send() } }
    }

    func dismissalAwaited() { acceptRoutes() }

    func announceDismissed(_ presentation: Presentation, reason: DismissalReason) {
        boundContext?.emit(self, .dismissed(presentation.info, reason))
    }

    func presentationLeft(_ presentation: Presentation, reason: DismissalReason, in criticalSection: () -> Void) {
        let departure = withLock { state in
            criticalSection()
            Self.forget(presentation, in: &state)
            return MainRoleStateMachine.left(
                wasMain: presentation.isMain, flowRunning: state.machine.isRunning, mainRemains: state.recordsMain)
        }
        switch departure {
        case .nothing: break
        case .endsFlow: requestEnd(.dismissed(reason))
        }
    }
}

extension Node.State {
    /// Whether a main presentation is still recorded. (A property, so that it reads the state
    /// in place, as `name` does.)
    fileprivate var recordsMain: Bool { presentations.contains { $0.isMain } }
}
