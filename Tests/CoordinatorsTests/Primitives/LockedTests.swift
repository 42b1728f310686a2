import Testing

@testable import Coordinators

/// `Locked`, the package's one lock: its value is built in place, changed only under the
/// lock, and destroyed with it.
@Suite(.timeLimit(.minutes(1)))
struct LockedTests {
    @Test func theValueIsTheOneItWasMadeWith() {
        let locked = Locked([41, 7])
        #expect(locked.withLock { $0 } == [41, 7])
    }

    @Test func theValueIsDestroyedWithTheLock() {
        let alive = Locked(0)
        var locked: Locked<Tracked?>? = Locked(Tracked(alive))
        #expect(alive.withLock { $0 } == 1)
        locked?.withLock { $0 = $0 }
        locked = nil
        #expect(alive.withLock { $0 } == 0)
    }

    @Test func anErrorThrownUnderTheLockReleasesIt() {
        let locked = Locked(0)
        #expect(throws: Refused.self) { try locked.withLock { _ throws(Refused) in throw Refused() } }
        locked.withLock { $0 += 1 }
        #expect(locked.withLock { $0 } == 1, "the lock was released")
    }

    /// Many tasks change the value at once: no change is lost.
    @Test func changesFromManyTasksAreNotLost() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    private struct Refused: Error {}
}

/// Counts, in the counter it is given, how many of its instances are alive.
final class Tracked: Sendable {
    let alive: Locked<Int>
    init(_ alive: Locked<Int>) {
        self.alive = alive
        alive.withLock { $0 += 1 }
    }
    deinit { alive.withLock { $0 -= 1 } }
}
