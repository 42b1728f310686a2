import Coordinators

/// A screen's action that a test tapped (`FlowTest.tap`), running in a task the kit owns.
///
/// Await `value` to check what the action returned or threw:
///
/// ```swift
/// let logIn = try await test.tap(HomeScreen.self, on: navigation) { try await $0.actions.logInTapped() }
/// _ = try await test.screen(LoginScreen.self, on: navigation)     // the action pushed it
/// try await test.swipeBack(on: navigation)
/// await #expect(throws: FlowDismissed(reason: .byUser)) { try await logIn.value }
/// ```
///
/// The tap keeps what the action returned, for `value`, as long as the test holds the tap;
/// the kit keeps only whether the action ended and what it threw. A value the test drops
/// with its tap (a `Presentation` whose screen holds its coordinator) is released with it,
/// so the end-of-test leak check does not count it; one the test still holds at the end is
/// reported, as is any coordinator the test holds.
public final class Tap<Value: Sendable>: Sendable {
    /// What the kit keeps of the action: its task, and whether the test awaited it.
    let action: TappedAction
    /// What the action returned, once it has; only the tap holds it.
    private let returned: Locked<Value?>

    /// Starts `action`; an error it throws is recorded at once, for the time limit's message.
    init(of screen: String, recorder: FlowTestRecorder, _ action: @escaping @Sendable () async throws -> Value) {
        let returned = Locked<Value?>(nil)
        self.returned = returned
        self.action = TappedAction(of: screen, recorder: recorder) {
            let value = try await action()
            returned.withLock { $0 = value }
        }
    }

    /// Waits for the action to return, and returns what it returned or throws what it threw.
    /// It can be awaited again: it returns the same value.
    ///
    /// Cancellation: cancelling the waiting task cancels the action too, as cancelling the
    /// task that awaits a child task would.
    public var value: Value {
        get async throws {
            try await action.wait()
            guard let value = returned.withLock({ $0 }) else {
                preconditionFailure("the action of \(action.screen) returned without its value being kept")
            }
            return value
        }
    }
}

/// What the kit keeps of a tapped action, whatever its value's type: the task that runs it,
/// which the end of the test waits for, and whether the test awaited it. Never its value,
/// which its `Tap` keeps: a value the test dropped does not outlive the tap.
final class TappedAction: Sendable {
    /// The screen whose action it is, for messages.
    let screen: String
    /// Runs the action; returns nothing, so that the task does not keep its value.
    private let task: Task<Void, any Error>
    /// Whether the test awaited the tap's `value` (then an error is the test's to check).
    private let observed = Locked(false)

    /// Starts `run`; an error it throws is recorded at once, for the time limit's message.
    init(of screen: String, recorder: FlowTestRecorder, _ run: @escaping @Sendable () async throws -> Void) {
        self.screen = screen
        recorder.recordAction(started: screen)
        self.task = Task {
            do {
                try await run()
                recorder.recordAction(of: screen, ended: nil)
            } catch {
                recorder.recordAction(of: screen, ended: error)
                throw error
            }
        }
    }

    /// Waits for the action, as the test does (`Tap.value`): throws what it threw.
    ///
    /// Cancellation: cancels the action.
    func wait() async throws {
        observed.withLock { $0 = true }
        try await withTaskCancellationHandler {
            try await task.value
        } onCancel: { [task] in
            task.cancel()
        }
    }

    /// Waits for the action; returns its error if it threw one that the test did not await.
    func unobservedError() async -> (screen: String, error: any Error)? {
        do {
            try await task.value
            return nil
        } catch {
            return observed.withLock { $0 } ? nil : (screen, error)
        }
    }

    /// Cancels the action (the test failed).
    func cancel() { task.cancel() }
}
