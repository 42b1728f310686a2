/// A screen shown by a presenter on behalf of the coordinator that owns it.
///
/// Coordinators get one from `flow.present(_:on:)`; presenters receive one in
/// `present(_:)` and keep it while it is on their surface. Its dismissal can be awaited:
///
/// ```swift
/// let help = try await flow.present(HelpScreen(), on: modal, role: .auxiliary)
/// let reason = try await help.dismissal   // .byUser after a swipe down
/// ```
///
/// Two presentations are equal only if they are the same presentation.
public final class Presentation: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// Identifies this presentation within its tree.
    public let id: PresentationID
    /// What is shown.
    public let screen: any Screen
    /// Whether this is a main presentation of its coordinator (see `PresentationRole`).
    public let isMain: Bool
    /// The presenter that shows it.
    public let presenter: any Presenter
    /// How its presenter shows it: its style, a sheet's detents, whether a person may swipe
    /// it away (see `PresentationOptions`).
    public let options: PresentationOptions

    /// The route it was shown for, if its coordinator showed it for one (see `Routable`);
    /// `nil` for screens presented directly.
    public var route: (any Hashable & Sendable)? { routeTag?.route }
    /// The route, and its order among its coordinator's routes.
    let routeTag: RouteTag?

    /// The coordinator that owns it, as a presentation sees one. Its lock guards `state`.
    let owner: any PresentationOwner
    /// Where it is and who waits for it: reached only under its owner's lock, through
    /// `withLock` or inside the critical sections its owner runs for it (`markPresented`,
    /// `finishDismissal`). The owner's lock rather than a lock of its own: a presentation is
    /// then one allocation, not two (`presentDismiss`, `idleCoordinatorMemory`), and the
    /// change of phase that ends a dismissal shares its critical section with the owner
    /// forgetting it.
    ///
    /// `nonisolated(unsafe)`, and why that is safe: every access is inside the owner's lock
    /// (`owner` never changes), so no two threads reach it at once.
    private nonisolated(unsafe) var state: State

    /// The fields in an order that packs them: the phase, a byte, last, in no padding of its
    /// own (`idleCoordinatorMemory`).
    struct State {
        var waiters = Waiters<DismissalReason>()
        /// The headless presenter holding it, told after each change of what the public
        /// getters return (see `Presentation+Listener.swift`).
        var listener: (any PresentationListener)?
        /// What only some presentations use: made with one made by `Flow.ask`, or when a
        /// confirmation is first set.
        var extras: Extras?
        var phase = PresentationPhase.presenting(teardownRequested: false)
    }

    /// The parts of a presentation's state that only some presentations use, in a box made
    /// the first time one is needed: most presentations keep a reference instead of their
    /// fields (`idleCoordinatorMemory`). Part of the state: its fields are read and written
    /// only under the owner's lock.
    final class Extras {
        /// What a presentation made by `Flow.ask` keeps (see `Presentation+Answers.swift`).
        var asking: Asking?
        /// Asked before a person may dismiss it (see `Presentation+Confirmation.swift`).
        var confirmation = Confirmation()
        /// A sheet's detent (see `Presentation+Detents.swift`); made with one whose options
        /// have detents.
        var detent: DetentState?

        init(asking: Asking?, detent: DetentState?) {
            self.asking = asking
            self.detent = detent
        }
    }

    init(
        id: PresentationID, screen: any Screen, isMain: Bool, presenter: any Presenter, owner: any PresentationOwner,
        expectedAnswer: ExpectedAnswer?, routeTag: RouteTag? = nil, options: PresentationOptions = .automatic
    ) {
        self.id = id
        self.screen = screen
        self.isMain = isMain
        self.presenter = presenter
        self.owner = owner
        self.routeTag = routeTag
        self.options = options
        let detent = options.detents.map { DetentState(selected: $0.selected) }
        state = State(
            extras: expectedAnswer != nil || detent != nil
                ? Extras(asking: expectedAnswer.map(Asking.init), detent: detent) : nil)
    }

    /// Runs `body` with exclusive access to the state, under the owner's lock. `body` must
    /// not suspend, block, run user code (a screen's name), or take the owner's lock again.
    @inline(__always)
    func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try owner.withPresentationLock { () throws(Failure) -> Result in try body(&state) }
    }

    /// Runs `body` with the state, inside a critical section its owner runs for it (the
    /// owner's lock is held: `announceDetentChange`).
    @inline(__always)
    func withStateInOwnersCriticalSection<Result>(_ body: (inout State) -> Result) -> Result {
        body(&state)
    }

    // MARK: Reading

    /// Whether the presentation is on the surface now (shown, and not yet dismissed).
    public var isPresented: Bool {
        withLock { $0.phase.isPresented }
    }

    /// Why it left the surface, or `nil` while it has not.
    public var dismissalReason: DismissalReason? {
        withLock { $0.phase.dismissalReason }
    }

    /// The identifier of the coordinator that owns it.
    public var ownerID: CoordinatorID { owner.id }

    /// Resumes once the presentation has left the surface, with the reason. Awaited by the
    /// `start()` of the coordinator that owns the presentation, it is a wait on the runtime,
    /// which makes that coordinator ready for links (unless it holds its routes).
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError`; the
    /// presentation stays as it is.
    public var dismissal: DismissalReason {
        get async throws {
            owner.dismissalAwaited()
            return try await awaitValue { continuation in
                withLock { state in
                    if let reason = state.phase.dismissalReason { return .ready(reason) }
                    return .waiting(state.waiters.add(continuation))
                }
            } cancel: { id in
                self.withLock { $0.waiters.remove(id) }
            }
        }
    }

    /// `p3 LoginScreen (main)`.
    public var description: String { "\(id) \(screen.screenName)\(isMain ? " (main)" : "")" }

    // MARK: Reporting, for presenters

    /// Tells the runtime that this presentation left the surface by a way the runtime did
    /// not ask for: a user gesture, a pop, a replaced stack.
    ///
    /// Presenters call this once per presentation they remove on their own. The first
    /// report wins; later ones, and reports for a presentation the runtime is already
    /// dismissing, change nothing and return `false`. If this was its coordinator's main
    /// presentation, that coordinator ends as `dismissed(reason)` and its subtree is torn
    /// down.
    @discardableResult
    public func reportDismissal(_ reason: DismissalReason) -> Bool {
        // Claimed by its owner's teardown while it was being shown, it leaves as torn down,
        // and the presenting call learns that its flow ended.
        switch withLock({ $0.phase.report(reason) }) {
        case .reported:
            finishDismissal(reason)
            return true
        case .tornDown:
            finishDismissal(.tornDown)
            return false
        case .ignored:
            return false
        }
    }

    // MARK: Runtime side

    /// The presenter returned from `present`. The `presented` event (if anyone listens) is
    /// sent in the same critical section as the change of phase, so every dismissal — which
    /// needs this lock to begin — is reported after it, and so is the owner's end.
    ///
    /// Never inlined, nor is `finishDismissal`: keeps the async frames of their callers
    /// (`didPresent`, `performDismissal`) small (lifecycleEventsUnobserved, idleCoordinatorMemory).
    ///
    /// Once it is presented, its listener is told (`isPresented` changed).
    @inline(never)
    func markPresented() -> PresentationPhase.Presented {
        var listener: (any PresentationListener)?
        // The owner runs this under its lock.
        let result = owner.announcePresented(self) { announce in
            let result = state.phase.presented()
            if case .presented = result {
                announce()
                listener = state.listener
            }
            return result
        }
        listener?.presentationDidChange()
        return result
    }

    /// Whether it is made and not shown yet: its presenter's `present` (or a stack
    /// presenter's `replaceStack`) has not returned.
    var isBeingPresented: Bool {
        withLock { $0.phase.isBeingPresented }
    }

    /// The presenter failed to show it. Wakes anyone waiting, without reporting a dismissal
    /// (unless the presenter reported one first: that dismissal completes it).
    func markFailed() {
        var listener: (any PresentationListener)?
        let (waiters, replyWaiters) = withLock { state in
            guard state.phase.failed() else { return (Waiters<DismissalReason>.Taken(), Waiters<Reply>.Taken()) }
            listener = state.listener
            return (state.waiters.takeAll(), state.takeReplyWaiters())
        }
        listener?.presentationDidChange()
        for waiter in waiters { waiter.resume(returning: .tornDown) }
        for waiter in replyWaiters { waiter.resume(returning: .dismissed(.tornDown)) }
    }

    /// `flow.dismiss(_:)`: claims the dismissal, or throws if it is already leaving.
    func beginDismissal(_ reason: DismissalReason) throws(CoordinatorError) {
        switch withLock({ $0.phase.beginDismissal(reason) }) {
        case nil:
            return
        case .stillPresenting:
            throw CoordinatorError(
                .alreadyDismissed,
                "\(self) is still being presented. Await flow.present(_:on:) before dismissing what it returns.")
        case .alreadyLeft(let earlier):
            throw CoordinatorError(
                .alreadyDismissed,
                "\(self) was already dismissed (\(earlier)). Check presentation.isPresented, or await "
                    + "presentation.dismissal, instead of dismissing it twice.")
        }
    }

    /// Claims its dismissal for `reason`, as `beginDismissal` does, for a move that removes it
    /// with others in one presenter call (`Presenter.transition`). Returns `false`, changing
    /// nothing, if it is not on the surface now (still being shown, leaving, or gone): whoever
    /// made it so completes that. A claimed presentation is completed with
    /// `finishDismissal(reason)` once its presenter has removed it.
    func claimDismissal(_ reason: DismissalReason) -> Bool {
        withLock { $0.phase.beginDismissal(reason) == nil }
    }

    /// Asks the presenter to remove it, animated or not, then records the dismissal. Only
    /// the caller that moved it to dismissing for `reason` calls this.
    func performDismissal(_ reason: DismissalReason, animated: Bool = true) async {
        try? await presenter.dismiss(self, reason: reason, animated: animated)
        finishDismissal(reason)
    }

    /// Teardown of the owner: dismiss it if shown; if it is still being presented, let the
    /// presenting call dismiss it; then wait until it is gone.
    func tearDown() async {
        switch withLock({ $0.phase.tearDown() }) {
        case .dismiss: await performDismissal(.tornDown)
        case .wait: await waitUntilDismissed()
        case .done: return
        }
    }

    /// Waits until the presentation is gone. Not cancellable: teardown must not move on
    /// while the screen is still shown, even in a cancelled task.
    private func waitUntilDismissed() async {
        _ = try? await withUnsafeThrowingContinuation {
            (continuation: UnsafeContinuation<DismissalReason, any Error>) in
            let reason = withLock { state -> DismissalReason? in
                if let reason = state.phase.dismissalReason { return reason }
                _ = state.waiters.add(continuation)
                return nil
            }
            if let reason { continuation.resume(returning: reason) }
        }
    }

    /// Reports the dismissal, moves from dismissing to dismissed, tells the owner, and wakes
    /// the waiters — in that order. Only the caller that moved the presentation to
    /// dismissing for `reason` calls this, once: the phase stays `dismissing(reason)` until
    /// then (every other event leaves a dismissing presentation as it is), so the reason is
    /// not read again.
    ///
    /// - The event goes first, while the presentation is still dismissing and still among
    ///   its owner's: a teardown either finds it there and waits until it is dismissed, or
    ///   no longer finds it, after its event. So the owner's end event comes after it.
    /// - It is dismissed before the owner may end (its last main screen left): whoever sees
    ///   the owner ended sees it dismissed.
    /// - The waiters (`dismissal`, `Flow.ask`) are woken last, with the consequences (the
    ///   flow ending, `flow.presentations`) in place; its listener (the presenter it left,
    ///   whose waiters may read `dismissalReason`) just before them.
    @inline(never)
    func finishDismissal(_ reason: DismissalReason) {
        owner.announceDismissed(self, reason: reason)
        var listener: (any PresentationListener)?
        var waiters = Waiters<DismissalReason>.Taken()
        var replyWaiters = Waiters<Reply>.Taken()
        var detentWaiters = Waiters<SheetDetents.Detent>.Taken()
        // Released after the lock: the user's closure may hold the last reference to
        // objects whose deinit runs user code.
        var confirm: (@Sendable () async throws -> Bool)?
        // A form's step below this one, re-opened if a person popped this one (`Flow.form`).
        var reopened: ReopenedStep?
        // The owner runs this under its lock, and forgets the presentation in the same
        // critical section.
        owner.presentationLeft(self, reason: reason) {
            _ = state.phase.dismissalCompleted()
            reopened = state.leaveFormStep(reason)
            confirm = state.extras?.confirmation.confirm.take()
            listener = state.listener
            waiters = state.waiters.takeAll()
            replyWaiters = state.takeReplyWaiters()
            detentWaiters = state.extras?.detent?.waiters.takeAll() ?? Waiters.Taken()
        }
        listener?.presentationDidChange()
        reopened?.tell()
        for waiter in waiters { waiter.resume(returning: reason) }
        for waiter in replyWaiters { waiter.resume(returning: .dismissed(reason)) }
        for waiter in detentWaiters { waiter.resume(throwing: leftBeforeDetentChange(reason)) }
        _ = consume confirm
        _ = consume reopened
    }

    // MARK: Hashable

    /// Identity: equal only to itself.
    public static func == (lhs: Presentation, rhs: Presentation) -> Bool { lhs === rhs }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Collection<Presentation> {
    /// Reports each removed presentation, most recent first.
    func reportDismissals(_ reason: DismissalReason) {
        for presentation in reversed() {
            presentation.reportDismissal(reason)
        }
    }
}
