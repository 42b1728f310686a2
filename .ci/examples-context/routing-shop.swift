// Wraps members of Guides/Routing.md's shop, a coordinator whose checkout is a child route
// that reports: its routes, its screens and its checkout are here.
private enum ShopRoute: Hashable, Sendable { case cart, checkout }
private struct CartScreen: Screen {}
private struct Receipt: Sendable {}

private actor CheckoutCoordinator: Coordinator {
    let flow = Flow<Receipt>()
    let navigation: NavigationPresenter
    init(navigation: NavigationPresenter) { self.navigation = navigation }
    func start() async throws -> Receipt { Receipt() }
}

private actor Shop: Routable {
    let flow = Flow<Void>()
    let navigation = NavigationPresenter()
    var receipts: [Receipt] = []
    var lastError: (any Error)?

    func start() async throws {
        try await go(.forward(to: .cart))
        try await flow.finished
    }

    // EXAMPLE
}
