import Testing

@testable import Coordinators

/// An object that is its own lock's storage (a node is one): its value is built in place,
/// changed only under the lock or part by part, and destroyed with the object.
struct TailLockedTests {
    /// Counts, in the counter it is given, how many of its instances are alive.
    private final class Tracked: Sendable {
        let alive: Locked<Int>
        init(_ alive: Locked<Int>) {
            self.alive = alive
            alive.withLock { $0 += 1 }
        }
        deinit { alive.withLock { $0 -= 1 } }
    }

    private struct Value {
        var count = 0
        var tracked: Tracked?
        /// Not at the start of the value: its address is found by its offset.
        var other = 0
    }

    /// A class as `TailLocked` wants it: no stored properties, made by `make`, destroying
    /// its value in `deinit`. (`@unchecked Sendable` as `Node` is: each part of its value is
    /// reached only under the lock its method names.)
    private final class Counter: @unchecked Sendable {
        private typealias Storage = TailLocked<Value, SpinsFirst>

        static func make(_ value: Value) -> Counter { Storage.make(Counter.self) { value } }

        @available(*, unavailable) private init() {}

        deinit { Storage.destroy(self) }

        func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
            Storage.withLock(self, \.self, body)
        }

        func withCountLocked<Result>(_ body: (inout Int) -> Result) -> Result {
            Storage.withLock(self, \.count, body)
        }

        /// `other`, without the counter's lock (the caller guards it).
        func withOther<Result>(_ body: (inout Int) -> Result) -> Result {
            Storage.withPart(self, \.other) { body(&$0.pointee) }
        }
    }

    @Test func theValueIsTheOneItWasMadeWith() {
        let counter = Counter.make(Value(count: 41, other: 7))
        #expect(counter.withLock { $0.count } == 41)
        #expect(counter.withCountLocked { $0 } == 41)
        #expect(counter.withOther { $0 } == 7)
    }

    @Test func eachPartIsChangedWhereItIsStored() {
        let counter = Counter.make(Value())
        counter.withCountLocked { $0 = 3 }
        counter.withOther { $0 = 5 }
        #expect(counter.withLock { [$0.count, $0.other] } == [3, 5])
    }

    @Test func theValueIsDestroyedWithTheObject() {
        let alive = Locked(0)
        var counter: Counter? = Counter.make(Value(tracked: Tracked(alive)))
        #expect(alive.withLock { $0 } == 1)
        counter?.withLock { $0.count += 1 }
        counter = nil
        #expect(alive.withLock { $0 } == 0)
    }

    @Test func aNodeReleasesWhatItsExtrasHoldWithItself() throws {
        let alive = Locked(0)
        var node: Node? = Node.make()
        try node?.updateEnvironmentBeforeRun { $0[ObjectIdentifier(Tracked.self)] = Tracked(alive) }
        #expect(alive.withLock { $0 } == 1)
        node = nil
        #expect(alive.withLock { $0 } == 0)
    }

    /// Many tasks change the counted part under the lock while others change another part
    /// under a lock of their own: no change is lost, and (under ThreadSanitizer, as CI runs
    /// the tests) the two parts' accesses do not overlap.
    @Test func partsGuardedByDifferentLocksAreChangedAtOnce() async throws {
        let counter = Counter.make(Value())
        // A lock with a value of its own: with a `Locked<Void>` here, ThreadSanitizer once
        // reported an access race inside `Locked.withLock` on that lock's storage, the
        // only `Locked` of an empty value in the package.
        let otherLock = Locked(0)
        try await withinTimeLimit {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        for _ in 0..<10_000 {
                            if index.isMultiple(of: 2) {
                                counter.withCountLocked { $0 += 1 }
                            } else {
                                otherLock.withLock { count in
                                    count += 1
                                    counter.withOther { $0 += 1 }
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(counter.withLock { [$0.count, $0.other] } == [40_000, 40_000])
        #expect(otherLock.withLock { $0 } == 40_000)
    }
}
