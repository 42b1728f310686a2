// A person's removal of presentations from a stack: at once (a back button, a swipe down)
// or at the end of an interactive gesture (`UserGesture`), after asking confirmations.

extension HeadlessStore where State: StackState {
    private static func checkNoGesture(in state: State) throws(CoordinatorError) {
        guard state.gestureInProgress.isEmpty else {
            throw CoordinatorError(
                .gestureInProgress,
                "A person's gesture was made while an interactive one, over "
                    + "\(state.gestureInProgress.map(\.description)), was in progress. A person makes one gesture at a "
                    + "time: complete or cancel the interactive one first.")
        }
    }

    /// Starts an interactive gesture over the top `count(stack)` presentations: marks them
    /// in the state, and returns them.
    func beginGesture(
        count: ([Presentation]) throws(CoordinatorError) -> Int
    ) throws(CoordinatorError) -> [Presentation] {
        try mutate(always: { state throws(CoordinatorError) -> [Presentation] in
            try Self.checkNoGesture(in: state)
            state.gestureInProgress = Array(state.stack.suffix(try count(state.stack)))
            return state.gestureInProgress
        })
    }

    /// The gesture over `planned` was let go early: unmarks it, reports nothing.
    func cancelGesture(_ planned: [Presentation]) {
        update { state in
            let isThisGesture = state.gestureInProgress == planned
            if isThisGesture { state.gestureInProgress = [] }
            return ((), changed: isThisGesture)
        }
    }

    /// A person removes the top `count(stack)` presentations at once (a back button, a
    /// swipe down), leaving at least `minimumKept` below them; see `removeByUser`. Throws
    /// what `count` throws, and `gestureInProgress` while an interactive gesture has not
    /// ended — both judged on the stack as it is when the gesture lands.
    func removeTopByUser(
        keeping minimumKept: Int, count: ([Presentation]) throws(CoordinatorError) -> Int
    ) async throws(CoordinatorError) -> Bool {
        try await removeByUser(keeping: minimumKept, endingGesture: false) { state throws(CoordinatorError) in
            try Self.checkNoGesture(in: state)
            return Array(state.stack.suffix(try count(state.stack)))
        }
    }

    /// The interactive gesture over `planned` is let go past the threshold: it ends, and
    /// removes `planned` as `removeByUser` does.
    func completeGesture(_ planned: [Presentation], keeping minimumKept: Int) async -> Bool {
        await removeByUser(keeping: minimumKept, endingGesture: true) { _ in planned }
    }

    /// A person removes the presentations `plan` picks from the top of the stack.
    ///
    /// Picking, checking and removing are one critical section, so a gesture that needs no
    /// confirmation acts on the stack exactly as it is when it lands, whatever else happens
    /// meanwhile. Confirmations are asked outside it, most recent first; then the same
    /// presentations are removed if they are still the top with at least `minimumKept`
    /// below, and every confirmation in force is one that agreed (one set meanwhile is asked
    /// too). If one refuses, or the stack changed while they were asked, or one of them does
    /// not allow interactive dismissal (`PresentationOptions`), nothing changes and this
    /// returns `false`. Removed presentations report `.byUser`; those their coordinator
    /// was already dismissing keep that reason.
    private func removeByUser<Failure: Error>(
        keeping minimumKept: Int, endingGesture: Bool, plan: (State) throws(Failure) -> [Presentation]
    ) async throws(Failure) -> Bool {
        var step = try removalStep(keeping: minimumKept, endingGesture, agreed: [:], plan)
        var agreed: [ObjectIdentifier: UInt64] = [:]
        while true {
            switch step {
            case .removed(let removed):
                removed.reportDismissals(.byUser)
                return true
            case .refused:
                return false
            case .confirm(let planned, let questions):
                for question in questions {
                    guard (try? await question.confirm()) ?? false else {
                        if endingGesture { cancelGesture(planned) }
                        return false
                    }
                    agreed[ObjectIdentifier(question.presentation)] = question.revision
                }
                step = removalStep(keeping: minimumKept, endingGesture, agreed: agreed) { _ in planned }
            }
        }
    }

    /// One critical section of `removeByUser`: picks the presentations, and removes them if
    /// nothing is left to confirm (`agreed` maps each presentation to the revision of the
    /// confirmation that agreed).
    private func removalStep<Failure: Error>(
        keeping minimumKept: Int, _ endingGesture: Bool, agreed: [ObjectIdentifier: UInt64],
        _ plan: (State) throws(Failure) -> [Presentation]
    ) throws(Failure) -> UserRemovalStep {
        try update { state throws(Failure) -> (UserRemovalStep, changed: Bool) in
            let planned = try plan(state)
            let endsGesture = endingGesture && state.gestureInProgress == planned
            // A screen whose options do not offer the gesture stays (an alert with no cancel
            // button, a sheet with `allowsInteractiveDismissal: false`).
            guard !planned.isEmpty, state.stack.count - planned.count >= minimumKept,
                state.stack.suffix(planned.count).elementsEqual(planned),
                planned.allSatisfy(\.options.allowsInteractiveDismissal)
            else {
                if endsGesture { state.gestureInProgress = [] }
                return (.refused, changed: endsGesture)
            }
            let questions = planned.reversed().compactMap { presentation -> ConfirmationQuestion? in
                guard case .confirm(let confirm, let revision) = presentation.userDismissalCheck(),
                    agreed[ObjectIdentifier(presentation)] != revision
                else { return nil }
                return ConfirmationQuestion(presentation: presentation, confirm: confirm, revision: revision)
            }
            guard questions.isEmpty else { return (.confirm(planned, questions), changed: false) }
            if endsGesture { state.gestureInProgress = [] }
            state.stack.removeLast(planned.count)
            return (.removed(planned), changed: true)
        }
    }
}

/// What one critical section of a person's removal found.
private enum UserRemovalStep {
    /// Removed from the stack; to be reported.
    case removed([Presentation])
    /// Not on top any more (or too few would be left): nothing changed.
    case refused
    /// These presentations' confirmations must agree first.
    case confirm([Presentation], [ConfirmationQuestion])
}

/// A confirmation to ask before a person's removal, and which one it is.
private struct ConfirmationQuestion {
    let presentation: Presentation
    let confirm: @Sendable () async throws -> Bool
    let revision: UInt64
}
