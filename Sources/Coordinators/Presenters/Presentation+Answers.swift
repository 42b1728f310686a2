// Screens that answer (`Flow.ask`).

/// What `Presentation.answer(_:)` accepts: the `Answer` type of the screen that was asked.
struct ExpectedAnswer: Sendable {
    let accepts: @Sendable (any Sendable) -> Bool
    let typeName: String

    init<Answer: Sendable>(_: Answer.Type) {
        accepts = { $0 is Answer }
        typeName = String(describing: Answer.self)
    }
}

extension Presentation {
    /// What ends `Flow.ask`'s wait: the answer, or the presentation leaving first.
    enum Reply: Sendable {
        case answered(any Sendable)
        case dismissed(DismissalReason)
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
    /// the second time, `alreadyDismissed` once it has left the screen.
    public func answer<Value: Sendable>(_ value: Value) throws(CoordinatorError) {
        guard let expectedAnswer else {
            throw CoordinatorError(
                .notAsking,
                "\(self) was answered, but it was shown with flow.present(_:on:), which expects no answer. Show it "
                    + "with flow.ask(_:on:) to await its answer.")
        }
        guard expectedAnswer.accepts(value) else {
            throw CoordinatorError(
                .wrongAnswerType,
                "\(self) was answered with a \(Value.self), but \(screen.screenName).Answer is "
                    + "\(expectedAnswer.typeName). Answer with a value of that type.")
        }
        let (waiters, listener) = try state.withLock {
            state throws(CoordinatorError) -> (Waiters<Reply>.Taken, (any PresentationListener)?) in
            switch state.phase {
            case .presenting, .presented: break
            case .dismissing(let reason), .dismissed(let reason):
                throw CoordinatorError(
                    .alreadyDismissed,
                    "\(self) was answered after it left the screen (\(reason)); its coordinator has already been "
                        + "told that it went unanswered.")
            }
            guard !state.askAbandoned else {
                throw CoordinatorError(
                    .notAsking,
                    "\(self) was answered after the flow.ask that showed it was cancelled; nobody awaits its "
                        + "answer any more.")
            }
            guard state.answer == nil else {
                throw CoordinatorError(
                    .alreadyAnswered, "\(self) was answered twice; a screen answers its coordinator once.")
            }
            state.answer = value
            return (state.replyWaiters.takeAll(), state.listener)
        }
        listener?.presentationDidChange()
        for waiter in waiters { waiter.resume(returning: .answered(value)) }
    }

    /// Whether the screen has answered (see `answer(_:)`).
    public var isAnswered: Bool { state.withLock { $0.answer != nil } }

    /// Waits for the answer or the dismissal, whichever came first. An answer given before
    /// the dismissal wins. Cancelling the waiting task throws `CancellationError`.
    func reply() async throws -> Reply {
        try await awaitValue { continuation in
            state.withLock { state in
                if let answer = state.answer { return .ready(.answered(answer)) }
                if case .dismissed(let reason) = state.phase { return .ready(.dismissed(reason)) }
                return .waiting(state.replyWaiters.add(continuation))
            }
        } cancel: { [state] id in
            state.withLock { $0.replyWaiters.remove(id) }
        }
    }

    /// The asking task was cancelled: from now on answers are refused (`notAsking`) instead
    /// of being kept for nobody. Returns the answer if one arrived before.
    func abandonAsk() -> (any Sendable)? {
        state.withLock { state in
            if state.answer == nil { state.askAbandoned = true }
            return state.answer
        }
    }

    /// Dismisses it for its coordinator unless it is already leaving.
    func dismissIfPresented(_ reason: DismissalReason) async {
        guard (try? beginDismissal(reason)) != nil else { return }
        await performDismissal(reason)
    }
}
