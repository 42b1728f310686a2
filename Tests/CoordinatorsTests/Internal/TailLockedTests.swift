import Testing

@testable import Coordinators

/// An object that is its own lock's storage (a node is one): its value is built in place,
/// changed only under the lock, reachable without it, and destroyed with the object.
struct TailLockedTests {
    /// Counts how many of its instances are alive, to see the value destroyed.
    private final class Tracked: Sendable {
        static let alive = Locked(0)
        init() { Self.alive.withLock { $0 += 1 } }
        deinit { Self.alive.withLock { $0 -= 1 } }
    }

    private struct Value {
        var count = 0
        var tracked: Tracked?
    }

    /// A class as `TailLocked` wants it: no stored properties, made by `make`, destroying
    /// its value in `deinit`.
    private final class Counter: Sendable {
        private typealias Storage = TailLocked<Value, SpinsFirst>

        static func make(_ value: Value) -> Counter { Storage.make(Counter.self) { value } }

        private init() {}

        deinit { Storage.destroy(self) }

        func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
            Storage.withLock(self, \.self, body)
        }

        var countUnlocked: Int { Storage.withPart(self, \.count) { $0.pointee } }
    }

    @Test func theValueIsTheOneItWasMadeWith() {
        let counter = Counter.make(Value(count: 41))
        #expect(counter.withLock { $0.count } == 41)
        #expect(counter.countUnlocked == 41)
    }

    @Test func aChangeUnderTheLockIsSeenByTheNextReader() {
        let counter = Counter.make(Value())
        counter.withLock { $0.count += 2 }
        #expect(counter.withLock { $0.count } == 2)
        #expect(counter.countUnlocked == 2)
    }

    @Test func theValueIsDestroyedWithTheObject() {
        // Only this test makes a `Tracked`, so the count is its own.
        let before = Tracked.alive.withLock { $0 }
        var counter: Counter? = Counter.make(Value(tracked: Tracked()))
        #expect(Tracked.alive.withLock { $0 } == before + 1)
        counter?.withLock { $0.count += 1 }
        counter = nil
        #expect(Tracked.alive.withLock { $0 } == before)
    }

    @Test func changesFromManyTasksAtOnceAreNeverLost() async throws {
        let counter = Counter.make(Value())
        try await withinTimeLimit {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        for _ in 0..<10_000 { counter.withLock { $0.count += 1 } }
                    }
                }
            }
        }
        #expect(counter.withLock { $0.count } == 80_000)
    }
}
