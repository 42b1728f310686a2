// Who is told when a presentation's public state changes: the headless presenter holding it.

/// Told after a presentation's public state changed — it was shown (`isPresented`),
/// answered (`isAnswered`), began to leave or left (`isPresented`, `dismissalReason`), its
/// confirmation was set (`confirmsUserDismissal`) — so that waiters whose conditions read
/// it re-check them (see `HeadlessStore.presentationDidChange()`).
///
/// Class-bound, so that a presentation keeps it as a `weak` reference in its locked state:
/// no allocation per presentation, where a closure would cost one.
protocol PresentationListener: AnyObject, Sendable {
    /// Called outside the presentation's lock, after the change; possibly on any thread.
    func presentationDidChange()
}

extension Presentation {
    /// From now on, tells `listener` of each change of this presentation's public state,
    /// in place of the listener it had: a headless presenter calls this when it receives the
    /// presentation (in the critical section that adds it to its state), so the presenter
    /// that actually holds it is told, whoever wraps it. The presenter stays its listener
    /// after the presentation has left it, so that a condition on a presentation that left
    /// (its `dismissalReason`) is re-checked too.
    ///
    /// Takes only this presentation's lock, so a presenter may call it inside its own
    /// critical section.
    func setListener(_ listener: any PresentationListener) {
        state.withLock { $0.listener = listener }
    }
}
