import Testing

@testable import Coordinators

/// A child its parent's host runs leaves the host's group in turn while the parent ends
/// (`HostedChildren`), but whoever waits for its outcome gets it first: the outcome is
/// reported when the child's teardown completes, before it waits for its turn.
@Suite(.timeLimit(.minutes(1)))
struct LeavingInTurnTests {
    /// More hosted children than the window, each waiting in `start()` for a flow it asked
    /// its parent to run (an actor method of the parent: `flow.run` from another task, so a
    /// grandchild-level child of the parent, younger than all of them). When the parent
    /// ends, each such run is younger than the window allows to leave at once; if its
    /// caller learned the outcome only once it had left, no child could end, so no older
    /// sibling would leave, and the parent's end would never complete.
    @Test(arguments: [NestedCall.run, .race])
    func runsFromHostedChildrenEndWithTheirParentWhateverTheirPlaceInTheGroup(_ call: NestedCall) async throws {
        let children = HostedChildren.window + 8
        let journal = Journal(of: Entry.self)
        let parent = HostsAsking(children: children, call: call, journal: journal)
        let tree = CoordinatorTree()
        Task { journal.record(.parentEnded(await tree.runForOutcome(parent).ending)) }
        try await journal.waitUntil { $0.count == children }
        try parent.flow.finish()
        // A wait on the journal, which the suite's time limit cancels: a hang fails the test.
        try await journal.waitUntil { $0.contains(.parentEnded(.finished)) }
        #expect(tree.snapshot().root == nil)
    }

    /// What the test journals: each nested flow running, and how the parent ended.
    enum Entry: Hashable, Sendable {
        case running(Int)
        case parentEnded(Ending)
    }

    enum NestedCall: Sendable, CustomStringConvertible {
        case run, race
        var description: String { self == .run ? "flow.run" : "flow.race" }
    }

    /// Starts `children` children that each ask it to run a flow, then waits to be finished.
    private actor HostsAsking: Coordinator {
        let flow = Flow<Void>()
        let children: Int
        let call: NestedCall
        let journal: Journal<Entry>
        init(children: Int, call: NestedCall, journal: Journal<Entry>) {
            self.children = children
            self.call = call
            self.journal = journal
        }

        func start() async throws {
            for index in 0..<children { try flow.start(Asks(index: index, parent: self)) }
            try await flow.finished
        }

        /// Runs a flow that waits until it is ended, from the calling child's task.
        func runWaiting(for index: Int) async {
            switch call {
            case .run:
                _ = await flow.runForOutcome(Waits(index: index, journal: journal))
            case .race:
                _ = try? await flow.race(
                    .flow(Waits(index: index, journal: journal)), .flow(Waits(index: -1, journal: nil)))
            }
        }
    }

    /// Asks its parent to run a flow, and ends when that run returns.
    private actor Asks: Coordinator {
        let flow = Flow<Void>()
        let index: Int
        let parent: HostsAsking
        init(index: Int, parent: HostsAsking) {
            self.index = index
            self.parent = parent
        }

        func start() async throws {
            await parent.runWaiting(for: index)
        }
    }

    /// Journals its index once it runs, then waits until it is ended.
    private actor Waits: Coordinator {
        let flow = Flow<Void>()
        let index: Int
        let journal: Journal<Entry>?
        init(index: Int, journal: Journal<Entry>?) {
            self.index = index
            self.journal = journal
        }

        func start() async throws {
            journal?.record(.running(index))
            try await flow.finished
        }
    }
}
