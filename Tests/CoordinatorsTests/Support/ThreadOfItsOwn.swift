#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs `body` on a new thread, outside Swift's cooperative pool, and returns once it has
/// returned: for a test that must hold a thread inside a synchronous call (a cancellation
/// handler the runtime runs on the thread that cancels) without taking one of the pool's
/// few threads.
func onThreadOfItsOwn(_ body: @escaping @Sendable () -> Void) async {
    let done = Gate()
    final class Job {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
    let job = Unmanaged.passRetained(
        Job {
            body()
            done.open()
        }
    ).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    let status = pthread_create(
        &thread, nil,
        { job in
            Unmanaged<Job>.fromOpaque(job).takeRetainedValue().body()
            return nil
        }, job)
    #else
    var thread = pthread_t()
    let status = pthread_create(
        &thread, nil,
        { job in
            Unmanaged<Job>.fromOpaque(job!).takeRetainedValue().body()
            return nil
        }, job)
    #endif
    precondition(status == 0, "pthread_create failed: \(status)")
    #if canImport(Darwin)
    pthread_detach(thread!)
    #else
    pthread_detach(thread)
    #endif
    await done.wait()
}

/// A one-shot latch a thread blocks on until it is opened, or until `limit` has passed (so
/// that a test that is wrong fails rather than leaving a thread blocked for good). Only for
/// threads of a test's own (`onThreadOfItsOwn`): blocking one of the cooperative pool's
/// threads can starve the tasks that would open it.
final class ThreadLatch: @unchecked Sendable {
    // Safety: `isOpen` is only touched while `mutex` is held; the mutex and the condition
    // are allocated once and only used through pthread calls.
    private var isOpen = false
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func open() {
        pthread_mutex_lock(mutex)
        isOpen = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Blocks the calling thread until the latch is open; returns whether it opened within
    /// `limit` seconds.
    @discardableResult
    func wait(limit seconds: Int = 30) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        deadline.tv_sec += seconds
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !isOpen {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { return false }
        }
        return true
    }
}
