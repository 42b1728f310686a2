#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif

/// A value guarded by the platform's lock, stored with it in one allocation: the lock the
/// package uses everywhere. (`package`: the test kit, `CoordinatorsTesting`, shares it.)
///
/// The lock is the platform's own, as swift-nio's `NIOLock` and swift-service-lifecycle
/// use it: `os_unfair_lock` on Apple platforms, a pthread mutex elsewhere. Not
/// `Synchronization.Mutex`, which needs macOS 15 / iOS 18 where this package supports
/// macOS 14 / iOS 17.
///
/// The value and the lock live in one `ManagedBuffer` (as swift-nio's `NIOLockedValueBox`
/// keeps them): one allocation, and a stable address for the lock, which a lock needs.
package struct Locked<Value>: Sendable {
    private final class Storage: ManagedBuffer<Value, PlatformLock.Primitive> {
        // `ManagedBuffer` destroys the header (the value) itself; the elements (the lock)
        // are ours to clean up.
        deinit {
            withUnsafeMutablePointerToElements { PlatformLock.destroy($0) }
        }
    }

    // Safety: the value is only reached through `withLock`, which holds the lock; the
    // storage is never exposed. That is what makes sharing it across tasks sound.
    private nonisolated(unsafe) let storage: Storage

    /// Creates the lock holding `value`, which is built in place (an autoclosure, so that a
    /// large value is not copied into the storage and destroyed).
    package init(_ value: @autoclosure () -> Value) {
        let buffer = Storage.create(minimumCapacity: 1) { _ in value() }
        // `create` returns the dynamic type `Storage`; the downcast cannot fail.
        storage = unsafeDowncast(buffer, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { PlatformLock.initialize($0) }
    }

    /// Runs `body` with exclusive access to the value. `body` must not suspend, block, or
    /// call back into code that could take the same lock.
    @inline(__always)
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try storage.withUnsafeMutablePointers { (value, lock) throws(Failure) -> Result in
            PlatformLock.lock(lock)
            defer { PlatformLock.unlock(lock) }
            return try body(&value.pointee)
        }
    }
}

/// The platform's lock, used through `Locked`: `os_unfair_lock` on Apple platforms, a
/// pthread mutex elsewhere.
enum PlatformLock {
    #if canImport(Darwin)
    typealias Primitive = os_unfair_lock
    #else
    typealias Primitive = pthread_mutex_t
    #endif

    /// Makes the lock at `lock`, which is uninitialized memory.
    static func initialize(_ lock: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin)
        lock.initialize(to: os_unfair_lock())
        #else
        lock.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(lock, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        #endif
    }

    /// Destroys the lock at `lock`, which nobody holds.
    static func destroy(_ lock: UnsafeMutablePointer<Primitive>) {
        #if !canImport(Darwin)
        pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
    }

    /// Takes the lock, waiting until the calling thread holds it.
    @inline(__always)
    static func lock(_ lock: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        #else
        pthread_mutex_lock(lock)
        #endif
    }

    /// Releases the lock, which the calling thread holds.
    @inline(__always)
    static func unlock(_ lock: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin)
        os_unfair_lock_unlock(lock)
        #else
        pthread_mutex_unlock(lock)
        #endif
    }
}
