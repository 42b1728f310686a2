import CoordinatorsTesting

/// What woke, in order, and when by the clock; a test can wait until enough has woken.
actor Woken {
    private(set) var names: [String] = []
    private(set) var instants: [ManualClock.Instant] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func append(_ name: String, at instant: ManualClock.Instant) {
        names.append(name)
        instants.append(instant)
        let ready = waiters.filter { $0.count <= names.count }
        waiters.removeAll { $0.count <= names.count }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once at least `count` entries are recorded. (Not cancellable: the suite's
    /// time limit reports a hang; every test here appends what it waits for.)
    func waitForCount(_ count: Int) async {
        guard names.count < count else { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }
}
