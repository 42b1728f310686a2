/// What a route shows: a plain value, returned by `Routable.destination(for:)` and carried
/// out by the runtime.
///
/// Being a value, it can be checked in a test without running a presenter:
///
/// ```swift
/// let destination = try await movies.destination(for: .movie(id: 7))
/// #expect(destination?.screen is MovieScreen)
/// ```
public struct Destination: Sendable, CustomStringConvertible {
    enum Action: Sendable {
        case screen(any Screen, on: any Presenter, options: PresentationOptions)
        case child(any Coordinator, onEnd: Node.EndHandler?)
        case focus(any Coordinator, tabs: (any TabBarPresenter)?)
    }

    let action: Action

    /// Shows `screen` on `presenter`, owned by the coordinator, as one of its routes. A link
    /// goes on with this coordinator's next route.
    ///
    /// The coordinator's first screen is its main one, as with `flow.present`. `options` say
    /// how it is shown (a sheet, its detents; see `PresentationOptions`), checked with its
    /// presenter before anything of the move leaves the surface.
    public static func screen(
        _ screen: some Screen, on presenter: some Presenter, options: PresentationOptions = .automatic
    ) -> Destination {
        Destination(action: .screen(screen, on: presenter, options: options))
    }

    /// Starts `child` as a child of the coordinator (as `flow.start` does), as one of its
    /// routes: going back past the route ends the child. A link goes on into the child once
    /// it is set up (it awaits `flow.finished`, an answer or a child of its own); the child
    /// must be `Routable` to take more of a link.
    public static func child(_ child: some Coordinator) -> Destination {
        Destination(action: .child(child, onEnd: nil))
    }

    /// Starts `child` for the route, as `child(_:)` does, and hands its outcome to `onEnd`
    /// once it has ended and been torn down — however it ended: it finished (`.finished`
    /// with its output), failed, was cancelled (going back past the route, a link's move
    /// that removed it, `ChildFlow.cancel()`) or was dismissed (a person swiped its main
    /// screen away). The route stays a route like any other meanwhile: `routes`, going back,
    /// links and restoration see it.
    ///
    /// ```swift
    /// case .checkout(let cart):
    ///     .child(CheckoutCoordinator(cart: cart, navigation: navigation)) { outcome in
    ///         await self.checkoutEnded(outcome)    // FlowOutcome<Receipt>
    ///     }
    /// ```
    ///
    /// `onEnd` runs once, in a task of this coordinator (a child task of its tree, as a
    /// child it starts from an actor method is), after the route has left `routes`. It runs
    /// only while this coordinator runs: a child that ends because this coordinator ends is
    /// not reported, since nobody is left to act on it.
    ///
    /// Cancellation: `onEnd`'s task is cancelled when this coordinator ends; what it awaits
    /// then sees the cancellation.
    public static func child<Child: Coordinator>(
        _ child: Child, onEnd: @escaping @Sendable (FlowOutcome<Child.Output>) async -> Void
    ) -> Destination {
        Destination(action: .child(child, onEnd: { cause in await onEnd(FlowOutcome(cause)) }))
    }

    /// Goes on into `child`, a child this coordinator runs already (a tab's flow), as one of
    /// its routes. Going back never ends it. Focusing a coordinator that is not a child of
    /// this one is a `CoordinatorError` `notOwner`.
    public static func focus(_ child: some Coordinator) -> Destination {
        Destination(action: .focus(child, tabs: nil))
    }

    /// Selects the tab of `tabs` that shows `child`'s screens, then goes on into `child` as
    /// `focus(_:)` does.
    public static func tab(of child: some Coordinator, in tabs: some TabBarPresenter) -> Destination {
        Destination(action: .focus(child, tabs: tabs))
    }

    /// The screen it shows, if it shows one.
    public var screen: (any Screen)? {
        if case .screen(let screen, _, _) = action { return screen }
        return nil
    }

    /// The child coordinator it starts or focuses, if any.
    public var coordinator: (any Coordinator)? {
        switch action {
        case .screen: nil
        case .child(let child, _), .focus(let child, _): child
        }
    }

    /// `screen MovieScreen on NavigationPresenter`, `child ReviewsCoordinator`,
    /// `focus SearchCoordinator`, `tab of SearchCoordinator in TabPresenter`.
    public var description: String {
        switch action {
        case .screen(let screen, let presenter, _): "screen \(screen.screenName) on \(type(of: presenter))"
        case .child(let child, _): "child \(type(of: child))"
        case .focus(let child, nil): "focus \(type(of: child))"
        case .focus(let child, let tabs?): "tab of \(type(of: child)) in \(type(of: tabs))"
        }
    }
}
