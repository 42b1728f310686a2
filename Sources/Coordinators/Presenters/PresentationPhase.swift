/// Where one presentation is, as a pure state machine: events in, what to do out.
/// `Presentation` keeps it inside its lock and carries out what it returns (events, its
/// owner, its waiters) after deciding. Each (phase, event) pair is unit tested
/// (`PresentationPhaseMachineTests`).
///
/// ```text
///  presenting ──presented──▶ presented ──a dismissal begins──▶ dismissing(reason) ──completed──▶ dismissed(reason)
///   │  │                                  (flow.dismiss, a person, a pop,
///   │  │                                   the owner's teardown)
///   │  └─ the owner's teardown claims it: presenting(teardownRequested) — the presenting
///   │     call then dismisses it as torn down; a report meanwhile leaves it torn down
///   └─ the presenter failed ──▶ dismissed(tornDown) (after a report, the report wins)
/// ```
enum PresentationPhase {
    case presenting(teardownRequested: Bool)
    case presented
    case dismissing(DismissalReason)
    case dismissed(DismissalReason)

    /// On the surface now: shown, and not yet dismissing.
    var isPresented: Bool {
        if case .presented = self { return true }
        return false
    }

    /// Its presenter's `present` (or a stack presenter's `replaceStack`) has not returned.
    var isBeingPresented: Bool {
        if case .presenting = self { return true }
        return false
    }

    /// Why it left, once it has.
    var dismissalReason: DismissalReason? {
        if case .dismissed(let reason) = self { return reason }
        return nil
    }

    /// Why it is leaving, while its dismissal is under way.
    var leavingReason: DismissalReason? {
        if case .dismissing(let reason) = self { return reason }
        return nil
    }

    // MARK: Events

    /// What `presented()` found.
    enum Presented {
        /// It is on the surface now: announce it.
        case presented
        /// Already marked presented: nothing changes.
        case alreadyPresented
        /// A presenter reported it gone while it was being shown, for this reason; nothing
        /// more to do (`.tornDown`: its owner's teardown had claimed it).
        case alreadyGone(DismissalReason)
        /// The owner's teardown asked for it meanwhile: the caller must dismiss it.
        case tearDown
    }

    /// Its presenter's `present` returned.
    mutating func presented() -> Presented {
        switch self {
        case .presenting(teardownRequested: false):
            self = .presented
            return .presented
        case .presenting(teardownRequested: true):
            self = .dismissing(.tornDown)
            return .tearDown
        case .dismissing(let reason), .dismissed(let reason):
            return .alreadyGone(reason)
        case .presented:
            return .alreadyPresented
        }
    }

    /// Its presenter failed to show it: it is gone, torn down, without a dismissal — unless
    /// its presenter reported it gone while showing it. That report came first, and the first
    /// dismissal wins: its caller completes it. Returns whether the phase changed.
    mutating func failed() -> Bool {
        switch self {
        case .presenting, .presented:
            self = .dismissed(.tornDown)
            return true
        case .dismissing, .dismissed:
            return false
        }
    }

    /// Why `beginDismissal` refused.
    enum Refusal: Equatable {
        /// It is still being shown.
        case stillPresenting
        /// It is already leaving, or gone, for this reason.
        case alreadyLeft(DismissalReason)
    }

    /// Its owner dismisses it (`flow.dismiss`): begins the dismissal, or says why not.
    mutating func beginDismissal(_ reason: DismissalReason) -> Refusal? {
        switch self {
        case .presented:
            self = .dismissing(reason)
            return nil
        case .presenting:
            return .stillPresenting
        case .dismissing(let earlier), .dismissed(let earlier):
            return .alreadyLeft(earlier)
        }
    }

    /// What `report(_:)` decided.
    enum Report: Equatable {
        /// The dismissal begins for the reported reason.
        case reported
        /// It begins as torn down: its owner's teardown had claimed it while it was shown.
        case tornDown
        /// A dismissal was already under way, or done: the first one wins.
        case ignored
    }

    /// A presenter reports that it left the surface by a way the runtime did not ask for.
    mutating func report(_ reason: DismissalReason) -> Report {
        switch self {
        case .presenting(teardownRequested: false), .presented:
            self = .dismissing(reason)
            return .reported
        case .presenting(teardownRequested: true):
            self = .dismissing(.tornDown)
            return .tornDown
        case .dismissing, .dismissed:
            return .ignored
        }
    }

    /// What the owner's teardown does with it.
    enum TeardownStep: Equatable {
        /// Ask its presenter to dismiss it.
        case dismiss
        /// Wait until it is dismissed (by the presenting call, or the dismissal under way).
        case wait
        /// Nothing: it is gone.
        case done
    }

    /// Its owner's teardown reaches it.
    mutating func tearDown() -> TeardownStep {
        switch self {
        case .presented:
            self = .dismissing(.tornDown)
            return .dismiss
        case .presenting:
            self = .presenting(teardownRequested: true)
            return .wait
        case .dismissing:
            return .wait
        case .dismissed:
            return .done
        }
    }

    /// Its dismissal is complete (its event sent, its owner told): it is gone. Returns the
    /// reason, or `nil` if no dismissal was under way.
    mutating func dismissalCompleted() -> DismissalReason? {
        guard case .dismissing(let reason) = self else { return nil }
        self = .dismissed(reason)
        return reason
    }
}
