/// Continuations waiting for one value, each with an identifier so that a cancelled
/// waiter can be removed. Not thread-safe: it lives inside a `Locked` state.
struct Waiters<Value: Sendable> {
    /// A waiter: its identifier and its continuation.
    typealias Entry = (id: UInt64, continuation: UnsafeContinuation<Value, any Error>)

    private var entries: [Entry] = []
    private var nextID: UInt64 = 0

    var isEmpty: Bool { entries.isEmpty }

    /// Registers a continuation and returns its identifier.
    mutating func add(_ continuation: UnsafeContinuation<Value, any Error>) -> UInt64 {
        nextID &+= 1
        entries.append((nextID, continuation))
        return nextID
    }

    /// Removes and returns the continuation with `id`, if it is still waiting.
    mutating func remove(_ id: UInt64) -> UnsafeContinuation<Value, any Error>? {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return nil }
        return entries.remove(at: index).continuation
    }

    /// Removes and returns the continuation that waits longest, if any.
    /// Whether the waiter `add` returned `id` for still waits here.
    func contains(_ id: UInt64) -> Bool { entries.contains { $0.id == id } }

    mutating func removeFirst() -> UnsafeContinuation<Value, any Error>? {
        entries.isEmpty ? nil : entries.removeFirst().continuation
    }

    /// Removes every continuation; the caller resumes them after releasing its lock. The
    /// entries are moved out, not copied into a new array: taking one waiter (a coordinator
    /// idle on `flow.finished`, as it ends) allocates nothing.
    mutating func takeAll() -> Taken {
        defer { entries = [] }
        return Taken(entries: entries)
    }

    /// Removes every continuation into `taken`, after those it holds.
    mutating func takeAll(into taken: inout Taken) {
        guard !entries.isEmpty else { return }
        defer { entries = [] }
        taken.entries += entries
    }

    /// The continuations `takeAll()` took, in the order they were added.
    struct Taken: Sequence {
        fileprivate var entries: [Entry] = []

        /// No continuations.
        init() {}

        fileprivate init(entries: [Entry]) {
            self.entries = entries
        }

        func makeIterator() -> Iterator {
            Iterator(entries: entries.makeIterator())
        }

        /// Each continuation, without its identifier.
        struct Iterator: IteratorProtocol {
            fileprivate var entries: IndexingIterator<[Entry]>

            mutating func next() -> UnsafeContinuation<Value, any Error>? {
                entries.next()?.continuation
            }
        }
    }
}

/// Awaits a value that `register` either returns at once (already available) or delivers
/// later through the continuation. Cancelling the waiting task removes the waiter and
/// throws `CancellationError`; the value itself is unaffected. (`package`: the test kit,
/// `CoordinatorsTesting`, shares it.)
///
/// - Parameters:
///   - register: Called under the owner's lock. Returns `.ready(value)` if the value is
///     available now, `.failed(error)` to throw at once, or `.waiting(id)` after storing
///     the continuation.
///   - cancel: Called when the task is cancelled; removes the waiter with that id and
///     returns its continuation if it had not been resumed yet.
@inline(__always)
package func awaitValue<Value: Sendable>(
    register: (UnsafeContinuation<Value, any Error>) -> WaitRegistration<Value>,
    cancel: @escaping @Sendable (UInt64) -> UnsafeContinuation<Value, any Error>?
) async throws -> Value {
    let waiter = Locked<UInt64?>(nil)
    return try await withTaskCancellationHandler {
        try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Value, any Error>) in
            switch register(continuation) {
            case .ready(let value): continuation.resume(returning: value)
            case .failed(let error): continuation.resume(throwing: error)
            case .waiting(let id):
                let cancelledEarly = waiter.withLock { state -> Bool in
                    if state == .max { return true }
                    state = id
                    return false
                }
                if cancelledEarly, let pending = cancel(id) {
                    pending.resume(throwing: CancellationError())
                }
            }
        }
    } onCancel: {
        // `.max` marks "cancelled before the waiter was registered".
        let id = waiter.withLock { state -> UInt64? in
            defer { if state == nil { state = .max } }
            return state
        }
        if let id, let pending = cancel(id) {
            pending.resume(throwing: CancellationError())
        }
    }
}

/// What `awaitValue`'s registration found.
package enum WaitRegistration<Value: Sendable> {
    case ready(Value)
    case failed(any Error)
    case waiting(UInt64)
}
