/// Puts screens on a surface and tells the runtime when they leave it.
///
/// The runtime calls `present(_:)` and `dismiss(_:reason:)`; coordinators never call them
/// directly — they call `flow.present(_:on:)` and `flow.dismiss(_:)`, which record who owns
/// what. A presenter has one more duty: whenever a presentation leaves the surface by any
/// other way (a swipe back, a swipe down, a pop, a replaced stack), it calls
/// `presentation.reportDismissal(_:)`. That single call is what ends a coordinator whose
/// main screen went away, so nothing leaks after a gesture.
///
/// Write one for UIKit, SwiftUI, AppKit, a terminal or a server; the package ships headless
/// ones that keep their state as plain values: `SlotPresenter` (a window's root),
/// `NavigationPresenter`, `ModalPresenter`, `ModalNavigationPresenter`, the tabs of
/// `TabPresenter`, and the slots of `ContainerPresenter`.
/// Presenters need not be main-actor isolated; a UI presenter hops to the main actor
/// inside its methods.
///
/// ```swift
/// final class TerminalPresenter: Presenter {
///     func present(_ presentation: Presentation) async throws {
///         print("▶ \(presentation.screen.screenName)")
///     }
///     func dismiss(_ presentation: Presentation, reason: DismissalReason) async throws {
///         print("◀ \(presentation.screen.screenName) (\(reason))")
///     }
/// }
/// ```
public protocol Presenter: AnyObject, Sendable {
    /// Shows `presentation` and returns once it is on the surface.
    ///
    /// Throwing means it was not shown; the error is rethrown to the coordinator that asked.
    /// Cancellation: the runtime checks for cancellation before calling; what happens if
    /// the task is cancelled during the call is up to the presenter (the headless ones
    /// finish synchronously).
    func present(_ presentation: Presentation) async throws

    /// Removes `presentation` from the surface and returns once it is gone.
    ///
    /// Remove only this presentation. The runtime records `reason` on the presentation
    /// after this returns (whether or not it throws), so the presenter need not call
    /// `reportDismissal` for it. The runtime may call this from a cancelled task while it
    /// tears a coordinator down: remove the screen all the same. If the presentation is no
    /// longer on the surface, return without error.
    func dismiss(_ presentation: Presentation, reason: DismissalReason) async throws

    /// Carries out one planned move on this presenter as a single transition — one animation
    /// in a UI — and returns once it is on the surface: removes `removed`, then shows `added`
    /// over what remains, in order. The runtime calls it when a route change, a link's steps
    /// at one coordinator or a restoration touches this presenter, at most once per presenter
    /// and move: going back over several screens, a modal layer leaving whole, several screens
    /// of a link pushed at once.
    ///
    /// - `removed`: presentations of this presenter, oldest first. Remove them and nothing
    ///   else the runtime did not ask for — except what a surface cannot keep without them
    ///   (UIKit dismisses what is presented over a modal it dismisses: report those
    ///   `.byCoordinator` yourself, as `dismiss` would). As with `dismiss`, the runtime
    ///   records why each one left once this returns (`.byCoordinator` for the moving
    ///   coordinator's screens, `.tornDown` for those of the coordinators the move ends),
    ///   so the presenter need not report them.
    /// - `added`: new presentations made for this presenter, shown in this order over what
    ///   remains (pushed, presented one over another); the runtime marks them presented once
    ///   this returns.
    ///
    /// A presentation in `removed` may have left the surface already (a person's gesture
    /// raced the move) or not be on it yet (still being shown): skip it. A move that only adds
    /// one presentation calls `present(_:)` instead.
    ///
    /// Throwing means the transition could not be made: the runtime then records `added` as
    /// never shown and removes each of `removed` with `dismiss(_:reason:)`.
    ///
    /// The default does it in several calls: `dismiss(_:reason:)` for each removed one, most
    /// recent first, then `present(_:)` for each added one; a `StackPresenter`'s default
    /// makes one `pop(to:)`, `present(_:)` or `replaceStack(with:)` call. Implement it when the
    /// surface can do better (one `setViewControllers`, one modal dismissal of several
    /// layers), or to apply it atomically.
    ///
    /// Cancellation: as `present(_:)` and `dismiss(_:reason:)`: the runtime may call it from a
    /// cancelled task; carry it out all the same.
    func transition(removing removed: [Presentation], adding added: [Presentation]) async throws

    /// What the next `present` call would replace, if this presenter shows one thing at a
    /// time and replaces it as a whole (a window's root); `nil` otherwise (the default).
    ///
    /// The runtime reads it before presenting: when a coordinator replaces its own main
    /// presentation, the new one takes over the main role, so the coordinator goes on.
    /// A window-root presenter of your own returns what it shows.
    var presentationReplacedByNextPresent: Presentation? { get }
}

extension Presenter {
    /// One call per presentation: `dismiss(_:reason:)` for each of `removed`, most recent
    /// first, then `present(_:)` for each of `added`, in order.
    ///
    /// Cancellation: as `dismiss(_:reason:)` and `present(_:)`.
    public func transition(removing removed: [Presentation], adding added: [Presentation]) async throws {
        for presentation in removed.reversed() {
            try await dismiss(presentation, reason: .byCoordinator)
        }
        for presentation in added {
            try await present(presentation)
        }
    }

    /// `nil`: presenting adds to what is shown (a stack, a modal chain).
    public var presentationReplacedByNextPresent: Presentation? { nil }
}
