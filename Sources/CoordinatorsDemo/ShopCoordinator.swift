import Coordinators

// The cinema's shop: a cart, and a checkout that is a child route reporting to the shop how it
// ended. The checkout asks its steps as a form a person can go back through, then pays with
// its flow guarded, so that a deep link arriving while the bank answers cannot tear it down.
//
//   ShopCoordinator   cart → checkout (starts CheckoutCoordinator, which reports its outcome)

enum ShopRoute: Hashable, Sendable, Codable {
    case cart
    case checkout
}

/// The cart; its "Checkout" button goes to the checkout route.
struct CartScreen: Screen { let router: Router<ShopRoute, Never> }

/// The checkout form's first step: where to send the tickets. Shows the last address given
/// there, if any.
struct AddressScreen: Screen {
    typealias Answer = String
    let lastAddress: String?
}

/// The checkout form's second step: the card to pay with.
struct CardScreen: Screen {
    typealias Answer = String
    let address: String
}

/// "Paying…", while the bank answers.
struct PaymentScreen: Screen {}

/// The bank, as the shop sees it: a charge waits until the bank answers (the demo's person
/// plays the bank, with `settle()`).
actor PaymentGateway {
    private var charging = false
    private var settled = false
    private var chargingWaiters: [CheckedContinuation<Void, Never>] = []
    private var settleWaiter: CheckedContinuation<Void, Never>?

    /// Charges the card; returns once the bank has answered.
    func charge() async {
        charging = true
        for waiter in chargingWaiters { waiter.resume() }
        chargingWaiters = []
        if settled { return }
        await withCheckedContinuation { settleWaiter = $0 }
    }

    /// Returns once a charge is under way.
    func waitUntilCharging() async {
        if charging { return }
        await withCheckedContinuation { chargingWaiters.append($0) }
    }

    /// The bank answers: the charge under way (or the next) succeeds.
    func settle() {
        settled = true
        settleWaiter?.resume()
        settleWaiter = nil
    }
}

actor ShopCoordinator: Routable {
    let flow = Flow<Void>()
    let navigation: NavigationPresenter
    let gateway: PaymentGateway
    /// How the last checkout ended, as it reported it, and who waits to hear it.
    private var lastCheckout: String?
    private var checkoutWaiters: [CheckedContinuation<String, Never>] = []

    init(navigation: NavigationPresenter, gateway: PaymentGateway) {
        self.navigation = navigation
        self.gateway = gateway
    }

    func start() async throws {
        try await go(.forward(to: .cart))
        try await flow.finished
    }

    /// The checkout is a route like any other (going back past it ends it, a link keeps or
    /// removes it), and it tells the shop how it ended.
    func destination(for route: ShopRoute) -> Destination? {
        switch route {
        case .cart:
            .screen(CartScreen(router: router), on: navigation)
        case .checkout:
            .child(CheckoutCoordinator(navigation: navigation, gateway: gateway)) { outcome in
                await self.checkoutEnded(outcome)
            }
        }
    }

    private func checkoutEnded(_ outcome: FlowOutcome<String>) {
        lastCheckout = "\(outcome)"
        for waiter in checkoutWaiters { waiter.resume(returning: "\(outcome)") }
        checkoutWaiters = []
    }

    /// How the last checkout ended, once one has.
    func checkoutOutcome() async -> String {
        if let lastCheckout { return lastCheckout }
        return await withCheckedContinuation { checkoutWaiters.append($0) }
    }
}

/// Asks for an address and a card (a form: a swipe back returns to the address), then pays,
/// guarded: nothing but the person or a logout interrupts a payment under way.
actor CheckoutCoordinator: Coordinator {
    let flow = Flow<String>()
    let navigation: NavigationPresenter
    let gateway: PaymentGateway

    init(navigation: NavigationPresenter, gateway: PaymentGateway) {
        self.navigation = navigation
        self.gateway = gateway
    }

    func start() async throws -> String {
        let (address, card) = try await flow.form(on: navigation) { form in
            let address = try await form.ask { lastAddress in AddressScreen(lastAddress: lastAddress) }
            let card = try await form.ask(CardScreen(address: address))
            return (address, card)
        }
        try await flow.present(PaymentScreen(), on: navigation)
        try await flow.guarding {
            await gateway.charge()
        } whenInterrupted: { _ in
            .refuse  // a payment under way is never torn down by a link or a restoration
        }
        return "tickets to \(address), paid with \(card)"
    }
}
