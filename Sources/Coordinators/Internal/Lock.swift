#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif

/// A value guarded by a pthread mutex, stored in one allocation.
///
/// We use a pthread mutex rather than `Synchronization.Mutex` for two reasons measured on
/// this project's machines (see `shared/MEASURED.md`): ThreadSanitizer reports false races
/// on `Mutex` under contention on Linux, and `Mutex` needs macOS 15 / iOS 18 while this
/// package supports macOS 14 / iOS 17.
final class Locked<Value>: @unchecked Sendable {
    // Safety: `value` is only read or written inside `withLock`, which holds `mutex`;
    // `mutex` itself is allocated once, never moved, and destroyed in `deinit`.
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value. `body` must not suspend, block, or
    /// call back into code that could take the same lock.
    @inline(__always)
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
