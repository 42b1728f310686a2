/// A value guarded by a pthread mutex, stored in one allocation. (`package`: the test kit,
/// `CoordinatorsTesting`, shares it.)
///
/// We use a pthread mutex rather than `Synchronization.Mutex` for two reasons measured on
/// this project's machines (see `shared/MEASURED.md`): ThreadSanitizer reports false races
/// on `Mutex` under contention on Linux, and `Mutex` needs macOS 15 / iOS 18 while this
/// package supports macOS 14 / iOS 17.
///
/// The value and the mutex live in one allocation (`TailLocked`, as swift-nio's
/// `NIOLockedValueBox` keeps them in one `ManagedBuffer`): stable addresses, and no dynamic
/// exclusivity checks.
///
/// It blocks at once when the mutex is taken (`BlocksAtOnce`); a coordinator's node, which
/// many threads lock at once, is its own lock's storage and first tries again for a while
/// (`Node`, `SpinsFirst`).
package struct Locked<Value>: Sendable {
    /// The object holding the value and the mutex (`TailLocked`).
    private final class Storage {
        private init() {}  // never called: `TailLocked.make` makes it

        deinit { TailLocked<Value, BlocksAtOnce>.destroy(self) }
    }

    // Safety: the value is only reached through `withLock`, which holds the mutex; the
    // storage is never exposed. That is what makes sharing it across tasks sound.
    private nonisolated(unsafe) let storage: Storage

    /// Creates the lock holding `value`, which is built in place (an autoclosure, so that a
    /// large value is not copied into the storage and destroyed).
    package init(_ value: @autoclosure () -> Value) {
        storage = TailLocked<Value, BlocksAtOnce>.make(Storage.self, holding: value)
    }

    /// Runs `body` with exclusive access to the value. `body` must not suspend, block, or
    /// call back into code that could take the same lock.
    @inline(__always)
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try TailLocked<Value, BlocksAtOnce>.withLock(storage) { (value) throws(Failure) -> Result in
            try body(&value.pointee)
        }
    }
}
