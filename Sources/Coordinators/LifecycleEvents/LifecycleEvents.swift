/// The lifecycle events of a `CoordinatorTree`, as an async sequence.
///
/// Get one from `CoordinatorTree.events(bufferingPolicy:)`. It is a single-consumer
/// sequence: iterate it from one task. It ends when the tree's run ends. Events the reader
/// has not read yet wait in a buffer whose memory follows what is unread (an event read is
/// freed at once); its `BufferingPolicy` says how many may wait.
///
/// ```swift
/// let events = tree.events(bufferingPolicy: .bufferingNewest(10_000))   // a log that may lag
/// for await event in events { logger.log("\(event)") }
/// if events.droppedCount > 0 { logger.log("missed \(events.droppedCount) events") }
/// ```
public struct LifecycleEvents: AsyncSequence, Sendable {
    /// The sequence's elements.
    public typealias Element = LifecycleEvent

    /// How many unread events the sequence keeps for a reader that falls behind, as
    /// `AsyncStream`'s policies do; what it drops is counted in `droppedCount`.
    public enum BufferingPolicy: Sendable, Hashable {
        /// Keep every unread event: nothing is lost, and memory grows with the number of
        /// unread events (only with them). For tests and readers that keep up.
        case unbounded
        /// Keep at most this many unread events, the oldest: events that arrive while the
        /// buffer is full are dropped. A limit of 0 or less keeps none: only a reader already
        /// waiting gets an event.
        case bufferingOldest(Int)
        /// Keep at most this many unread events, the most recent: the oldest unread event is
        /// dropped to make room. A limit of 0 or less keeps none. For logs and analytics that
        /// may lag behind a busy tree.
        case bufferingNewest(Int)
    }

    let lifetime: SubscriptionLifetime

    /// Creates the iterator. Make only one.
    public func makeAsyncIterator() -> Iterator { Iterator(lifetime: lifetime) }

    /// How many events the buffering policy has dropped so far because the reader was too
    /// far behind; always 0 with `.unbounded`.
    public var droppedCount: Int { lifetime.subscription.droppedCount }

    /// Reads events in the order they happened.
    public struct Iterator: AsyncIteratorProtocol {
        let lifetime: SubscriptionLifetime

        /// The next event, or `nil` once the tree's run has ended and every event was read.
        ///
        /// Cancellation: cancelling the waiting task returns `nil`.
        public mutating func next() async -> LifecycleEvent? {
            await lifetime.subscription.next()
        }
    }
}
