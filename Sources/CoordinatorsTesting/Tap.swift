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
public final class Tap<Value: Sendable>: Sendable {
    /// The screen whose action it is, for messages.
    let screen: String
    private let task: Task<Value, any Error>
    /// Whether the test awaited `value` (then an error is the test's to check).
    private let observed = Locked(false)

    /// Starts `action`; an error it throws is recorded at once, for the time limit's message.
    init(of screen: String, recorder: FlowTestRecorder, _ action: @escaping @Sendable () async throws -> Value) {
        self.screen = screen
        self.task = Task {
            do {
                let value = try await action()
                recorder.recordAction(of: screen, ended: nil)
                return value
            } catch {
                recorder.recordAction(of: screen, ended: error)
                throw error
            }
        }
        recorder.recordAction(started: screen)
    }

    /// Waits for the action to return, and returns what it returned or throws what it threw.
    ///
    /// Cancellation: cancelling the waiting task cancels the action too, as cancelling the
    /// task that awaits a child task would.
    public var value: Value {
        get async throws {
            observed.withLock { $0 = true }
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: { [task] in
                task.cancel()
            }
        }
    }
}

/// A tap seen without its value's type: what the end of the test waits for.
protocol RunningTap: Sendable {
    /// Waits for the action; returns its error if it threw one that nobody awaited.
    func unobservedError() async -> (screen: String, error: any Error)?
    /// Cancels the action (the test failed).
    func cancel()
}

extension Tap: RunningTap {
    func unobservedError() async -> (screen: String, error: any Error)? {
        do {
            _ = try await task.value
            return nil
        } catch {
            return observed.withLock { $0 } ? nil : (screen, error)
        }
    }

    func cancel() { task.cancel() }
}
