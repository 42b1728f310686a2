/// One ask of one guard (`ActiveGuard.ask`), answered once, by whichever comes first: the
/// guard's decision, its timeout, the end of its body or of its flow, or the asking move
/// withdrawing it (it was cancelled, or another guard refused).
///
/// The decision runs in a task of its own, the timer and the wait for the flow's end in
/// others, all cancelled once the ask is answered: a move never waits for a decision that no longer matters, so a move that
/// is cancelled (a superseded link) returns at once even if the guard's closure ignores
/// cancellation.
final class GuardAsk: Sendable {
    /// How an ask was answered.
    enum Verdict: Sendable, Equatable {
        /// `.allow`, or the guard's body returned (or its flow ended) first.
        case allowed
        /// `.refuse`.
        case refused
        /// No answer within the guard's timeout: refused.
        case timedOut
        /// The move stopped asking.
        case withdrawn

        /// Whether the move may not go on.
        var refuses: Bool { self == .refused || self == .timedOut }
    }

    private struct State {
        var verdict: Verdict?
        var waiter: UnsafeContinuation<Verdict, Never>?
        var tasks: [Task<Void, Never>] = []
        var onAnswer: (@Sendable () -> Void)?
    }
    private let state = Locked(State())

    /// Starts the guard's decision about `interruption`, the wait for its flow's end, and its
    /// timer if it has a timeout; `onAnswer` runs once the ask is answered.
    func begin(
        _ guarding: ActiveGuard, _ interruption: FlowInterruption, onAnswer: @escaping @Sendable () -> Void
    ) {
        var tasks = [
            Task { [decide = guarding.decide] in
                let decision = await decide(interruption)
                self.resolve(decision == .allow ? .allowed : .refused)
            }
        ]
        tasks.append(
            Task { [node = guarding.node] in
                // Cancelled: the ask was answered first.
                guard (try? await node.waitUntilEnding()) != nil else { return }
                self.resolve(.allowed)
            })
        if let timeout = guarding.timeout {
            let deadline = Deadline(after: timeout.duration, on: timeout.clock)
            tasks.append(
                Task {
                    // Cancelled: the ask was answered first.
                    guard (try? await deadline.reached()) != nil else { return }
                    self.resolve(.timedOut)
                })
        }
        let answered = state.withLock { state in
            if state.verdict == nil {
                state.tasks = tasks
                state.onAnswer = onAnswer
            }
            return state.verdict != nil
        }
        if answered {
            for task in tasks { task.cancel() }
            onAnswer()
        }
    }

    /// Answers the ask with `verdict`, unless it was answered already; cancels what still
    /// decides.
    func resolve(_ verdict: Verdict) {
        let taken = state.withLock {
            state -> (UnsafeContinuation<Verdict, Never>?, [Task<Void, Never>], (@Sendable () -> Void)?)? in
            guard state.verdict == nil else { return nil }
            state.verdict = verdict
            defer { (state.waiter, state.tasks, state.onAnswer) = (nil, [], nil) }
            return (state.waiter, state.tasks, state.onAnswer)
        }
        guard let (waiter, tasks, onAnswer) = taken else { return }
        for task in tasks { task.cancel() }
        onAnswer?()
        waiter?.resume(returning: verdict)
    }

    /// Returns the verdict once the ask is answered. Does not end on cancellation: the asking
    /// move withdraws the ask (`resolve(.withdrawn)`) when it is cancelled.
    func verdict() async -> Verdict {
        await withUnsafeContinuation { continuation in
            let verdict = state.withLock { state -> Verdict? in
                if state.verdict == nil { state.waiter = continuation }
                return state.verdict
            }
            if let verdict { continuation.resume(returning: verdict) }
        }
    }
}
