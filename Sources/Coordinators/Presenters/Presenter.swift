/// Puts screens on a surface and tells the runtime when they leave it.
///
/// The runtime calls `present(_:animated:)` and `dismiss(_:reason:animated:)`; coordinators never call them
/// directly — they call `flow.present(_:on:)` and `flow.dismiss(_:)`, which record who owns
/// what. A presenter has one more duty: whenever a presentation leaves the surface by any
/// other way (a swipe back, a swipe down, a pop, a replaced stack), it calls
/// `presentation.reportDismissal(_:)`. That single call is what ends a coordinator whose
/// main screen went away, so nothing leaks after a gesture.
///
/// Write one for UIKit, SwiftUI, AppKit, a terminal or a server; the package ships headless
/// ones that keep their state as plain values: `SlotPresenter` (a window's root),
/// `NavigationPresenter`, `ModalPresenter`, `ModalNavigationPresenter`, the tabs of
/// `TabPresenter`, the slots of `ContainerPresenter`, and the columns of `SplitPresenter`.
/// Presenters need not be main-actor isolated; a UI presenter hops to the main actor
/// inside its methods.
///
/// Every call says whether to animate (`animated`): a coordinator can present or dismiss
/// without animation, and a restoration or a deep link of several steps animates only its
/// last visible change, as UIKit's `setViewControllers(_:animated:)` does. How a screen is
/// shown — a sheet, a full-screen cover, its detents — is in `presentation.options`; a
/// presenter that cannot honour an option says so in `check(_:)`, before anything is shown.
///
/// ```swift
/// final class TerminalPresenter: Presenter {
///     func present(_ presentation: Presentation, animated: Bool) async throws {
///         print("▶ \(presentation.screen.screenName)")
///     }
///     func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws {
///         print("◀ \(presentation.screen.screenName) (\(reason))")
///     }
/// }
/// ```
public protocol Presenter: AnyObject, Sendable {
    /// Shows `presentation` as its `options` say, animated or not, and returns once it is on
    /// the surface.
    ///
    /// Throwing means it was not shown; the error is rethrown to the coordinator that asked.
    /// Cancellation: the runtime checks for cancellation before calling; what happens if
    /// the task is cancelled during the call is up to the presenter (the headless ones
    /// finish synchronously).
    func present(_ presentation: Presentation, animated: Bool) async throws

    /// Removes `presentation` from the surface, animated or not, and returns once it is gone.
    ///
    /// Remove only this presentation. The runtime records `reason` on the presentation
    /// after this returns (whether or not it throws), so the presenter need not call
    /// `reportDismissal` for it. The runtime may call this from a cancelled task while it
    /// tears a coordinator down: remove the screen all the same. If the presentation is no
    /// longer on the surface, return without error.
    func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws

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
    /// one presentation calls `present(_:animated:)` instead. `animated` applies to the
    /// transition as a whole: one animation, or none.
    ///
    /// Throwing means the transition could not be made: the runtime then records `added` as
    /// never shown and removes each of `removed` with `dismiss(_:reason:animated:)`.
    ///
    /// The default does it in several calls: `dismiss(_:reason:animated:)` for each removed
    /// one, most recent first, then `present(_:animated:)` for each added one, only the last
    /// call animated (if `animated`); a `StackPresenter`'s default makes one
    /// `pop(to:animated:)`, `present(_:animated:)` or `replaceStack(with:animated:)` call. Implement it when the
    /// surface can do better (one `setViewControllers`, one modal dismissal of several
    /// layers), or to apply it atomically.
    ///
    /// Cancellation: as `present(_:animated:)` and `dismiss(_:reason:animated:)`: the runtime
    /// may call it from a cancelled task; carry it out all the same.
    func transition(removing removed: [Presentation], adding added: [Presentation], animated: Bool) async throws

    /// Checks that this presenter can show a screen as `options` say, before anything is
    /// shown: throw a `CoordinatorError` `unsupportedOptions` that names the option, or
    /// return to accept them (then honour them, or take the fallback your documentation
    /// states). The runtime calls it for every presentation it makes with options other than
    /// `.automatic` — `flow.present`, `flow.ask`, a route's screen, a link's, a restoration's —
    /// before it calls the presenter, and before anything of a move leaves the surface.
    /// `.automatic` asks for the presenter's own way, which it cannot refuse: no call is made.
    ///
    /// The default accepts every option: a presenter that ignores options shows every
    /// screen its own way.
    func check(_ options: PresentationOptions) throws(CoordinatorError)

    /// What the next `present` call would replace, if this presenter shows one thing at a
    /// time and replaces it as a whole (a window's root); `nil` otherwise (the default).
    ///
    /// The runtime reads it before presenting: when a coordinator replaces its own main
    /// presentation, the new one takes over the main role, so the coordinator goes on.
    /// A window-root presenter of your own returns what it shows.
    var presentationReplacedByNextPresent: Presentation? { get }

    /// Whether the next `present` call covers what the window shows, as a modal sheet or cover
    /// does; `false` otherwise (the default: a stack pushes within its own place, a tab within
    /// its tab). A route's move that shows a screen here (or with a modal style: a sheet, a
    /// form sheet, a full-screen cover, a popover) asks the guards against hiding
    /// (`GuardedAgainst.endingOrHiding`) of the flows outside the moving coordinator. A modal
    /// presenter of your own returns `true`; one that hosts a stack, while it shows nothing.
    var nextPresentCovers: Bool { get }
}

extension Presenter {
    /// One call per presentation: `dismiss(_:reason:animated:)` for each of `removed`, most
    /// recent first, then `present(_:animated:)` for each of `added`, in order; only the
    /// last call animates, if `animated`.
    ///
    /// Cancellation: as `dismiss(_:reason:animated:)` and `present(_:animated:)`.
    public func transition(
        removing removed: [Presentation], adding added: [Presentation], animated: Bool
    ) async throws {
        for (index, presentation) in removed.reversed().enumerated() {
            let last = added.isEmpty && index == removed.count - 1
            try await dismiss(presentation, reason: .byCoordinator, animated: animated && last)
        }
        for (index, presentation) in added.enumerated() {
            try await present(presentation, animated: animated && index == added.count - 1)
        }
    }

    /// Accepts every option.
    public func check(_ options: PresentationOptions) throws(CoordinatorError) {}

    /// `nil`: presenting adds to what is shown (a stack, a modal chain).
    public var presentationReplacedByNextPresent: Presentation? { nil }

    /// `false`: presenting shows within this presenter's own place.
    public var nextPresentCovers: Bool { false }
}
