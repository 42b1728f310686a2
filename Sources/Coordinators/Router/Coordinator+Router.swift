extension Coordinator {
    /// The handle this coordinator gives its screens: its flow events and its
    /// `ScreenAction`s, never the coordinator itself (see `Router`).
    ///
    /// ```swift
    /// func start() async throws -> String {
    ///     try await flow.present(EmailScreen(router: router), on: modal)   // router.perform(.submit(email))
    ///     return try await flow.finished
    /// }
    /// ```
    ///
    /// A coordinator that is not `Routable` has no routes: its router's `Route` is `Never`,
    /// and a `go` through it fails with `noRoute`. A small value, made on each read; every
    /// router of a coordinator queues on the same coordinator, in one order.
    public nonisolated var router: Router<Never, ScreenAction> {
        Router(actionsOf: self)
    }
}

extension Routable {
    /// The handle this coordinator gives its screens: its routes, its flow events and its
    /// `ScreenAction`s, never the coordinator itself (see `Router`).
    ///
    /// ```swift
    /// func destination(for route: Route) -> Destination? {
    ///     switch route {
    ///     case .list: .screen(MovieListScreen(router: router), on: navigation)
    ///     // …
    ///     }
    /// }
    /// ```
    ///
    /// A small value, made on each read; every router of a coordinator queues on the same
    /// coordinator, in one order.
    public nonisolated var router: Router<Route, ScreenAction> {
        Router(self)
    }
}
