// Screens that answer (`Flow.ask`).

/// What `Presentation.answer(_:)` accepts: the `Answer` type of the screen that was asked.
/// A metatype rather than a closure testing the type, which would allocate a context for
/// every `ask`.
struct ExpectedAnswer: Sendable {
    private let answer: any AnswerType.Type
    /// For a form's step (`Flow.form`): the step below it on the stack, linked as the
    /// presentation is made (`Asking.stepBelow`, which takes it), before it can be shown and
    /// popped.
    var stepBelow: Presentation?

    init<Answer: Sendable>(_: Answer.Type) {
        answer = Expected<Answer>.self
    }

    /// Whether `value` is of the `Answer` type.
    func accepts(_ value: any Sendable) -> Bool { answer.accepts(value) }

    /// The `Answer` type's name, for messages.
    var typeName: String { answer.typeName }
}

/// An answer type, as `ExpectedAnswer` keeps it.
private protocol AnswerType: Sendable {
    static func accepts(_ value: any Sendable) -> Bool
    static var typeName: String { get }
}

private enum Expected<Answer>: AnswerType {
    static func accepts(_ value: any Sendable) -> Bool { value is Answer }
    static var typeName: String { String(describing: Answer.self) }
}

extension Presentation {
    /// What ends `Flow.ask`'s wait: the answer, or the presentation leaving first.
    enum Reply: Sendable {
        case answered(any Sendable)
        case dismissed(DismissalReason)
    }

    /// What a presentation made by `Flow.ask` keeps, and one shown with `present` does not: the
    /// answer it expects, and the answer once given and who waits for it. In the
    /// presentation's extras, made with it.
    struct Asking {
        /// What `answer(_:)` accepts.
        let expected: ExpectedAnswer
        /// The screen's answer, once given.
        var answer: (any Sendable)?
        /// The `Flow.ask` that showed it stopped waiting (its task was cancelled).
        var abandoned = false
        /// `Flow.ask` waiting for the answer or the dismissal, whichever comes first.
        var replyWaiters = Waiters<Reply>()
        /// A step of a form (`Flow.form`): the step below it on the stack, whose answer is
        /// re-opened when a person pops this one (`leaveFormStep`), in the critical section in
        /// which this one leaves: linked from the moment it is made, so a pop at any time,
        /// even as it animates in, re-opens the step below before anyone learns of it.
        var stepBelow: Presentation?

        init(_ expected: ExpectedAnswer) {
            var expected = expected
            stepBelow = expected.stepBelow
            expected.stepBelow = nil  // kept here only
            self.expected = expected
        }
    }

    // MARK: Answers

