/// One request a router sent (`Router.go`, `send`, `perform`): what it does, and its outcome
/// once it has one. Its coordinator's node keeps it erased (`ScreenRequestJob`) in the order
/// it came, and runs it or refuses it, once; `RouterRequest` reads its outcome.
///
/// A failure is also reported as a `screenRequestFailed` lifecycle event of the coordinator
/// (before the request's waiters wake), so that a request nobody awaits is not dropped
/// silently — unless it was refused because the coordinator no longer runs: its end event
/// is its last, and the request's outcome says it.
final class ScreenRequest<Value: Sendable>: ScreenRequestJob {
    private struct State {
        var outcome: Result<Value, any Error>?
        var waiters = Waiters<Value>()
    }

    private let state = Locked(State())
    /// The node of the coordinator the request is for: where its failure is reported.
    private let node: Node
    /// Where the screen sent it: a `CoordinatorError` the runtime detects is located there.
    private let file: String
    private let line: Int
    /// What the request asks for, such as `go(.forward(to: detail))`: built only for a failure.
    private let describe: @Sendable () -> String
    /// Carries the request out, in the drainer's task, on its actor (the coordinator's).
    private let operation: nonisolated(nonsending) @Sendable () async throws -> Value

    init(
        for node: Node, file: String, line: Int, describe: @escaping @Sendable () -> String,
        operation: nonisolated(nonsending) @escaping @Sendable () async throws -> Value
    ) {
        self.node = node
        self.file = file
        self.line = line
        self.describe = describe
        self.operation = operation
    }

    nonisolated(nonsending) func run() async {
        do {
            resolve(.success(try await operation()), reported: true)
        } catch {
            resolve(.failure(error), reported: true)
        }
    }

    func refuse(_ refusal: LifecycleStateMachine.NotRunning, reported: Bool) {
        let message =
            refusal.code == .notRunning
            ? "A screen asked \(refusal.coordinator) for \(describe()) through its router before the coordinator "
                + "was run. Give a screen the router of a coordinator that runs (its start(), its destination(for:), "
                + "its actor methods)."
            : "A screen asked \(refusal.coordinator) for \(describe()) through its router after its flow ended "
                + "(\(refusal.endedSummary)): the coordinator and its screens are gone or leaving. A screen still on "
                + "screen (during its dismissal's animation) may ignore this error."
        resolve(.failure(CoordinatorError(refusal.code, message).located(at: file, line)), reported: reported)
    }

    /// The error for a request that awaits this one, queued behind it.
    private func awaitsItself() -> CoordinatorError {
        CoordinatorError(
            .awaitsOwnRequest,
            "A screen request awaited \(describe()), a request of the same coordinator queued behind it: requests "
                + "run one at a time, so it would wait forever. Inside the coordinator, call go(_:), flow.send(_:) "
                + "or its own methods directly instead of its router.")
    }

    /// Records the outcome, reports a failure (if `reported`), and wakes the waiters.
    private func resolve(_ outcome: Result<Value, any Error>, reported: Bool) {
        if reported, case .failure(let error) = outcome {
            node.emitUnlessEnded(.screenRequestFailed(request: describe(), error: "\(error)"))
        }
        let waiters = state.withLock { state in
            state.outcome = outcome
            return state.waiters.takeAll()
        }
        for waiter in waiters { waiter.resume(with: outcome) }
    }

    /// Waits for the outcome. Cancelling the waiting task throws `CancellationError`; the
    /// request is not affected. Throws `awaitsOwnRequest` if a request of the same
    /// coordinator awaits this one before it has run (it would wait for itself).
    var value: Value {
        get async throws {
            let inDrainer = ScreenRequestDrainer.node == ObjectIdentifier(node)
            return try await awaitValue(
                register: { continuation in
                    state.withLock { state in
                        switch state.outcome {
                        case .success(let value): .ready(value)
                        case .failure(let error): .failed(error)
                        case nil where inDrainer: .failed(awaitsItself())
                        case nil: .waiting(state.waiters.add(continuation))
                        }
                    }
                },
                cancel: { [state] id in state.withLock { $0.waiters.remove(id) } })
        }
    }
}
