import Coordinators
import CoordinatorsTesting
import Testing

/// A small banking app, written as a newcomer writes it from the guides: a root that signs in
/// and then runs a tab bar of routed tabs, awaiting the tab bar as a child; a payment guarded
/// while the bank answers; deep links into both.
@Suite(.timeLimit(.minutes(1)))
struct BankingAppTests {
    enum BankRoute: Hashable, Sendable, Codable { case tabs }
    enum TabsRoute: Hashable, Sendable, Codable { case accounts, transfers }
    enum AccountsRoute: Hashable, Sendable, Codable {
        case list
        case account(Int)
    }

    struct SignInScreen: Screen { typealias Answer = Bool }

    actor SignIn: Coordinator {
        let flow = Flow<Bool>()
        let modal: ModalPresenter
        init(modal: ModalPresenter) { self.modal = modal }
        func start() async throws -> Bool { try await flow.ask(SignInScreen(), on: modal) }
    }

    /// A tab's flow: a list, and an account over it.
    actor Accounts: Routable {
        typealias Route = AccountsRoute
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws {
            try await go(.forward(to: .list))
            try await flow.finished
        }

        func destination(for route: AccountsRoute) -> Destination? {
            switch route {
            case .list: .screen(TestScreen("accounts"), on: navigation)
            case .account(let id): .screen(TestScreen("account \(id)"), on: navigation)
            }
        }
    }

    /// The tab bar: two routed tabs, started with `startChild(_:for:)`. Signing out ends it.
    actor Tabs: Routable {
        typealias Route = TabsRoute
        let flow = Flow<Void>()
        let bar: TabPresenter
        let accounts: Accounts
        let transfers: Accounts

        init(bar: TabPresenter) throws {
            self.bar = bar
            accounts = Accounts(navigation: try bar.stack(forTab: 0))
            transfers = Accounts(navigation: try bar.stack(forTab: 1))
        }

        func start() async throws {
            try startChild(accounts, for: .accounts)
            try startChild(transfers, for: .transfers)
            try await flow.finished
        }

        func destination(for route: TabsRoute) -> Destination? {
            switch route {
            case .accounts: .tab(of: accounts, in: bar)
            case .transfers: .tab(of: transfers, in: bar)
            }
        }

        func signOut() throws { try flow.finish() }
    }

    /// The newcomer's root: signs in, then starts the tab bar for its route and awaits it;
    /// when the tab bar ends (a sign-out), signs in again. The sign-in holds links.
    actor Bank: Routable {
        typealias Route = BankRoute
        let flow = Flow<Void>()
        let modal: ModalPresenter
        let bar: TabPresenter
        private var tabs: Tabs?
        /// How `start()` awaits the tab bar.
        let awaitsOutcome: Bool

        init(modal: ModalPresenter, bar: TabPresenter, awaitsOutcome: Bool = true) {
            (self.modal, self.bar, self.awaitsOutcome) = (modal, bar, awaitsOutcome)
        }

        func start() async throws {
            while true {
                let signedIn = try await flow.holdingRoutes { try await flow.run(SignIn(modal: modal)) }
                guard signedIn else { return }
                let tabs = try Tabs(bar: bar)
                self.tabs = tabs
                let running = try startChild(tabs, for: .tabs)
                if awaitsOutcome { _ = await running.outcome } else { try await running.value }
                self.tabs = nil
            }
        }

        func destination(for route: BankRoute) -> Destination? {
            tabs.map { .focus($0) }
        }

        func signOut() async throws { try await tabs?.signOut() }
    }

    struct Surfaces {
        let modal = ModalPresenter()
        let bar = TabPresenter(items: [
            TabItem(title: "Accounts", imageName: "list", content: .stack),
            TabItem(title: "Transfers", imageName: "arrow", content: .stack),
        ])
        var all: [any HeadlessPresenter] { [modal, bar] }
        func stack(_ index: Int) throws -> NavigationPresenter { try bar.stack(forTab: index) }
    }

    @Test(arguments: [true, false])
    func aLinkLandsInATabOfARootThatAwaitsItsTabBar(awaitsOutcome: Bool) async throws {
        let app = Surfaces()
        try await withFlowTest(
            of: Bank(modal: app.modal, bar: app.bar, awaitsOutcome: awaitsOutcome), atEnd: .cancelTree,
            presenters: app.all
        ) { test in
            try await test.answer(SignInScreen.self, on: app.modal, with: true)
            _ = try await test.screen(TestScreen.self, on: try app.stack(1))
            try await test.tree.open(
                DeepLink(BankRoute.tabs, TabsRoute.transfers, AccountsRoute.list, AccountsRoute.account(7)))
            #expect(try app.stack(1).state.screenNames == ["accounts", "account 7"])
            #expect(app.bar.state.selectedIndex == 1)
        }
    }

    @Test func aLinkDuringTheSecondSignInWaitsAndLandsInTheNewTabs() async throws {
        let app = Surfaces()
        try await withFlowTest(of: Bank(modal: app.modal, bar: app.bar), atEnd: .cancelTree, presenters: app.all) {
            test in
            try await test.answer(SignInScreen.self, on: app.modal, with: true)
            _ = try await test.screen(TestScreen.self, on: try app.stack(1))
            try await test.root.signOut()
            _ = try await test.screen(SignInScreen.self, on: app.modal)

            let link = Task {
                try await test.tree.open(DeepLink(BankRoute.tabs, TabsRoute.transfers, AccountsRoute.account(3)))
            }
            try await test.expectEvents(["BankingAppTests.Bank #1 holds a link until it is ready"])
            try await test.answer(SignInScreen.self, on: app.modal, with: true)
            try await link.value
            #expect(try app.stack(1).state.screenNames == ["accounts", "account 3"])
            #expect(app.bar.state.selectedIndex == 1)
        }
    }
}
