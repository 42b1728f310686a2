import Coordinators

/// How screens and flows talk back: a cart's button through its router, a checkout form a
/// person goes back through, a guarded payment that refuses a deep link, and the checkout
/// reporting its outcome to the shop.
enum CheckoutDemo {
    static func run() async throws {
        print("\n== Talking back: a router, a form that goes back, a guarded payment, a child route that reports ==")
        let navigation = NavigationPresenter()
        let tree = CoordinatorTree()
        var person = SimulatedPerson(navigation: navigation, modal: ModalPresenter(), tree: tree)
        let gateway = PaymentGateway()
        let shop = ShopCoordinator(navigation: navigation, gateway: gateway)
        async let outcome = tree.runForOutcome(shop)
        try await person.checkOut(in: shop, tree: tree, paying: gateway)
        tree.cancel()
        print("  → the shop ended: \(await outcome); navigation \(navigation.state.screenNames)")
    }
}

extension SimulatedPerson {
    /// Taps "Checkout", fills the form with a step back, lets a link arrive while the bank
    /// answers, then lets the bank answer.
    mutating func checkOut(in shop: ShopCoordinator, tree: CoordinatorTree, paying gateway: PaymentGateway)
        async throws
    {
        step("The shop shows its cart; tap “Checkout”: its router asks for the checkout route")
        await printEvents { $0.kind.presents("CartScreen") }
        guard let cart = navigation.state.top?.screen as? CartScreen else {
            throw DemoError.unexpectedScreen(navigation.state.top)
        }
        cart.router.go(.forward(to: .checkout))  // returns at once, as a button's action does

        step("The checkout form asks for an address, then a card; swipe back from the card")
        await printEvents { $0.kind.presents("AddressScreen") }
        try navigation.state.top?.answer("1 Main St")
        await printEvents { $0.kind.presents("CardScreen") }
        let address = navigation.state.stack[1]
        try await navigation.userPop()
        await printEvents { $0.kind.dismisses("CardScreen") }
        print("  → back on the same address step: \(navigation.state.top === address); \(navigation.state.screenNames)")

        step("Change the address, then give the card: the card step is pushed anew")
        try navigation.state.top?.answer("2 Elm St")
        await printEvents { $0.kind.presents("CardScreen") }
        try navigation.state.top?.answer("Visa 4242")
        await printEvents { $0.kind.presents("PaymentScreen") }
        await gateway.waitUntilCharging()
        print("  → paying: \(navigation.state.screenNames)")

        step("A deep link to the cart arrives while the bank answers: the payment's guard refuses it")
        let revision = navigation.state.revision
        do {
            try await tree.open(DeepLink(ShopRoute.cart))
        } catch let error as DeepLinkError {
            print("  → the link failed: DeepLinkError code .\(error.code)")
        }
        await printEvents { if case .interruptionRefused = $0.kind { true } else { false } }
        print("  → navigation unchanged: \(navigation.state.revision == revision); \(navigation.state.screenNames)")

        step("The bank answers: the checkout finishes and reports to the shop")
        await gateway.settle()
        await printEvents { $0.coordinatorType == "CheckoutCoordinator" && $0.kind.isEnd }
        print("  → the shop heard: \(await shop.checkoutOutcome()); navigation \(navigation.state.screenNames)")
    }
}
