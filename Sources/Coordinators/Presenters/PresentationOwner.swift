/// The coordinator that owns a presentation, as the presentation sees it.
///
/// The engine's node conforms (`Internal/Node+Presentations.swift`); nothing in
/// `Presenters/` names the engine. A presentation tells its owner each change of phase the
/// owner must announce or learn about, and `Presentation` keeps their order:
///
/// 1. `announcePresented` — inside the critical section that marks it presented;
/// 2. `announceDismissed` — when it leaves, while it is still among its owner's;
/// 3. `presentationLeft` — once it is dismissed: the owner forgets it, and may end.
///
/// Every departure takes this one path, whoever asked for it: a person's gesture, another
/// coordinator's pop, or the owner itself (`flow.dismiss`, its teardown).
protocol PresentationOwner: AnyObject, Sendable {
    /// The owner's identifier in its tree.
    var id: CoordinatorID { get }

    /// The owner's type name, for messages.
    var coordinatorName: String { get }

    /// Runs `criticalSection` — the one that marks `presentation` presented — handing it
    /// `announce`, which sends the `presented` event to whoever listens. Whatever the event
    /// needs that may run user code (the screen's name) is read before, outside it.
    func announcePresented(
        _ presentation: Presentation,
        in criticalSection: (_ announce: () -> Void) -> PresentationPhase.Presented
    ) -> PresentationPhase.Presented

    /// `presentation` is leaving the surface for `reason`: sends its `dismissed` event.
    func announceDismissed(_ presentation: Presentation, reason: DismissalReason)

    /// `presentation` has left the surface for `reason` (its event is sent): forget it. If it
    /// was the owner's last main presentation, the owner's flow ends as dismissed.
    func presentationLeft(_ presentation: Presentation, reason: DismissalReason)
}
