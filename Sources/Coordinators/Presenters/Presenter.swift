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
/// ones that keep their state as plain values: `InitialPresenter` (`SlotPresenter`),
/// `NavigationPresenter`, `ModalPresenter`, `ModalNavigationPresenter`, the tabs of
/// `TabPresenter` and `TabNavigationPresenter`, and the slots of `ContainerPresenter`.
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

    /// What the next `present` call would replace, if this presenter shows one thing at a
    /// time and replaces it as a whole (a window's root); `nil` otherwise (the default).
    ///
    /// The runtime reads it before presenting: when a coordinator replaces its own main
    /// presentation, the new one takes over the main role, so the coordinator goes on.
    /// A window-root presenter of your own returns what it shows.
    var presentationReplacedByNextPresent: Presentation? { get }
}

extension Presenter {
    /// `nil`: presenting adds to what is shown (a stack, a modal chain).
    public var presentationReplacedByNextPresent: Presentation? { nil }
}
