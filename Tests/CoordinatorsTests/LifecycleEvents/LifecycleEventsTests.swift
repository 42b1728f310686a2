import Testing

@testable import Coordinators

/// The lifecycle event stream: each coordinator's end event is its last, whatever races it;
/// a reader's buffer holds only what it has not read; buffering policies drop and count.
@Suite(.timeLimit(.minutes(2)))
struct LifecycleEventsTests {
    @Test func aSwipeRacingTheCancellationOfItsCoordinatorIsReportedBeforeItsEnd() async throws {
        // A person swipes back a child's screen while the app cancels the child, from two
        // tasks. The race is decided differently each round; the order of events never is.
        for round in 0..<1500 {
            let navigation = NavigationPresenter()
            let tree = CoordinatorTree()
            let events = tree.events()
            async let log = collect(events)
            let root = Branch("root", on: navigation)
            async let done = tree.run(root)
            try await navigation.waitUntil { $0.stack.count == 1 }
            let child = try root.flow.start(Branch("child", on: navigation))
            try await navigation.waitUntil { $0.stack.count == 2 }
            // The swipe starts in a child task, a moment after the teardown has begun.
            async let swiped = try? navigation.userPop()
            child.cancel()
            _ = await swiped
            let outcome = "\(await child.outcome)"
            #expect(outcome == "cancelled" || outcome == "dismissed(byUser)")
            try await root.done("done")
            _ = try await done
            let all = await log
            if let breach = endEventIsLastBreach(in: all) {
                Issue.record("round \(round): \(breach)\n\(all.map(\.description).joined(separator: "\n"))")
                return
            }
            let missing = presentedButNeverDismissed(in: all)
            if !missing.isEmpty {
                Issue.record("round \(round): no dismissal reported for \(missing)")
                return
            }
        }
    }

    /// Regression: dropping an event sequence and its iterators, unread, left its
    /// subscription registered on the tree.
    @Test(.timeLimit(.minutes(1))) func droppingTheEventSequenceUnsubscribes() async throws {
        let tree = CoordinatorTree()
        do {
            let events = tree.events()
            var iterator = events.makeAsyncIterator()
            #expect(tree.context.state.withLock { $0.subscribers.count } == 1)
            _ = iterator
            iterator = events.makeAsyncIterator()
        }
        #expect(tree.context.state.withLock { $0.subscribers.count } == 0)
    }

    // MARK: Buffering

    @Test func aReaderThatStaysBehindHoldsOnlyWhatItHasNotRead() async {
        let subscription = EventSubscription(.unbounded)
        let event = LifecycleEvent(
            kind: .started, coordinator: CoordinatorID(rawValue: 1), coordinatorType: "Probe", parent: nil)
        var largest = 0
        // 200,000 events, read two behind: the buffer never holds more than a few.
        subscription.send(event)
        subscription.send(event)
        for _ in 0..<200_000 {
            subscription.send(event)
            largest = max(largest, subscription.bufferUsage.capacity)
            _ = await subscription.next()
        }
        #expect(subscription.bufferUsage.unread == 2)
        #expect(largest <= EventBuffer<LifecycleEvent>.minimumCapacity)
        #expect(subscription.droppedCount == 0)
    }

    @Test(arguments: [
        (LifecycleEvents.BufferingPolicy.bufferingOldest(2), ["started", "presented"]),
        (.bufferingNewest(2), ["dismissed", "finished"]),
    ])
    func aReaderThatReadsLateGetsWhatItsPolicyKeeps(policy: LifecycleEvents.BufferingPolicy, kept: [String])
        async throws
    {
        let navigation = NavigationPresenter()
        let tree = CoordinatorTree()
        let events = tree.events(bufferingPolicy: policy)
        let root = Branch("root", on: navigation)
        async let done = tree.run(root)
        try await navigation.waitUntil { $0.stack.count == 1 }
        try await root.done("done")
        _ = try await done
        // Read only now: of the four events, two are kept.
        let read = await collect(events).map { "\($0.kind)".prefix { $0 != "(" } }
        #expect(read.map(String.init) == kept)
        #expect(events.droppedCount == 2)
    }
}
