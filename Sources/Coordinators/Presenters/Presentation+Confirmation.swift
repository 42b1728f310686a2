// A person's dismissal that asks first (a veto).

extension Presentation {
    /// A person's dismissal's confirmation. In the presentation's extras, made when one is
    /// first set: most presentations never have one.
    struct Confirmation {
        /// Asked before a person may dismiss the presentation.
        var confirm: (@Sendable () async throws -> Bool)?
        /// Counts the calls to `setUserDismissalConfirmation(_:)`, so that a gesture can tell
        /// whether the confirmation it asked is still the one in force.
        var revision: UInt64 = 0
    }

    /// Makes a person's dismissal of this presentation (a swipe back, a swipe down, a back
    /// button) ask `confirm` first; `nil` removes the confirmation.
    ///
    /// `confirm` typically calls its coordinator, which may itself ask a question
    /// ("Discard your changes?"). Returning `true` lets the gesture proceed as any user
    /// dismissal; returning `false` or throwing refuses it, and everything stays as it was.
    /// Coordinator calls (`flow.dismiss`, pops, teardown) are never asked.
    ///
    /// Set it when there is something to lose (when a form becomes dirty) and clear it when
    /// there is not. After the presentation has left the screen this does nothing.
    public func setUserDismissalConfirmation(_ confirm: (@Sendable () async throws -> Bool)?) {
        // The confirmation it replaces is released after the lock (see `finishDismissal`).
        var replaced = confirm
        let listener = withLock { state -> (any PresentationListener)? in
            if case .dismissed = state.phase { return nil }
            if state.extras == nil { state.extras = Extras(asking: nil, detent: nil) }
            if let extras = state.extras { swap(&extras.confirmation.confirm, &replaced) }
            state.extras?.confirmation.revision += 1
            return state.listener
        }
        listener?.presentationDidChange()
    }

    /// Whether a person's dismissal would be confirmed first (see
    /// `setUserDismissalConfirmation(_:)`).
    public var confirmsUserDismissal: Bool { withLock { $0.extras?.confirmation.confirm != nil } }

    /// For presenters, before a person's gesture removes this presentation: asks its
    /// confirmation, if it has one, and returns whether the gesture may proceed.
    ///
    /// Returns `true` without waiting when there is no confirmation, `false` if the
    /// presentation is already leaving the screen. A presentation whose `present` has not
    /// returned yet (its appearance is animating) is on the screen: a person may remove it.
    /// A confirmation that throws (its question was dismissed, its coordinator ended) counts
    /// as a refusal.
    ///
    /// Cancellation: the confirmation runs in the calling task and sees its cancellation;
    /// if it throws `CancellationError`, the gesture is refused.
    public func confirmUserDismissal() async -> Bool {
        switch userDismissalCheck() {
        case .free: return true
        case .leaving: return false
        case .confirm(let confirm, _): return (try? await confirm()) ?? false
        }
    }

    /// What a person's gesture must do before removing this presentation now.
    enum UserDismissalCheck {
        /// Nothing: remove it.
        case free
        /// Ask `confirm`, the confirmation set by the `revision`th call to
        /// `setUserDismissalConfirmation(_:)`.
        case confirm(@Sendable () async throws -> Bool, revision: UInt64)
        /// It is already leaving the screen (its coordinator dismisses it, or its teardown
        /// claimed it while it was being shown): no person's gesture decides about it.
        case leaving
    }

    /// Reads what a person's gesture must do (see `UserDismissalCheck`). Takes only its
    /// owner's lock, so a presenter may call it inside its own critical section.
    func userDismissalCheck() -> UserDismissalCheck {
        withLock { state in
            switch state.phase {
            case .presenting(teardownRequested: false), .presented:
                guard let confirmation = state.extras?.confirmation, let confirm = confirmation.confirm else {
                    return .free
                }
                return .confirm(confirm, revision: confirmation.revision)
            case .presenting(teardownRequested: true), .dismissing, .dismissed:
                return .leaving
            }
        }
    }
}
