import Coordinators
import CoordinatorsTesting
import Testing

/// A guard against hiding (`against: .endingOrHiding`): a move that would select another tab
/// over its flow, or cover it with a modal, asks it (cause `hiding`); a guard against ending
/// only, the default, is not asked.
@Suite(.timeLimit(.minutes(1)))
struct GuardHidingTests {
    enum BankRoute: Hashable, Sendable {
        case transfer
        case cards
        case help
    }

    /// The transfer in the first tab: shows its form, then asks "Send €50?" inside a guard.
    actor Transfer: Coordinator {
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        let against: GuardedAgainst
        let decision: GuardDecision
        let asks: Mutex<[FlowInterruption]>
        let guardUp = Gate()

        init(navigation: NavigationPresenter, against: GuardedAgainst, decision: GuardDecision) {
            (self.navigation, self.against, self.decision) = (navigation, against, decision)
            asks = Mutex([])
        }

        func start() async throws {
            try await flow.present(TestScreen("transfer"), on: navigation)
            let (asks, decision, guardUp) = (asks, decision, guardUp)
            try await flow.guarding(against: against) {
                guardUp.open()
                try await flow.finished  // the confirmation, answered by the test's end
            } whenInterrupted: { interruption in
                asks.withLock { $0.append(interruption) }
                return decision
            }
        }

        /// Shows a sheet of its own, over its own screen: its own move, which never asks.
        func showReceiptSheet(on modal: ModalPresenter) async throws {
            try await flow.present(TestScreen("receipt"), on: modal)
        }
    }

    /// A card list in the second tab.
    actor Cards: Coordinator {
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }
        func start() async throws {
            try await flow.present(TestScreen("cards"), on: navigation)
            try await flow.finished
        }
    }

    actor Bank: Routable {
        typealias Route = BankRoute
        let flow = Flow<Void>()
        let bar: TabPresenter
        let modal: ModalPresenter
        let transfer: Transfer
        let cards: Cards

        init(bar: TabPresenter, modal: ModalPresenter, against: GuardedAgainst, decision: GuardDecision) throws {
            (self.bar, self.modal) = (bar, modal)
            transfer = Transfer(navigation: try bar.stack(forTab: 0), against: against, decision: decision)
            cards = Cards(navigation: try bar.stack(forTab: 1))
        }

        func start() async throws {
            try startChild(transfer, for: .transfer)
            try startChild(cards, for: .cards)
            try await flow.finished
        }

        func destination(for route: BankRoute) -> Destination? {
            switch route {
            case .transfer: .tab(of: transfer, in: bar)
            case .cards: .tab(of: cards, in: bar)
            case .help: .screen(TestScreen("help"), on: modal)
            }
        }
    }

    struct Surfaces {
        let bar = TabPresenter(items: [
            TabItem(title: "Accounts", imageName: "list", content: .stack),
            TabItem(title: "Cards", imageName: "card", content: .stack),
        ])
        let modal = ModalPresenter()
        func makeBank(against: GuardedAgainst = .endingOrHiding, decision: GuardDecision) throws -> Bank {
            try Bank(bar: bar, modal: modal, against: against, decision: decision)
        }
    }

    @Test func aLinkToAnotherTabAsksAGuardAgainstHidingAndARefusalKeepsTheTab() async throws {
        let app = Surfaces()
        try await withFlowTest(of: try app.makeBank(decision: .refuse), atEnd: .cancelTree, presenters: [app.bar]) {
            test in
            let transfer = try await test.coordinator(Transfer.self)
            await transfer.guardUp.wait()
            let events = test.tree.events()

            let error = await #expect(throws: DeepLinkError.self) {
                try await test.tree.open(DeepLink(BankRoute.cards))
            }
            #expect(error?.code == .flowGuarded)
            #expect(error?.message.contains("would hide GuardHidingTests.Transfer") == true, "\(error?.message ?? "")")
            #expect(app.bar.state.selectedIndex == 0)
            let asked = transfer.asks.withLock { $0 }
            #expect(asked.map(\.cause) == [.hiding])
            #expect(asked.first?.description.contains("(hiding) would hide GuardHidingTests.Transfer") == true)
            #expect(transfer.flow.state == .running)
            // The refusal is an event of the guarded coordinator (sent before the move threw).
            for await event in events {
                guard case .interruptionRefused(let move, let timedOut) = event.kind else { continue }
                #expect(event.coordinator == transfer.flow.id)
                #expect(move == asked.first?.description)
                #expect(!timedOut)
                break
            }
        }
    }

    @Test func aGuardThatAllowsLetsTheLinkSelectTheOtherTab() async throws {
        let app = Surfaces()
        try await withFlowTest(of: try app.makeBank(decision: .allow), atEnd: .cancelTree, presenters: [app.bar]) {
            test in
            let transfer = try await test.coordinator(Transfer.self)
            await transfer.guardUp.wait()
            try await test.tree.open(DeepLink(BankRoute.cards))
            #expect(app.bar.state.selectedIndex == 1)
            #expect(transfer.asks.withLock { $0.count } == 1)
            #expect(transfer.flow.state == .running, "hidden, not ended")
        }
    }

    @Test func aGuardAgainstEndingOnlyIsNotAskedAboutHiding() async throws {
        let app = Surfaces()
        try await withFlowTest(
            of: try app.makeBank(against: .ending, decision: .refuse), atEnd: .cancelTree,
            presenters: [app.bar, app.modal]
        ) { test in
            let transfer = try await test.coordinator(Transfer.self)
            await transfer.guardUp.wait()
            try await test.tree.open(DeepLink(BankRoute.cards))
            try await test.root.go(.forward(to: .help))
            #expect(app.bar.state.selectedIndex == 1)
            #expect(app.modal.state.screenNames == ["help"])
            #expect(transfer.asks.withLock { $0.isEmpty })
        }
    }

    @Test func aModalShownOverTheFlowByAnAncestorAsksAndARefusalShowsNothing() async throws {
        let app = Surfaces()
        try await withFlowTest(
            of: try app.makeBank(decision: .refuse), atEnd: .cancelTree, presenters: [app.bar, app.modal]
        ) { test in
            let transfer = try await test.coordinator(Transfer.self)
            await transfer.guardUp.wait()
            let error = await #expect(throws: CoordinatorError.self) { try await test.root.go(.forward(to: .help)) }
            #expect(error?.code == .flowGuarded)
            #expect(app.modal.state.screenNames.isEmpty)
            #expect(transfer.asks.withLock { $0.map(\.cause) } == [.hiding])
        }
    }

    @Test func theGuardedFlowsOwnModalNeverAsksItsGuard() async throws {
        let app = Surfaces()
        try await withFlowTest(
            of: try app.makeBank(decision: .refuse), atEnd: .cancelTree, presenters: [app.bar, app.modal]
        ) { test in
            let transfer = try await test.coordinator(Transfer.self)
            await transfer.guardUp.wait()
            try await transfer.showReceiptSheet(on: app.modal)
            #expect(app.modal.state.screenNames == ["receipt"])
            #expect(transfer.asks.withLock { $0.isEmpty })
        }
    }
}
