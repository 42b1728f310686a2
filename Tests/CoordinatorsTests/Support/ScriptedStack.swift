import Coordinators

/// A stack presenter written as a user would write one for `UINavigationController`: it
/// keeps its own stack, counts every call the runtime makes, and can hold a call back until
/// the test lets it land (a busy main actor, an animation) — for one screen's push, or for
/// the next `pop(to:)`.
final class ScriptedStack: StackPresenter {
    /// The move a call is made for, as the test names it (see `callsByMove`).
    @TaskLocal static var move: String?

    /// A call the runtime made, with the screens it names.
    enum Call: Hashable, Sendable {
        case present(String)
        case dismiss(String)
        case pop(to: String)
        case replaceStack([String])
    }

    private struct State {
        var stack: [Presentation] = []
        var calls: [Call] = []
        var callsByMove: [String: Int] = [:]
        var waiters: [(condition: @Sendable ([String]) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

        /// Takes the waiters whose condition now holds.
        mutating func satisfied() -> [CheckedContinuation<Void, Never>] {
            let names = stack.map(\.screen.screenName)
            let (ready, rest) = (waiters.filter { $0.condition(names) }, waiters.filter { !$0.condition(names) })
            waiters = rest
            return ready.map(\.continuation)
        }
    }
    private let state = Mutex(State())
    /// The name of the screen whose push waits for `landPush`.
    private let latePush: String?
    /// Whether the first `pop(to:)` waits for `landPop`.
    private let lateFirstPop: Bool
    private let pushEntered = Gate()
    private let pushGate = Gate()
    private let popEntered = Gate()
    private let popGate = Gate()
    private let firstPop = Mutex(true)

    /// Whether a push lets other tasks run before it lands, as a busy main actor would: it
    /// varies where concurrent moves interleave, and synchronises nothing.
    private let busy: Bool

    init(latePush: String? = nil, lateFirstPop: Bool = false, busy: Bool = false) {
        self.latePush = latePush
        self.lateFirstPop = lateFirstPop
        self.busy = busy
    }

    /// Every call the runtime made, in order.
    var calls: [Call] { state.withLock { $0.calls } }
    var screenNames: [String] { state.withLock { $0.stack.map(\.screen.screenName) } }

    var stack: [Presentation] { state.withLock { $0.stack } }

    /// How many calls that change the stack — `present`, `pop(to:)`, `replaceStack` — each move
    /// the test named (`ScriptedStack.$move`) made. `dismiss` is not counted: the
    /// `StackPresenter` default of `transition` never calls it; the runtime does, in the task
    /// of a move, for a screen the move showed and that must leave again because an
    /// ancestor's move ended its coordinator while it was being shown.
    var callsByMove: [String: Int] { state.withLock { $0.callsByMove } }

    /// Forgets the calls counted by move.
    func resetCallsByMove() { state.withLock { $0.callsByMove = [:] } }

    private func record(_ call: Call) {
        let move: String? = if case .dismiss = call { nil } else { Self.move }
        state.withLock { state in
            state.calls.append(call)
            if let move { state.callsByMove[move, default: 0] += 1 }
        }
    }

    /// Changes the stack, then wakes the waiters whose condition holds.
    private func change<R>(_ body: (inout [Presentation]) throws -> R) rethrows -> R {
        let (result, ready) = try state.withLock { state in
            let result = try body(&state.stack)
            return (result, state.satisfied())
        }
        for waiter in ready { waiter.resume() }
        return result
    }

    /// Returns once the screens on the stack satisfy `condition`.
    func waitUntil(_ condition: @escaping @Sendable ([String]) -> Bool) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                if condition(state.stack.map(\.screen.screenName)) { return true }
                state.waiters.append((condition, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    func present(_ presentation: Presentation, animated: Bool) async throws {
        let name = presentation.screen.screenName
        record(.present(name))
        if name == latePush {
            pushEntered.open()
            await pushGate.wait()
        }
        if busy { await Task.yield() }
        change { $0.append(presentation) }
    }

    func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws {
        record(.dismiss(presentation.screen.screenName))
        change { $0.removeAll { $0 == presentation } }
    }

    func pop(to presentation: Presentation, animated: Bool) async throws {
        record(.pop(to: presentation.screen.screenName))
        let isFirstPop = firstPop.withLock { first in
            defer { first = false }
            return first
        }
        if lateFirstPop, isFirstPop {
            popEntered.open()
            await popGate.wait()
        }
        let removed = try change { stack throws -> [Presentation] in
            guard let index = stack.lastIndex(of: presentation) else { throw ScriptedStackError.notOnStack }
            defer { stack.removeSubrange((index + 1)...) }
            return Array(stack[(index + 1)...])
        }
        for presentation in removed.reversed() { presentation.reportDismissal(.byCoordinator) }
    }

    func replaceStack(with presentations: [Presentation], animated: Bool) async throws {
        record(.replaceStack(presentations.map(\.screen.screenName)))
        let removed = change { stack -> [Presentation] in
            defer { stack = presentations }
            return stack.filter { !presentations.contains($0) }
        }
        for presentation in removed.reversed() { presentation.reportDismissal(.replaced) }
    }

    /// Returns once the late push has been asked for; `landPush()` lets it land.
    func waitForLatePush() async { await pushEntered.wait() }
    func landPush() { pushGate.open() }
    /// Returns once the late pop has been asked for; `landPop()` lets it land.
    func waitForLatePop() async { await popEntered.wait() }
    func landPop() { popGate.open() }
}

/// What `ScriptedStack.pop(to:)` throws for a presentation that is not on it, as a UIKit
/// presenter of a user's might.
enum ScriptedStackError: Error { case notOnStack }
