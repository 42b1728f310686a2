/// The clock of `FlowEnvironment`.
private struct ClockKey: FlowEnvironmentKey {
    static let defaultValue: any Clock<Duration> = ContinuousClock()
}

extension FlowEnvironment {
    /// The clock that everything that waits in this subtree measures time with (timeouts,
    /// and any waiting of your own): a `ContinuousClock` unless set. Tests set a manual
    /// clock (`CoordinatorsTesting.ManualClock`) and advance it by hand.
    public var clock: any Clock<Duration> {
        get { self[ClockKey.self] }
        set { self[ClockKey.self] = newValue }
    }
}
