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
