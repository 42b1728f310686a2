import Coordinators

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `BENCHMARK_QUICK=1` (as `.ci/run` sets): a few iterations and small sizes, so the
/// benchmarks are exercised in CI without timing anything seriously.
let quick = getenv("BENCHMARK_QUICK").map { String(cString: $0) == "1" } ?? false

/// Resident memory of this process in bytes (Linux: /proc/self/statm; elsewhere the peak).
func residentBytes() -> Int {
    #if os(Linux)
    let file = open("/proc/self/statm", O_RDONLY)
    guard file >= 0 else { return 0 }
    defer { close(file) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = read(file, &buffer, buffer.count)
    guard count > 0 else { return 0 }
    let fields = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss)
    #endif
}

/// A pthread mutex around a value (the benchmark's own; it does not use the library's).
final class Guarded<Value>: @unchecked Sendable {
    // Safety: `value` is only touched while `mutex` is held.
    private var value: Value
    private var mutex = pthread_mutex_t()

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(&mutex, nil)
    }

    deinit { pthread_mutex_destroy(&mutex) }

    func withLock<R>(_ body: (inout Value) -> R) -> R {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body(&value)
    }
}

/// Resumes a waiter once `tick()` has been called `target` times.
final class Countdown: Sendable {
    private struct State {
        var remaining: Int
        var waiter: CheckedContinuation<Void, Never>?
    }
    private let state: Guarded<State>

    init(_ target: Int) { state = Guarded(State(remaining: target)) }

    func tick() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.remaining -= 1
            guard state.remaining == 0 else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                if state.remaining <= 0 { return true }
                state.waiter = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }
}

/// Suspends until the calling task is cancelled (the bare baselines' "idle").
func suspendUntilCancelled() async {
    let slot = Guarded<(cancelled: Bool, continuation: CheckedContinuation<Void, Never>?)>((false, nil))
    await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            let cancelled = slot.withLock { slot -> Bool in
                if slot.cancelled { return true }
                slot.continuation = continuation
                return false
            }
            if cancelled { continuation.resume() }
        }
    } onCancel: {
        let continuation = slot.withLock { slot -> CheckedContinuation<Void, Never>? in
            slot.cancelled = true
            defer { slot.continuation = nil }
            return slot.continuation
        }
        continuation?.resume()
    }
}

/// A screen for benchmarks.
struct BenchScreen: Screen {
    var screenName: String { "BenchScreen" }
}

/// A presenter that only counts what is shown: the runtime's cost without a UI model's.
final class CountingPresenter: Presenter {
    private let shown = Guarded(0)
    var count: Int { shown.withLock { $0 } }

    func present(_ presentation: Presentation, animated: Bool) async throws { shown.withLock { $0 += 1 } }
    func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws {
        shown.withLock { $0 -= 1 }
    }
}
