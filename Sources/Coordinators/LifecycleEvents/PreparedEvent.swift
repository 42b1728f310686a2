/// A lifecycle event built for the subscribers there were when it was built.
struct PreparedEvent {
    let event: LifecycleEvent
    let subscribers: [EventSubscription]

    /// Hands the event to each subscriber. Takes only the subscribers' own locks, so it may
    /// be called while holding a node's lock (a presentation's change of phase).
    func send() {
        for subscriber in subscribers {
            subscriber.send(event)
        }
    }
}
