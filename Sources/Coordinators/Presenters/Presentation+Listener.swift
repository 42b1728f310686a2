// Who is told when a presentation's public state changes: the headless presenter holding it.

/// Told after a presentation's public state changed — it was shown (`isPresented`),
/// answered (`isAnswered`), left or failed to show (`dismissalReason`, `isPresented`), its
/// confirmation was set (`confirmsUserDismissal`) — so that waiters whose conditions read
/// it re-check them (see `HeadlessStore.presentationDidChange()`).
///
/// Not told when its coordinator begins to dismiss it (`isPresented` turns false while
/// the presenter takes it off): the presenter's own change (the removal) or the end of the
/// dismissal (`dismissalReason`) follows and re-checks the waiters; one more call on every
/// dismissal, a hot path, would buy only an earlier wake-up during a dismissal's animation.
///
/// The headless presenters are listeners, not their generic stores: a call through a
/// protocol into a generic class runs unspecialized code, which instantiates type metadata
/// (presentDismiss). Class-bound, so that a presentation keeps one in its locked state with
/// no allocation, where a closure would cost one. It keeps it strongly, as it keeps
/// `presenter`: a `weak` reference would allocate a side table for every presenter. This
/// makes no cycle that was not there:
/// while a presenter's state holds a presentation, that presentation already holds its
/// presenter (directly, or through the presenter of yours that wraps it).
protocol PresentationListener: AnyObject, Sendable {
    /// Called outside the owner's lock, after the change; possibly on any thread.
    func presentationDidChange()
}

extension Presentation {
    /// From now on, tells `listener` of each change of this presentation's public state,
    /// in place of the listener it had: a headless presenter calls this with itself when it
    /// receives the presentation (in the critical section that adds it to its state), so
    /// the presenter that actually holds it is told, whoever wraps it. The presenter stays its listener
    /// after the presentation has left it, so that a condition on a presentation that left
    /// (its `dismissalReason`) is re-checked too.
    ///
    /// Takes only its owner's lock (which guards the presentation's state), so a presenter
    /// may call it inside its own critical section.
    func setListener(_ listener: any PresentationListener) {
        // The listener it replaces is released after the lock, which its deinit may need.
        var replaced: (any PresentationListener)? = listener
        withLock { swap(&$0.listener, &replaced) }
    }
}
