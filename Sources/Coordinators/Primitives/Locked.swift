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
/// `Locked` blocks at once when the mutex is taken; `SpinningLocked` first tries again for a
/// while (`LockPolicy`).
package typealias Locked<Value> = PolicyLocked<Value, BlocksAtOnce>

/// A lock many threads take at once (a coordinator's node: a thousand flows at a time take
/// their parent's), with short critical sections: a thread that finds it taken tries again
/// for a while before it sleeps.
package typealias SpinningLocked<Value> = PolicyLocked<Value, SpinsFirst>

/// How a thread takes a mutex. A type parameter rather than a stored flag, so that each
/// lock's choice is made at compile time and costs nothing.
package protocol LockPolicy {
    /// Takes `mutex`, returning once the calling thread holds it.
    static func lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>)
}

/// Sleeps at once if the mutex is taken: right for locks that are rarely contended.
package enum BlocksAtOnce: LockPolicy {
    /// `pthread_mutex_lock`.
    @inline(__always)
    package static func lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        pthread_mutex_lock(mutex)
    }
}

/// Tries again for a while before sleeping. A thread that sleeps at once makes both sides
/// enter the kernel (the sleeper, and the holder to wake it), where the holder of one of
/// these locks is almost always done within the spin: every critical section is a few loads
/// and stores. Costs nothing until the first try fails. (glibc's adaptive mutex spins too,
/// but made every uncontended lock and unlock slower.)
package enum SpinsFirst: LockPolicy {
    /// One try inline; if it fails, up to 500 more out of line, then `pthread_mutex_lock`.
    @inline(__always)
    package static func lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        if pthread_mutex_trylock(mutex) != 0 { lockContended(mutex) }
    }

    @inline(never)
    private static func lockContended(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        for _ in 0..<500 {
            if pthread_mutex_trylock(mutex) == 0 { return }
        }
        pthread_mutex_lock(mutex)
    }
}

/// `Locked` and `SpinningLocked`: a value guarded by a pthread mutex taken as `Policy` says.
package struct PolicyLocked<Value, Policy: LockPolicy>: Sendable {
    private final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        // `ManagedBuffer` destroys the header (the value) itself; the elements (the mutex)
        // are ours to clean up.
        deinit {
            _ = withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
            }
        }
    }

    // Safety: the value is only reached through `withLock`, which holds the mutex, or by its
    // owner's `deinit` (`withValueInOwnersDeinit`), when no other thread can reach it; the
    // storage is never exposed. That is what makes sharing it across tasks sound.
    private nonisolated(unsafe) let storage: Storage

    /// Creates the lock holding `value`, which is built in place (an autoclosure, so that a
    /// large value such as a node's state is not copied into the storage and destroyed).
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
            Policy.lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }

    /// Runs `body` with the value, without taking the mutex: only for the `deinit` of the one
    /// object that holds this lock, which must never have let a copy of it out (every use a
    /// `withLock`). Then nothing else can reach the storage, and the object's last release
    /// ordered every earlier `withLock` before this call.
    package func withValueInOwnersDeinit<Result>(_ body: (inout Value) -> Result) -> Result {
        storage.withUnsafeMutablePointerToHeader { body(&$0.pointee) }
    }
}
