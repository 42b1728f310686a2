import Coordinators

/// A clock that moves only when a test tells it to: for timeouts and races that a test
/// drives step by step, with no real waiting.
///
/// Set it as the tree's clock, wait until the code under test sleeps on it, then advance it:
///
/// ```swift
/// let clock = ManualClock()
/// let tree = CoordinatorTree()
/// tree.setEnvironment(\.clock, clock)
/// let run = Task { try await tree.run(CheckoutCoordinator()) }   // runs a child with a timeout
/// try await clock.waitForSleepers(atLeast: 1)                      // the timeout's timer sleeps
/// clock.advance(by: .seconds(30))                                  // and now it has expired
/// ```
///
/// `now` starts at zero and never moves back. Each `advance` sets `now` first, then resumes
/// every sleeper whose deadline it reached, earliest deadline first (in the order they began
/// sleeping for equal deadlines). A sleep whose deadline has already been reached returns at
/// once. Nothing depends on the wall clock or the scheduler, so tests are deterministic.
public final class ManualClock: Clock, Sendable {
    /// A point in a `ManualClock`'s time: how far it is from the clock's start.
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// The time from the clock's start (its first `now`) to this instant.
        public let offset: Duration

        /// The instant `offset` after a manual clock's start.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later (earlier, if negative).
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The time from this instant to `other` (negative if `other` is earlier).
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Orders instants by their offset.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

        /// `+3.0 seconds`.
        public var description: String { "+\(offset)" }
    }

    private typealias Continuation = UnsafeContinuation<Void, any Error>

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: Continuation
    }

    private struct SleeperWaiter {
        let id: UInt64
        let count: Int
        let continuation: Continuation
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var sleeperWaiters: [SleeperWaiter] = []
        var nextID: UInt64 = 0

        mutating func makeID() -> UInt64 {
            nextID += 1
            return nextID
        }

        /// Takes the waiters that enough sleepers satisfy now.
        mutating func takeSatisfiedWaiters() -> [Continuation] {
            let count = sleepers.count
            let satisfied = sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
            if !satisfied.isEmpty { sleeperWaiters.removeAll { $0.count <= count } }
            return satisfied
        }
    }

    private let state = Locked(State())

    /// A clock at its start (`now.offset == .zero`) with nobody sleeping.
    public init() {}

    /// The current instant: where the last `advance` left the clock.
    public var now: Instant { state.withLock { $0.now } }

    /// Zero: the clock can be advanced by any amount.
    public var minimumResolution: Duration { .zero }

    /// How many tasks sleep on this clock now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline a task sleeps until, or `nil` if nobody sleeps.
    public var nextDeadline: Instant? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    /// Suspends until the clock is advanced to `deadline` or past it; returns at once if it
    /// is already there. `tolerance` is ignored: the clock resumes sleepers exactly.
    ///
    /// Cancellation: throws `CancellationError` promptly, without waiting for the clock, and
    /// the task no longer counts as a sleeper; a task already cancelled throws without
    /// sleeping.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        try await awaitValue { (continuation: Continuation) -> WaitRegistration<Void> in
            let (registration, woken) = state.withLock { state -> (WaitRegistration<Void>, [Continuation]) in
                if deadline <= state.now { return (.ready(()), []) }
                let id = state.makeID()
                state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                return (.waiting(id), state.takeSatisfiedWaiters())
            }
            for waiter in woken { waiter.resume() }
            return registration
        } cancel: { [state] id in
            state.withLock { state in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index).continuation
            }
        }
    }

    /// Moves the clock `duration` forward, then resumes every sleeper whose deadline that
    /// reaches, earliest first. A negative duration changes nothing: the clock never moves
    /// back.
    ///
    /// Returns once the sleepers are resumed, not once they have run: wait for what they do
    /// (a flow's end, a presenter's change) to see its effect.
    public func advance(by duration: Duration) {
        advance { now in now.advanced(by: duration) }
    }

    /// Moves the clock to `instant`, then resumes every sleeper whose deadline that reaches,
    /// earliest first. An instant before `now` changes nothing: the clock never moves back.
    public func advance(to instant: Instant) {
        advance { _ in instant }
    }

    /// Waits until at least `count` tasks sleep on this clock: a test's way to know that the
    /// code under test has started its timer, so that advancing the clock reaches it.
    ///
    /// Cancellation: throws `CancellationError` (so a test's time limit ends a wait for a
    /// sleep that never begins).
    public func waitForSleepers(atLeast count: Int) async throws {
        try await awaitValue { (continuation: Continuation) -> WaitRegistration<Void> in
            state.withLock { state in
                if state.sleepers.count >= count { return .ready(()) }
                let id = state.makeID()
                state.sleeperWaiters.append(SleeperWaiter(id: id, count: count, continuation: continuation))
                return .waiting(id)
            }
        } cancel: { [state] id in
            state.withLock { state in
                guard let index = state.sleeperWaiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleeperWaiters.remove(at: index).continuation
            }
        }
    }

    /// Sets `now` to `target(now)` if that is later, takes the sleepers it reaches (earliest
    /// deadline first, then in the order they began), and resumes them after unlocking.
    private func advance(_ target: (Instant) -> Instant) {
        let due = state.withLock { state -> [Sleeper] in
            let instant = target(state.now)
            guard instant > state.now else { return [] }
            state.now = instant
            let due = state.sleepers.filter { $0.deadline <= instant }
            guard !due.isEmpty else { return [] }
            state.sleepers.removeAll { $0.deadline <= instant }
            return due.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
