/// A coordinator: an actor that runs one flow of screens and sub-flows and produces an
/// `Output`.
///
/// Its lifetime is one call to `start()`, run by the runtime as a task in the tree of its
/// parent. Two styles are first class:
///
/// *Script style* — `start()` reads top to bottom and returns the result:
///
/// ```swift
/// actor SignUpCoordinator: Coordinator {
///     let flow = Flow<Account>()
///     let navigation: NavigationPresenter
///
///     func start() async throws -> Account {
///         let email = try await flow.run(EmailCoordinator(navigation: navigation))
///         let accepted = try await flow.run(TermsCoordinator(navigation: navigation))
///         return Account(email: email, acceptedTerms: accepted)
///     }
/// }
/// ```
///
/// *Event style* — `start()` shows the main screen and awaits `flow.finished`; the
/// screen asks for the coordinator's `ScreenAction`s through its `router`, and `perform(_:)`
/// starts children and eventually calls `flow.finish(with:)`:
///
/// ```swift
/// actor LoginCoordinator: Coordinator {
///     enum ScreenAction: Sendable { case loggedIn(User) }
///     let flow = Flow<User>()
///     let navigation: NavigationPresenter
///
///     func start() async throws -> User {
///         try await flow.present(LoginScreen(router: router), on: navigation)
///         return try await flow.finished
///     }
///
///     func perform(_ action: ScreenAction) async throws {
///         guard case .loggedIn(let user) = action else { return }
///         try flow.finish(with: user)
///     }
/// }
/// ```
///
/// Run a coordinator with `CoordinatorTree.run(_:)` (the root) or `flow.run(_:timeout:)` /
/// `flow.start(_:)` (a child). An instance runs once.
public protocol Coordinator: Actor {
    /// What the flow produces for its parent. Use `Void` for flows without a result.
    associatedtype Output: Sendable

    /// This coordinator's handle into the runtime. Declare it as
    /// `let flow = Flow<Output>()`; each coordinator instance needs its own.
    nonisolated var flow: Flow<Output> { get }

    /// Runs the flow and returns its output.
    ///
    /// The runtime calls this once. When it returns or throws — or the coordinator calls
    /// `flow.finish`, is cancelled, or its main presentation is dismissed — the runtime
    /// cancels and awaits its children, dismisses its remaining presentations, and
    /// reports the outcome to the parent.
    ///
    /// Cancellation: the task running `start()` is cancelled when the flow ends for any
    /// reason other than `start()` returning. Every runtime call it awaits then throws
    /// `CancellationError` promptly; throw it on, or return, and the runtime records the
    /// real outcome.
    func start() async throws -> Output

    /// What this coordinator's screens may ask of it, through its `router` (usually an enum:
    /// `.logIn`, `.submit(email)`), beyond the routes of a `Routable` one. `Never`, the
    /// default, offers nothing.
    associatedtype ScreenAction: Sendable = Never

    /// Carries out `action`, which one of its screens asked for through its `router`
    /// (`router.perform(_:)`): the one way a screen reaches this coordinator's methods.
    ///
    /// The runtime calls it in the coordinator's own task tree, one request of its router at a
    /// time, in the order they were sent; what it throws is what the request's `value`
    /// throws (and a `screenRequestFailed` lifecycle event). It may run a child flow
    /// (`try await flow.run(...)`): the router's next requests wait until it returns.
    ///
    /// This coordinator's teardown waits for the request it carries out. So it must not await
    /// an ancestor's method that ends this coordinator and waits for that end (a `go(.back…)`
    /// past it): tell the ancestor with a flow event (`flow.send`), whose handler runs in the
    /// ancestor's own tasks, or through the ancestor's router.
    ///
    /// Cancellation: it is cancelled when this coordinator ends; the task awaiting the request
    /// does not cancel it.
    func perform(_ action: ScreenAction) async throws
}

extension Coordinator where ScreenAction == Never {
    /// Nothing to do: a coordinator whose screens ask for nothing (or only for routes) is
    /// never asked.
    public func perform(_ action: Never) async throws {}
}
