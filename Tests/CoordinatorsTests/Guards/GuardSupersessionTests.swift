import Coordinators
import CoordinatorsTesting
import Testing

/// A guarded flow that a link started is not ended by the link that supersedes it without
/// its guard's answer: a guarded body makes its flow ready (the link that started it is done),
/// and a newer link whose plan would end it asks the guard.
@Suite(.timeLimit(.minutes(1)))
struct GuardSupersessionTests {
    enum ShopRoute: Hashable, Sendable { case cart, promo, checkout }
    enum CheckoutRoute: Hashable, Sendable { case review, pay }

    /// Pays: shows "processing", then waits for the bank (`bank`) inside a guard that answers
    /// `decision`, counting the asks. With `holdsRoutes`, it does so holding its routes: it is
    /// never ready while the bank answers.
    actor Payment: Coordinator {
        let flow = Flow<Int>()
        let navigation: NavigationPresenter
        let bank: Gate
        /// Opened once the guard is up.
        let guardUp: Gate
        let decision: GuardDecision
        let holdsRoutes: Bool
        let asks: Mutex<[FlowInterruption]>

        init(surfaces: Surfaces, decision: GuardDecision, holdsRoutes: Bool) {
            (navigation, bank, guardUp, asks) = (surfaces.navigation, surfaces.bank, surfaces.guardUp, surfaces.asks)
            (self.decision, self.holdsRoutes) = (decision, holdsRoutes)
        }

        func start() async throws -> Int {
            try await flow.present(TestScreen("processing"), on: navigation)
            let pay = { [flow, bank, guardUp, decision, asks] in
                try await flow.guarding {
                    guardUp.open()
                    // The bank answers, or the flow ends (a move the guard allowed).
                    await withTaskCancellationHandler {
                        await bank.wait()
                    } onCancel: {
                        bank.open()
                    }
                    return 42
                } whenInterrupted: { interruption in
                    asks.withLock { $0.append(interruption) }
                    return decision
                }
            }
            return holdsRoutes ? try await flow.holdingRoutes { try await pay() } : try await pay()
        }
    }

    actor Checkout: Routable {
        typealias Route = CheckoutRoute
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        let payment: @Sendable () -> Payment
        init(navigation: NavigationPresenter, payment: @escaping @Sendable () -> Payment) {
            (self.navigation, self.payment) = (navigation, payment)
        }

        func start() async throws {
            try await flow.present(TestScreen("address"), on: navigation)
            try await flow.finished
        }

        func destination(for route: CheckoutRoute) -> Destination? {
            switch route {
            case .review: .screen(TestScreen("review"), on: navigation)
            case .pay: .child(payment())
            }
        }
    }

    actor Shop: Routable {
        typealias Route = ShopRoute
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        let payment: @Sendable () -> Payment
        init(navigation: NavigationPresenter, payment: @escaping @Sendable () -> Payment) {
            (self.navigation, self.payment) = (navigation, payment)
        }

        func start() async throws {
            try await go(.forward(to: .cart))
            try await flow.finished
        }

        func destination(for route: ShopRoute) -> Destination? {
            switch route {
            case .cart: .screen(TestScreen("cart"), on: navigation)
            case .promo: .screen(TestScreen("promo"), on: navigation)
            case .checkout: .child(Checkout(navigation: navigation, payment: payment))
            }
        }

    }

    /// What a test reads of a shop, made before it.
    struct Surfaces {
        let navigation = NavigationPresenter()
        let bank = Gate()
        let guardUp = Gate()
        let asks = Mutex<[FlowInterruption]>([])
        func makeShop(decision: GuardDecision, holdsRoutes: Bool = false) -> Shop {
            Shop(navigation: navigation) { Payment(surfaces: self, decision: decision, holdsRoutes: holdsRoutes) }
        }
    }

    static let payLink = DeepLink(ShopRoute.cart, ShopRoute.checkout, CheckoutRoute.review, CheckoutRoute.pay)
    static let promoLink = DeepLink(ShopRoute.cart, ShopRoute.promo)

    @Test func aLinkedPaymentSurvivesASupersedingLinkWhoseGuardRefuses() async throws {
        let shop = Surfaces()
        try await withFlowTest(of: shop.makeShop(decision: .refuse), atEnd: .cancelTree, presenters: [shop.navigation])
        { test in
            _ = try await test.screen(TestScreen.self, on: shop.navigation) { $0.name == "cart" }
            let paying = Task { try await test.tree.open(Self.payLink) }
            await shop.guardUp.wait()
            let payment = try await test.coordinator(Payment.self)

            let error = await #expect(throws: DeepLinkError.self) { try await test.tree.open(Self.promoLink) }
            #expect(error?.code == .flowGuarded)
            // The first link ended when the payment began to wait (its guarded body): it was
            // done, not superseded.
            try await paying.value
            #expect(shop.navigation.state.screenNames == ["cart", "address", "review", "processing"])
            #expect(payment.flow.state == .running)
            #expect(shop.asks.withLock { $0.map(\.cause) } == [.deepLink])

            shop.bank.open()
        }
    }

    @Test func aLinkedPaymentWhoseGuardAllowsEndsForTheSupersedingLink() async throws {
        let shop = Surfaces()
        try await withFlowTest(of: shop.makeShop(decision: .allow), atEnd: .cancelTree, presenters: [shop.navigation]) {
            test in
            _ = try await test.screen(TestScreen.self, on: shop.navigation) { $0.name == "cart" }
            try await test.tree.open(Self.payLink)
            await shop.guardUp.wait()

            try await test.tree.open(Self.promoLink)
            #expect(shop.navigation.state.screenNames == ["cart", "promo"])
            #expect(shop.asks.withLock { $0.count } == 1)
            _ = try await test.ended(Payment.self)
            shop.bank.open()
        }
    }

    @Test func aHalfMadeGuardedChildStaysWhenItsLinkIsSupersededAndTheNextMoveAsksIt() async throws {
        let shop = Surfaces()
        try await withFlowTest(
            of: shop.makeShop(decision: .refuse, holdsRoutes: true), atEnd: .cancelTree, presenters: [shop.navigation]
        ) { test in
            _ = try await test.screen(TestScreen.self, on: shop.navigation) { $0.name == "cart" }
            let paying = Task { try await test.tree.open(Self.payLink) }
            await shop.guardUp.wait()
            let payment = try await test.coordinator(Payment.self)

            // The newer link stops the first, which leaves the guarded payment it started (it
            // cannot ask: it is cancelled); the newer link's own move asks, and is refused.
            let error = await #expect(throws: DeepLinkError.self) { try await test.tree.open(Self.promoLink) }
            #expect(error?.code == .flowGuarded)
            let superseded = await #expect(throws: DeepLinkError.self) { try await paying.value }
            #expect(superseded?.code == .superseded)
            #expect(shop.navigation.state.screenNames == ["cart", "address", "review", "processing"])
            #expect(payment.flow.state == .running)
            #expect(shop.asks.withLock { $0.map(\.cause) } == [.deepLink])

            shop.bank.open()
        }
    }
}
