/// Where a subscription comes from: the tree whose events it receives.
protocol EventSource: AnyObject, Sendable {
    /// Subscribes a new reader that keeps unread events as `bufferingPolicy` says.
    func subscribe(_ bufferingPolicy: LifecycleEvents.BufferingPolicy) -> EventSubscription
    /// Stops sending events to `subscription`.
    func unsubscribe(_ subscription: EventSubscription)
}

/// Owned only by `LifecycleEvents` and its iterators: when the last of them goes, the
/// subscription is removed from its source, so a dropped sequence costs nothing more.
final class SubscriptionLifetime: Sendable {
    let subscription: EventSubscription
    private let source: any EventSource

    init(source: any EventSource, bufferingPolicy: LifecycleEvents.BufferingPolicy) {
        self.source = source
        subscription = source.subscribe(bufferingPolicy)
    }

    deinit { source.unsubscribe(subscription) }
}
