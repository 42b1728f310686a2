#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif

/// How a thread takes a mutex. A type parameter rather than a stored flag, so that each
/// lock's choice is made at compile time and costs nothing.
protocol LockPolicy {
    /// Takes `mutex`, returning once the calling thread holds it.
    static func lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>)
}

/// Sleeps at once if the mutex is taken: right for locks that are rarely contended.
enum BlocksAtOnce: LockPolicy {
    /// `pthread_mutex_lock`.
    @inline(__always)
    static func lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        pthread_mutex_lock(mutex)
    }
}

/// Tries again for a while before sleeping. A thread that sleeps at once makes both sides
/// enter the kernel (the sleeper, and the holder to wake it), where the holder of one of
/// these locks is almost always done within the spin: every critical section is a few loads
/// and stores. Costs nothing until the first try fails. (glibc's adaptive mutex spins too,
/// but made every uncontended lock and unlock slower.)
enum SpinsFirst: LockPolicy {
    /// One try inline; if it fails, up to 500 more out of line, then `pthread_mutex_lock`.
    @inline(__always)
    static func lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
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