    /// Gives the screen's answer to the coordinator that asked for it with `flow.ask`.
    ///
    /// A UI presenter hands this call to its view (`onSubmit: { try? presentation.answer(form) }`);
    /// a test or demo calls it on the presentation it finds in a headless presenter's state.
    /// The answer is kept even if the presentation leaves the screen before the coordinator
    /// reads it: an answer is never lost.
    ///
    /// Throws `CoordinatorError`: `notAsking` if the presentation was shown with `present`
    /// (which expects no answer) or its `ask` was cancelled (nobody awaits the answer any
    /// more), `wrongAnswerType` if `value` is not the screen's `Answer`, `alreadyAnswered`
    /// the second time (unless it is a step of a form that a person went back to: it then
    /// takes a new answer, see `Flow.form(on:animated:_:)`), `alreadyDismissed` once it has
    /// left the screen.
    public func answer<Value: Sendable>(_ value: Value, file: String = #fileID, line: Int = #line)
        throws(CoordinatorError)
    {
        do { try record(answer: value) } catch { throw error.located(at: file, line) }
    }

    private func record<Value: Sendable>(answer value: Value) throws(CoordinatorError) {
        // Decided under the owner's lock; the message (the screen's name, user code) is
        // written after it.
        let outcome = withLock { state -> AnswerOutcome in
            guard let extras = state.extras, let asking = extras.asking else { return .refused(.shownWithPresent) }
            guard asking.expected.accepts(value) else { return .refused(.wrongType(asking.expected.typeName)) }
            switch state.phase {
            case .presenting, .presented: break
            case .dismissing(let reason), .dismissed(let reason): return .refused(.left(reason))
            }
            guard !asking.abandoned else { return .refused(.abandoned) }
            guard asking.answer == nil else { return .refused(.alreadyAnswered) }
            extras.asking?.answer = value
            return .accepted(state.takeReplyWaiters(), state.listener)
        }
        switch outcome {
        case .accepted(let waiters, let listener):
            listener?.presentationDidChange()
            for waiter in waiters { waiter.resume(returning: .answered(value)) }
        case .refused(.shownWithPresent):
            throw CoordinatorError(
                .notAsking,
                "\(self) was answered, but it was shown with flow.present(_:on:), which expects no answer. Show "
                    + "it with flow.ask(_:on:) to await its answer.")
        case .refused(.wrongType(let expected)):
            throw CoordinatorError(
                .wrongAnswerType,
                "\(self) was answered with a \(Value.self), but \(screen.screenName).Answer is \(expected). Answer "
                    + "with a value of that type.")
        case .refused(.left(let reason)):
            throw CoordinatorError(
                .alreadyDismissed,
                "\(self) was answered after it left the screen (\(reason)); its coordinator has already been told "
                    + "that it went unanswered.")
        case .refused(.abandoned):
            throw CoordinatorError(
                .notAsking,
                "\(self) was answered after the flow.ask that showed it was cancelled (or the form that asked it "
                    + "ended); nobody awaits its answer any more.")
        case .refused(.alreadyAnswered):
            throw CoordinatorError(
                .alreadyAnswered, "\(self) was answered twice; a screen answers its coordinator once.")
        }
    }

    /// What `answer(_:)` found under the lock.
    private enum AnswerOutcome {
        /// The answer is kept: wake these `Flow.ask` waiters, and tell the listener.
        case accepted(Waiters<Reply>.Taken, (any PresentationListener)?)
        /// The answer is refused, for this reason.
        case refused(AnswerRefusal)
    }

    /// Why `answer(_:)` refused an answer; each is one of its errors.
    private enum AnswerRefusal {
        case shownWithPresent
        case wrongType(String)
        case left(DismissalReason)
        case abandoned
        case alreadyAnswered
    }

    /// Whether the screen has answered (see `answer(_:)`).
    public var isAnswered: Bool { withLock { $0.extras?.asking?.answer != nil } }

    /// Waits for the answer or the dismissal, whichever came first. An answer given before
    /// the dismissal wins. Cancelling the waiting task throws `CancellationError`. Only
    /// `Flow.ask` calls it, on the presentation it made; any other throws `notAsking`.
    func reply() async throws -> Reply {
        try await awaitValue { continuation in
            withLock { state in
                if let answer = state.extras?.asking?.answer { return .ready(.answered(answer)) }
                if case .dismissed(let reason) = state.phase { return .ready(.dismissed(reason)) }
                guard let id = state.extras?.asking?.replyWaiters.add(continuation) else {
                    return .failed(
                        CoordinatorError(.notAsking, "\(self) was shown with flow.present(_:on:): no answer will come.")
                    )
                }
                return .waiting(id)
            }
        } cancel: { id in
            self.withLock { $0.extras?.asking?.replyWaiters.remove(id) }
        }
    }

    /// The asking task was cancelled: from now on answers are refused (`notAsking`) instead
    /// of being kept for nobody. Returns the answer if one arrived before.
    func abandonAsk() -> (any Sendable)? {
        withLock { state in
            guard let answer = state.extras?.asking?.answer else {
                state.extras?.asking?.abandoned = true
                return nil
            }
            return answer
        }
    }

    /// Dismisses it for its coordinator unless it is already leaving.
    func dismissIfPresented(_ reason: DismissalReason, animated: Bool = true) async {
        guard (try? beginDismissal(reason)) != nil else { return }
        await performDismissal(reason, animated: animated)
    }
}

extension Presentation.State {
    /// Takes the `Flow.ask` waiting for a reply, if any (the presentation left the screen).
    mutating func takeReplyWaiters() -> Waiters<Presentation.Reply>.Taken {
        extras?.asking?.replyWaiters.takeAll() ?? Waiters.Taken()
    }
}

// MARK: Form steps

extension Presentation {
    /// The form that asked it is done with it (it returned or threw): a pop no longer re-opens
    /// the step below, and an answer after a re-opening is refused (`notAsking`), not kept for
    /// nobody. A form ends its steps from the top down, so a pop that re-opened a step before
    /// that step is ended is caught by its own ending.
    func endFormStep() {
        let below = withLock { state -> Presentation? in
            if state.extras?.asking?.answer == nil { state.extras?.asking?.abandoned = true }
            return state.extras?.asking?.stepBelow.take()
        }
        // Released after the lock: it may be the last reference to a screen of the user's.
        _ = consume below
    }

    /// Why it is leaving or left, once its dismissal has begun.
    var leavingReason: DismissalReason? {
        withLock { $0.phase.dismissalReason ?? $0.phase.leavingReason }
    }

    /// A form's step whose answer was re-opened under the owner's lock: its listener is told
    /// after the lock (`isAnswered` changed). Holds the step below until then, so that it is
    /// released after the lock too.
    struct ReopenedStep {
        var step: Presentation?
        let listener: (any PresentationListener)?

        func tell() { listener?.presentationDidChange() }
    }
}

extension Presentation.State {
    /// A form's step leaves the screen for `reason` (in `finishDismissal`'s critical section):
    /// forgets the step below, and re-opens its answer if a person popped this one. Returns the
    /// step below, to release and tell after the lock.
    mutating func leaveFormStep(_ reason: DismissalReason) -> Presentation.ReopenedStep? {
        guard let below = extras?.asking?.stepBelow.take() else { return nil }
        guard reason == .byUser else { return Presentation.ReopenedStep(step: below, listener: nil) }
        let listener = below.withStateInOwnersCriticalSection { $0.reopenAnswer() }
        return Presentation.ReopenedStep(step: below, listener: listener)
    }

    /// Forgets the answer of a form's step shown again after the step above it was popped, so
    /// that it accepts a new one. Only one still on the screen, answered, whose form still
    /// waits (not abandoned). Returns its listener if it changed.
    mutating func reopenAnswer() -> (any PresentationListener)? {
        guard phase.isPresented, let asking = extras?.asking, !asking.abandoned, asking.answer != nil else {
            return nil
        }
        extras?.asking?.answer = nil
        return listener
    }
}
