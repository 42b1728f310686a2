/// The requests a coordinator's screens sent through its router (`Router/`) and that have not
/// run yet, and whether a drainer runs them: a pure state machine, kept in the node's locked
/// state (`Node.Extras.screenRequests`) and carried out by `Node+Requests.swift`. Generic
/// over the request, so each (state, event) pair is tested without concurrency.
///
/// ```text
///            append (start the drainer)           next: none left
///   idle ─────────────────────────────▶ draining ─────────────────▶ idle
///                                        │  ▲ append, next: the oldest
///                                        └──┘
/// ```
///
/// The requests leave in the order they came: one drainer takes them one at a time, and a
/// second one is never started while the first runs.
struct ScreenRequestQueue<Request> {
    /// The requests not yet taken, oldest first, from `head` on (taken ones are `nil`, so that
    /// taking one is O(1); the storage is reused once every request is taken).
    private var requests: [Request?] = []
    private var head = 0
    /// A drainer runs (or has been asked for): it takes the requests until none is left.
    private(set) var isDraining = false

    /// The requests not yet taken.
    var count: Int { requests.count - head }

    /// Appends `request`. Returns `true` if no drainer runs: the caller starts one, which
    /// counts as running from now on.
    mutating func append(_ request: Request) -> Bool {
        requests.append(request)
        defer { isDraining = true }
        return !isDraining
    }

    /// The drainer takes the oldest request; `nil` when none is left, and then the drainer
    /// has stopped (the next `append` asks for a new one).
    mutating func next() -> Request? {
        guard head < requests.count else {
            requests.removeAll(keepingCapacity: true)
            head = 0
            isDraining = false
            return nil
        }
        defer { head += 1 }
        return requests[head].take()
    }

    /// Takes every request not yet taken, oldest first, and stops the drainer: the flow has
    /// ended (or the drainer could not be started), and they will never run.
    mutating func takeAll() -> [Request] {
        defer {
            requests = []
            head = 0
            isDraining = false
        }
        return requests[head...].compactMap { $0 }
    }
}
