#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A lock for test support, so the tests do not depend on the runtime's internals.
final class Mutex<Value>: @unchecked Sendable {
    // Safety: `value` is only touched while `lock` is held.
    private var value: Value
    private let lock = NSLockLike()
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// A pthread mutex (Foundation-free, clean under ThreadSanitizer).
final class NSLockLike: @unchecked Sendable {
    // Safety: the mutex is allocated once and only used through pthread calls.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        return mutex
    }()
    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }
    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
}
