#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif

/// A value guarded by a pthread mutex, stored in one allocation. (`package`: the test kit,
/// `CoordinatorsTesting`, shares it.)
///
/// We use a pthread mutex rather than `Synchronization.Mutex` for two reasons measured on
/// this project's machines (see `shared/MEASURED.md`): ThreadSanitizer reports false races
/// on `Mutex` under contention on Linux, and `Mutex` needs macOS 15 / iOS 18 while this
/// package supports macOS 14 / iOS 17.
///
/// The value and the mutex live in one `ManagedBuffer` (as swift-nio's `NIOLockedValueBox`
/// does): one allocation, stable addresses, and no dynamic exclusivity checks.
///
/// It blocks at once when the mutex is taken (`BlocksAtOnce`). A coordinator's node, which
/// many threads lock at once, keeps its state and mutex in its own allocation instead, and
/// first tries again for a while (`TailLocked`, `SpinsFirst`).
///
/// (`TailLocked` could hold this value too, in an object of its own, but measured slower:
/// the compiler then inlined differently, and present + dismiss took two async frames more.)
package struct Locked<Value>: Sendable {
    private final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        // `ManagedBuffer` destroys the header (the value) itself; the elements (the mutex)
        // are ours to clean up.
        deinit {
            _ = withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
            }
        }
    }

    // Safety: the value is only reached through `withLock`, which holds the mutex; the
    // storage is never exposed. That is what makes sharing it across tasks sound.
    private nonisolated(unsafe) let storage: Storage

    /// Creates the lock holding `value`, which is built in place (an autoclosure, so that a
    /// large value is not copied into the storage and destroyed).
    package init(_ value: @autoclosure () -> Value) {
        let buffer = Storage.create(minimumCapacity: 1) { _ in value() }
        // `create` returns the dynamic type `Storage`; the downcast cannot fail.
        storage = unsafeDowncast(buffer, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(mutex, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        }
    }

    /// Runs `body` with exclusive access to the value. `body` must not suspend, block, or
    /// call back into code that could take the same lock.
    @inline(__always)
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try storage.withUnsafeMutablePointers { (value, mutex) throws(Failure) -> Result in
            BlocksAtOnce.lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }
}
