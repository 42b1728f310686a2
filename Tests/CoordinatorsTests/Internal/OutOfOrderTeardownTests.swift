import Testing

@testable import Coordinators

/// Cancelling a parent whose older children finish their teardown last (their presenter
/// holds their dismissals until the younger ones' are done): the younger children wait for
/// their turn to leave the parent's task group (see `HostedChildren`); everyone still ends
/// once, before the parent, and is released. The group is the parent's hosting loop's,
/// whether they are handed over while its `start()` runs or while it waits in
/// `flow.finished`.
@Suite(.timeLimit(.minutes(1)))
struct OutOfOrderTeardownTests {
    /// Holds the dismissal of screens `c0` ..< `c<held>` until the others have been dismissed.
    private final class HoldingPresenter: Presenter {
        let held: Int
        let younger: Int
        let journal: Journal<JournalEntry>
        private let gate = Gate()
        private let youngerDismissed = Mutex(0)

        init(held: Int, younger: Int, journal: Journal<JournalEntry>) {
            self.held = held
            self.younger = younger
            self.journal = journal
        }

        func present(_ presentation: Presentation, animated: Bool) async throws {
            journal.record(.presented(presentation.screen.screenName))
        }

        func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws {
            let name = presentation.screen.screenName
            if let index = Int(name.dropFirst()), name.hasPrefix("c") {
                if index < held {
                    await gate.wait()
                } else {
                    let dismissed = youngerDismissed.withLock { count in
                        count += 1
                        return count
                    }
                    if dismissed == younger { gate.open() }
                }
            }
            journal.record(.dismissed(name, reason))
        }
    }

    @Test(arguments: [false, true])
    func childrenWhoseTeardownsFinishInReverseHalvesAllEndOnceBeforeTheirParentAndAreReleased(
        handedOverWhileWaiting: Bool
    ) async throws {
        let count = 200
        let journal = Journal()
        let presenter = HoldingPresenter(held: count / 2, younger: count - count / 2, journal: journal)
        let tree = CoordinatorTree()
        let events = tree.events()
        let weak: [Weak<Branch>]
        do {
            let children = (0..<count).map { Branch("c\($0)", on: presenter, journal: journal) }
            let root = Branch(
                "root", on: presenter, children: handedOverWhileWaiting ? [] : children, journal: journal)
            weak = ([root] + children).map(Weak.init)
            async let outcome = tree.runForOutcome(root)
            async let log = collect(events)
            if handedOverWhileWaiting {
                // It accepts routes in the critical section in which `start()` begins to wait.
                try await root.flow.node.waitUntilAcceptingRoutes()
                try await root.start(children)
                #expect(root.flow.node.hasLoop)
            }
            try await waitForScreens(count + 1, journal: journal)
            tree.cancel()
            #expect(await outcome.ending == .cancelled)
            let ended = await log.filter(\.kind.isEnd)
            #expect(ended.count == count + 1)
            #expect(Set(ended.map(\.coordinator)).count == count + 1)
            #expect(ended.allSatisfy { $0.kind == .cancelled })
            #expect(ended.last?.coordinatorType == "Branch" && ended.last?.parent == nil)
        }
        let dismissals = journal.all.dismissed
        #expect(dismissals.count == count + 1)
        #expect(dismissals.last == "root")
        // The skew happened: the younger half was dismissed before the older half.
        #expect(dismissals.firstIndex(of: "c\(count - 1)")! < dismissals.firstIndex(of: "c0")!)
        #expect(weak.allSatisfy { $0.object == nil })
        #expect(journal.all.deinitialized.count == count + 1)
        #expect(tree.snapshot().root == nil)
    }
}
