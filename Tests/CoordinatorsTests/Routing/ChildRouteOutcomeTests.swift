import Coordinators
import CoordinatorsTesting
import Testing

/// A `.child` route that reports: its parent gets the child's typed outcome for each of the
/// four endings, after the route has left, and the route stays a route meanwhile.
@Suite(.timeLimit(.minutes(1)))
struct ChildRouteOutcomeTests {
    struct PaymentDeclined: Error {}

    /// A checkout that shows one screen and ends as the test says.
    actor Checkout: Coordinator {
        let flow = Flow<Int>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws -> Int {
            try await flow.present(TestScreen("checkout"), on: navigation)
            return try await flow.finished
        }

        func pay(_ amount: Int) throws { try flow.finish(with: amount) }
        func decline() throws { try flow.finish(throwing: PaymentDeclined()) }
    }

    /// A shop whose checkout is a child route that reports to it.
    actor Shop: Routable {
        enum Route: Hashable, Sendable { case cart, checkout }
        /// What the shop heard: each outcome, with the routes it showed then.
        struct Report: Sendable {
            let outcome: FlowOutcome<Int>
            let routes: [Route]
        }

        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        let reports: AsyncStream<Report>.Continuation
        init(navigation: NavigationPresenter, reports: AsyncStream<Report>.Continuation) {
            self.navigation = navigation
            self.reports = reports
        }

        func start() async throws {
            try await go(.forward(to: .cart))
            try await flow.finished
        }

        func destination(for route: Route) -> Destination? {
            switch route {
            case .cart:
                .screen(TestScreen("cart"), on: navigation)
            case .checkout:
                .child(Checkout(navigation: navigation)) { outcome in await self.checkoutEnded(outcome) }
            }
        }

        private func checkoutEnded(_ outcome: FlowOutcome<Int>) {
            reports.yield(Report(outcome: outcome, routes: routes))
        }
    }

    /// Runs the shop with the checkout shown, runs `end` on it, and returns the first report.
    private func report(
        ending end: @escaping @Sendable (FlowTest<Shop>, Checkout, NavigationPresenter) async throws -> Void
    ) async throws -> Shop.Report? {
        let navigation = NavigationPresenter()
        let (reports, continuation) = AsyncStream.makeStream(of: Shop.Report.self)
        return try await withFlowTest(
            of: Shop(navigation: navigation, reports: continuation), atEnd: .cancelTree, presenters: [navigation]
        ) { test in
            _ = try await test.screen(TestScreen.self, on: navigation) { $0.name == "cart" }
            try await test.root.go(.forward(to: .checkout))
            let routes = try test.root.routes
            #expect(routes == [.cart, .checkout], "a route like any other while the child runs")
            try await end(test, try await test.coordinator(Checkout.self), navigation)
            var reported = reports.makeAsyncIterator()
            return await reported.next()
        }
    }

    @Test func aFinishedChildReportsItsOutput() async throws {
        let report = try await report { _, checkout, _ in try await checkout.pay(42) }
        guard case .finished(let amount) = report?.outcome else {
            Issue.record("reported \(String(describing: report?.outcome))")
            return
        }
        #expect(amount == 42)
        #expect(report?.routes == [.cart], "the route has left when the parent hears")
    }

    @Test func aFailedChildReportsItsError() async throws {
        let report = try await report { _, checkout, _ in try await checkout.decline() }
        guard case .failed(let error) = report?.outcome else {
            Issue.record("reported \(String(describing: report?.outcome))")
            return
        }
        #expect(error is PaymentDeclined)
    }

    @Test func goingBackPastTheRouteReportsTheChildCancelled() async throws {
        let report = try await report { test, _, _ in try await test.root.go(.backOne) }
        guard case .cancelled = report?.outcome else {
            Issue.record("reported \(String(describing: report?.outcome))")
            return
        }
        #expect(report?.routes == [.cart])
    }

    @Test func aSwipeBackReportsTheChildDismissedByThePerson() async throws {
        let report = try await report { test, _, navigation in try await test.swipeBack(on: navigation) }
        guard case .dismissed(.byUser) = report?.outcome else {
            Issue.record("reported \(String(describing: report?.outcome))")
            return
        }
        #expect(report?.routes == [.cart])
    }

    @Test func aChildALinkStartsReportsToo() async throws {
        let navigation = NavigationPresenter()
        let (reports, continuation) = AsyncStream.makeStream(of: Shop.Report.self)
        let outcome = try await withFlowTest(
            of: Shop(navigation: navigation, reports: continuation), atEnd: .cancelTree, presenters: [navigation]
        ) { test in
            try await test.tree.open(DeepLink(Shop.Route.cart, Shop.Route.checkout))
            try await test.coordinator(Checkout.self).pay(7)
            var reported = reports.makeAsyncIterator()
            return await reported.next()?.outcome
        }
        #expect(outcome?.output == 7)
    }

    @Test func aChildThatEndsWithItsParentIsNotReported() async throws {
        let navigation = NavigationPresenter()
        let (reports, continuation) = AsyncStream.makeStream(of: Shop.Report.self)
        try await withFlowTest(
            of: Shop(navigation: navigation, reports: continuation), atEnd: .cancelTree, presenters: [navigation]
        ) { test in
            _ = try await test.screen(TestScreen.self, on: navigation) { $0.name == "cart" }
            try await test.root.go(.forward(to: .checkout))
            _ = try await test.coordinator(Checkout.self)
        }
        // The tree has ended, its teardown complete: a report would have come before.
        continuation.finish()
        var reported = reports.makeAsyncIterator()
        #expect(await reported.next() == nil)
    }
}
