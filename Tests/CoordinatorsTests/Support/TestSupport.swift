import Coordinators

/// A screen identified by a name.
struct TestScreen: Screen {
    let name: String
    init(_ name: String) { self.name = name }
    var screenName: String { name }
}

/// Records what happened, in order, from any task; used to check deinit and teardown
/// order. Tests can wait for a condition on it; each record re-checks the waiters.
final class Journal: Sendable {
    private struct Waiter {
        let id: Int
        let condition: @Sendable ([String]) -> Bool
        let continuation: CheckedContinuation<Void, any Error>
    }
    private struct State {
        var entries: [String] = []
        var waiters: [Waiter] = []
        var nextID = 0
        /// Waiters cancelled before they were registered.
        var cancelled: Set<Int> = []
    }
    private let state = Mutex(State())

    func record(_ entry: String) {
        let ready = state.withLock { state in
            state.entries.append(entry)
            let entries = state.entries
            let ready = state.waiters.filter { $0.condition(entries) }
            state.waiters.removeAll { $0.condition(entries) }
            return ready
        }
        for waiter in ready { waiter.continuation.resume() }
    }

    var all: [String] { state.withLock { $0.entries } }

    /// Returns once `condition` holds for the entries. Cancellable, so that the suite's
    /// time limit ends a wait for something that never comes (a leak, a lost event).
    func waitUntil(_ condition: @escaping @Sendable ([String]) -> Bool) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Bool? in
                    if state.cancelled.remove(id) != nil { return nil }
                    if condition(state.entries) { return true }
                    state.waiters.append(Waiter(id: id, condition: condition, continuation: continuation))
                    return false
                }
                switch ready {
                case nil: continuation.resume(throwing: CancellationError())
                case true?: continuation.resume()
                case false?: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }
}

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

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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

/// A weak reference, to check that coordinators are released.
final class Weak<Object: AnyObject>: @unchecked Sendable {
    // Safety: written once in init; reading a weak reference is thread-safe.
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}

/// An event-style coordinator for tests: shows one main screen on `presenter`, starts
/// `children` concurrently, then waits to be finished (or ended another way).
actor Branch: Coordinator {
    let flow = Flow<String>()
    let name: String
    let presenter: any Presenter
    private var children: [Branch]
    let journal: Journal?

    init(_ name: String, on presenter: any Presenter, children: [Branch] = [], journal: Journal? = nil) {
        self.name = name
        self.presenter = presenter
        self.children = children
        self.journal = journal
    }

    func start() async throws -> String {
        try await flow.present(TestScreen(name), on: presenter)
        let children = self.children
        self.children = []  // the runtime holds them from here on
        for child in children {
            try flow.start(child)
        }
        return try await flow.finished
    }

    /// Called by tests acting as the screen.
    func done(_ value: String) throws { try flow.finish(with: value) }

    deinit { journal?.record("deinit \(name)") }
}

/// Every screen name that reached the given `.dismissed` events, in order.
func dismissedScreens(in events: [LifecycleEvent]) -> [String] {
    events.compactMap { event in
        if case .dismissed(let info, _) = event.kind { return info.screen }
        return nil
    }
}

/// Why `events` breaks the rule "a coordinator's end event is its last, and it has
/// exactly one", or `nil` if it keeps it.
func endEventIsLastBreach(in events: [LifecycleEvent]) -> String? {
    var ended: Set<CoordinatorID> = []
    for event in events {
        if ended.contains(event.coordinator) {
            return "\(event) came after the coordinator's end event"
        }
        if event.kind.isEnd { ended.insert(event.coordinator) }
    }
    let started = Set(events.map(\.coordinator))
    return started == ended ? nil : "coordinators without an end event: \(started.subtracting(ended))"
}

/// The presentations reported presented and not reported dismissed after that.
func presentedButNeverDismissed(in events: [LifecycleEvent]) -> [PresentationID] {
    var shown: [PresentationID] = []
    for event in events {
        switch event.kind {
        case .presented(let info): shown.append(info.id)
        case .dismissed(let info, _): shown.removeAll { $0 == info.id }
        default: break
        }
    }
    return shown
}

/// Drains a tree's events into an array; the sequence ends when the tree's run ends.
func collect(_ events: LifecycleEvents) async -> [LifecycleEvent] {
    var all: [LifecycleEvent] = []
    for await event in events { all.append(event) }
    return all
}

/// A one-shot gate that ignores cancellation: for a coordinator that must not notice it.
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }
    private let state = Mutex(State())

    /// Returns once the gate is open, cancelled or not.
    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// Whether this process runs under ThreadSanitizer (`swift test --sanitize=thread`): its
/// runtime is loaded.
let runningUnderThreadSanitizer: Bool = {
    #if canImport(Darwin)
    let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
    let everyImage: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    return dlsym(everyImage, "__tsan_init") != nil
}()
