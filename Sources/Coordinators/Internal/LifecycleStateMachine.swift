/// The lifecycle of one flow: which phase it is in, what may happen next, and how it ended.
///
/// Pure and synchronous: events in, decisions out. `Node` keeps it inside its lock and
/// carries out what it decides. Each (phase, event) pair is unit tested.
///
/// ```text
///   idle ──bind──▶ running ──requestEnd / finish──▶ ending(cause) ──teardownCompleted──▶ ended(cause)
/// ```
struct LifecycleStateMachine {
    enum Phase {
        /// Created; its coordinator has not been run yet.
        case idle
        /// Its coordinator runs.
        case running
        /// An end cause is recorded; children, then presentations, are being torn down.
        case ending(EndCause)
        /// Torn down; the outcome is final.
        case ended(EndCause)
    }

    private(set) var phase: Phase = .idle

    var isRunning: Bool {
        if case .running = phase { return true }
        return false
    }

    /// The recorded end cause, once there is one.
    var endCause: EndCause? {
        switch phase {
        case .idle, .running: nil
        case .ending(let cause), .ended(let cause): cause
        }
    }

    /// The coordinator is about to run.
    mutating func bind(coordinator: @autoclosure () -> String) throws(CoordinatorError) {
        guard case .idle = phase else {
            throw CoordinatorError(
                .alreadyRun,
                "\(coordinator()) was already run. A coordinator instance runs once, and each coordinator needs a "
                    + "Flow of its own: create a new instance for every run.")
        }
        phase = .running
    }

    /// The runtime or the presenter asks the flow to end (start returned or threw, a
    /// cancellation, the main presentation dismissed). Returns `true` if this cause is the
    /// one that ends the flow; `false` if an earlier cause already did.
    mutating func requestEnd(_ cause: EndCause) -> Bool {
        guard case .running = phase else { return false }
        phase = .ending(cause)
        return true
    }

    /// The coordinator itself asks to finish with `cause` (`flow.finish(with:)` and
    /// `flow.finish(throwing:)`). Unlike `requestEnd`, a second request is a misuse.
    mutating func finish(_ cause: EndCause, coordinator: @autoclosure () -> String) throws(CoordinatorError) {
        switch phase {
        case .idle:
            throw CoordinatorError(
                .notRunning,
                "\(coordinator()) called finish, but its flow is not running. Call finish from the coordinator's "
                    + "start() or its actor methods while it runs, or return the value from start().")
        case .running:
            phase = .ending(cause)
        case .ending(let earlier), .ended(let earlier):
            throw CoordinatorError(
                .alreadyFinished,
                "\(coordinator()) called finish, but its flow already ended (\(earlier.summary)). "
                    + "A flow finishes once; check flow.state before finishing from more than one place.")
        }
    }

    /// Presenting and starting children need a running flow.
    func checkRunning(to action: @autoclosure () -> String, coordinator: @autoclosure () -> String)
        throws(CoordinatorError)
    {
        switch phase {
        case .running:
            return
        case .idle:
            throw CoordinatorError(
                .notRunning,
                "\(coordinator()) tried to \(action()) before it was run. Do this from start() or from the "
                    + "coordinator's actor methods once it runs.")
        case .ending(let cause), .ended(let cause):
            throw CoordinatorError(
                .flowEnded,
                "\(coordinator()) tried to \(action()) after its flow ended (\(cause.summary)). An ended "
                    + "coordinator is torn down; stop calling it, or run a new coordinator instance.")
        }
    }

    /// Children and presentations are gone; the outcome is final.
    mutating func teardownCompleted() -> EndCause {
        guard case .ending(let cause) = phase else {
            preconditionFailure("teardown completed in phase \(phase)")
        }
        phase = .ended(cause)
        return cause
    }
}

extension EndCause {
    /// A few words for error messages: "finished", "failed: …", "cancelled", "dismissed byUser".
    var summary: String {
        switch self {
        case .finished: "finished"
        case .failed(let error): "failed: \(error)"
        case .cancelled: "cancelled"
        case .dismissed(let reason): "dismissed \(reason)"
        }
    }
}
