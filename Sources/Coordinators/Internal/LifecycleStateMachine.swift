/// The lifecycle of one flow: which phase it is in, what may happen next, and how it ended.
///
/// Pure and synchronous: events in, decisions out. `Node` keeps it inside its lock and
/// carries out what it decides. Each (phase, event) pair is unit tested.
///
/// ```text
///   idle ──bind──▶ running ──requestEnd / finish──▶ ending ──teardownCompleted──▶ ended
///                                  (records the end cause)
/// ```
struct LifecycleStateMachine {
    /// The recorded end cause, once there is one (`ending` and `ended`). First, so that the
    /// one-byte phase sits in its tail padding (idleCoordinatorMemory).
    private(set) var endCause: EndCause?

    /// Where the flow is. Kept apart from the cause, and without a payload, so that the
    /// checks on every hot path (is it running?) copy nothing.
    private(set) var phase: FlowState = .idle

    var isRunning: Bool { phase == .running }

    /// The coordinator is about to run.
    mutating func bind(coordinator: @autoclosure () -> String) throws(CoordinatorError) {
        guard phase == .idle else {
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
        guard phase == .running else { return false }
        phase = .ending
        endCause = cause
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
            phase = .ending
            endCause = cause
        case .ending, .ended:
            throw CoordinatorError(
                .alreadyFinished,
                "\(coordinator()) called finish, but its flow already ended (\(endedSummary)). "
                    + "A flow finishes once; check flow.state before finishing from more than one place.")
        }
    }

    /// Presenting and starting children need a running flow.
    func checkRunning(to action: @autoclosure () -> String, coordinator: @autoclosure () -> String)
        throws(CoordinatorError)
    {
        do throws(NotRunning) {
            try checkRunning(coordinator: coordinator())
        } catch {
            throw error.error(to: action())
        }
    }

    /// `checkRunning(to:coordinator:)` for a caller whose action's name reads user code (a
    /// screen's name): it names the action in the error (`NotRunning.error(to:)`) once it has
    /// left its critical section.
    func checkRunning(coordinator: @autoclosure () -> String) throws(NotRunning) {
        switch phase {
        case .running: return
        case .idle: throw NotRunning(code: .notRunning, coordinator: coordinator(), endedSummary: endedSummary)
        case .ending, .ended: throw NotRunning(code: .flowEnded, coordinator: coordinator(), endedSummary: endedSummary)
        }
    }

    /// Why the flow could not present or start a child: it is not running. The error's
    /// message, which names the action, is written by `error(to:)`.
    struct NotRunning: Error {
        let code: CoordinatorError.Code
        let coordinator: String
        let endedSummary: String

        /// The error for a caller that tried to do `action`.
        func error(to action: String) -> CoordinatorError {
            if code == .notRunning {
                return CoordinatorError(
                    .notRunning,
                    "\(coordinator) tried to \(action) before it was run. Do this from start() or from the "
                        + "coordinator's actor methods once it runs.")
            }
            return CoordinatorError(
                .flowEnded,
                "\(coordinator) tried to \(action) after its flow ended (\(endedSummary)). An ended "
                    + "coordinator is torn down; stop calling it, or run a new coordinator instance.")
        }
    }

    /// Children and presentations are gone; the outcome is final.
    mutating func teardownCompleted() -> EndCause {
        // Two callers, neither reachable by a user's call in another phase:
        // - `Node.host`, at the end of its teardown (`Node.Completion`), in the coordinator's
        //   own task: after `start()` ended (which records an end if none was) or could not
        //   begin (the flow had ended), so an end cause is recorded (phase `.ending`); `host`
        //   runs once per node (`bind` refuses a second run).
        // - `Node.abandon`, for a node bound (so running) but never to be hosted, right after
        //   it records an end (or finds one an ancestor's walk recorded): `.ending` too, and
        //   never `.ended`, which only `host` reaches.
        guard phase == .ending, let endCause else {
            preconditionFailure("teardown completed in phase \(phase)")
        }
        phase = .ended
        return endCause
    }

    private var endedSummary: String { endCause?.summary ?? "not ended" }
}
