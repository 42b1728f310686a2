/// The coordinator that owns a presentation, as the presentation sees it.
///
/// The engine's node conforms (`Internal/Node+Presentations.swift`); nothing in
/// `Presenters/` names the engine.
///
/// The owner's lock guards the state of the presentations it owns, as it guards its own
/// (`withPresentationLock`): a presentation has no lock of its own, so it is one allocation,
/// and the change of phase that ends a dismissal is made in the same critical section as
/// the owner forgetting it.
///
/// A presentation tells its owner each change of phase the owner must announce or learn
/// about, and `Presentation` keeps their order:
///
/// 1. `announcePresented` — inside the critical section that marks it presented;
/// 2. `announceDismissed` — when it leaves, while it is still among its owner's;
/// 3. `presentationLeft` — the critical section that marks it dismissed: the owner forgets
///    it, and may end.
///
/// Every departure takes this one path, whoever asked for it: a person's gesture, another
/// coordinator's pop, or the owner itself (`flow.dismiss`, its teardown).
protocol PresentationOwner: AnyObject, Sendable {
    /// The owner's identifier in its tree.
    var id: CoordinatorID { get }

    /// The owner's type name, for messages.
    var coordinatorName: String { get }

    /// Runs `body` under the owner's lock, which guards the state of its presentations.
    /// `body` must not suspend, block, run user code, or take the owner's lock again.
    func withPresentationLock<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result

    /// Runs `criticalSection` — the one that marks `presentation` presented — under the
    /// owner's lock, handing it `announce`, which sends the `presented` event to whoever
    /// listens. Whatever the event needs that may run user code (the screen's name) is read
    /// before, outside it.
    func announcePresented(
        _ presentation: Presentation,
        in criticalSection: (_ announce: () -> Void) -> PresentationPhase.Presented
    ) -> PresentationPhase.Presented

    /// Runs `criticalSection` — the one that records a sheet's new detent — under the owner's
    /// lock, handing it `announce`, which sends the `detentChanged` event.
    func announceDetentChange<Result>(
        _ presentation: Presentation, to detent: SheetDetents.Detent,
        in criticalSection: (_ announce: () -> Void) -> Result
    ) -> Result

    /// `presentation` is leaving the surface for `reason`: sends its `dismissed` event.
    func announceDismissed(_ presentation: Presentation, reason: DismissalReason)

    /// `presentation` has left the surface for `reason` (its event is sent): runs
    /// `criticalSection` — the one that marks it dismissed — under the owner's lock, and
    /// forgets it in the same section. If it was the owner's last main presentation, the
    /// owner's flow then ends as dismissed.
    func presentationLeft(_ presentation: Presentation, reason: DismissalReason, in criticalSection: () -> Void)

    /// Someone awaits one of its presentations' dismissal (`Presentation.dismissal`): a wait on
    /// the runtime, which makes the owner ready for links (`Routing/`).
    func dismissalAwaited()
}
