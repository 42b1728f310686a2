import Coordinators
import Testing

/// Embedding: a parent hosts its children's screens in a container of its own — the
/// headless `ContainerPresenter`, or a container type the user writes.
@Suite(.timeLimit(.minutes(1)))
struct EmbeddingTests {
    /// A mail app's split view: the parent shows the split view, each column's content is
    /// an embedded child.
    actor Mail: Coordinator {
        let flow = Flow<String>()
        let window = SlotPresenter(name: "window")
        let split: ContainerPresenter
        let journal: Journal<JournalEntry>
        init(journal: Journal<JournalEntry>) throws {
            self.journal = journal
            split = try ContainerPresenter(name: "split", slots: ["primary", "secondary"])
        }

        func start() async throws -> String {
            try await flow.present(TestScreen("split view"), on: window)
            try flow.start(Branch("mailboxes", on: try split.presenter(forSlot: "primary"), journal: journal))
            try flow.start(Branch("message 1", on: try split.presenter(forSlot: "secondary"), journal: journal))
            return try await flow.finished
        }

        func open(_ message: String) throws -> ChildFlow<String> {
            try flow.start(Branch(message, on: try split.presenter(forSlot: "secondary"), journal: journal))
        }

        func done() throws { try flow.finish(with: "done") }
    }

    @Test func childrenShowTheirScreensInTheParentsContainer() async throws {
        let journal = Journal()
        let mail = try Mail(journal: journal)
        async let outcome = CoordinatorTree().runForOutcome(mail)
        try await mail.split.waitUntil { $0.slots.allSatisfy { $0.presentation != nil } }
        #expect(mail.split.state.slots.map(\.name) == ["primary", "secondary"])
        #expect(mail.split.state.presentation(inSlot: "primary")?.screen.screenName == "mailboxes")
        let first = try #require(mail.split.state.presentation(inSlot: "secondary"))

        // Opening another message replaces the secondary column: its flow ends, the other stays.
        _ = try await mail.open("message 2")
        _ = try await first.dismissal
        #expect(first.dismissalReason == .replaced)
        #expect(mail.split.state.presentation(inSlot: "secondary")?.screen.screenName == "message 2")
        #expect(mail.split.state.presentation(inSlot: "primary")?.isPresented == true)

        try await mail.done()
        #expect(await outcome.output == "done")
        #expect(mail.split.state.slots.allSatisfy { $0.presentation == nil }, "embedded screens go with the parent")
        #expect(mail.window.presentation == nil)
        try await journal.waitUntil { $0.deinitialized.count == 3 }
    }

    @Test func twoSlotsWithOneNameThrowDuplicateSlot() {
        let error = #expect(throws: CoordinatorError.self) { try ContainerPresenter(slots: ["main", "side", "main"]) }
        #expect(error?.code == .duplicateSlot)
        #expect(error?.message.contains("\"main\"") == true)
    }

    @Test func aMissingSlotThrowsNoSuchSlot() throws {
        let split = try ContainerPresenter(slots: ["primary"])
        let error = #expect(throws: CoordinatorError.self) { try split.presenter(forSlot: "inspector") }
        #expect(error?.code == .noSuchSlot)
        #expect(error?.message.contains("primary") == true)
    }

    // MARK: A container type of the user's own

    /// BBCoordinators lets an app plug its own `UITabBarController` subclass; here a
    /// container of the app's own — a carousel of cards a person can swipe away — is a
    /// presenter written outside the package, honouring the same contract.
    final class CarouselPresenter: Presenter {
        private let cards = Mutex<[Presentation]>([])
        let changes = Journal()

        var titles: [String] { cards.withLock { $0.map(\.screen.screenName) } }

        func present(_ presentation: Presentation, animated: Bool) async throws {
            cards.withLock { $0.append(presentation) }
            changes.record(.presented(presentation.screen.screenName))
        }

        func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws {
            cards.withLock { $0.removeAll { $0 == presentation } }
            changes.record(.dismissed(presentation.screen.screenName, reason))
        }

        /// The app's swipe-away gesture on a card: asks first, then removes and reports it.
        func personSwipesAway(_ title: String) async -> Bool {
            guard let card = cards.withLock({ $0.first { $0.screen.screenName == title } }) else { return false }
            guard await card.confirmUserDismissal() else { return false }
            let removed = cards.withLock { cards in
                guard let index = cards.firstIndex(of: card) else { return false }
                cards.remove(at: index)
                return true
            }
            if removed { card.reportDismissal(.byUser) }
            return removed
        }
    }

    @Test func aCustomContainerEmbedsChildrenThroughTheSameContract() async throws {
        let carousel = CarouselPresenter()
        let window = SlotPresenter()
        let parent = Branch("feed", on: window)
        async let outcome = CoordinatorTree().runForOutcome(parent)
        try await window.waitUntil { $0.presentation != nil }
        let news = try parent.flow.start(Branch("news", on: carousel))
        let weather = try parent.flow.start(Branch("weather", on: carousel))
        try await carousel.changes.waitUntil { $0.contains(.presented("news")) && $0.contains(.presented("weather")) }

        let swiped = await carousel.personSwipesAway("weather")
        #expect(swiped)
        #expect(await weather.outcome.isDismissedByUser, "a swipe in a custom container ends the card's flow")
        #expect(news.state == .running)
        #expect(carousel.titles == ["news"])

        try await parent.done("done")
        _ = await outcome
        #expect(carousel.titles.isEmpty)
        #expect(carousel.changes.all.contains(.dismissed("news", .tornDown)))
    }
}
