import Observation

/// A headless surface that shows one presentation at a time: a window's root, a tab's
/// content in a `TabPresenter`, a slot of a `ContainerPresenter`.
///
/// Presenting replaces what was shown: the old presentation reports `.replaced`, which
/// ends its coordinator if it was its main screen, and with it that coordinator's whole
/// subtree — replacing the root after a login takes the whole onboarding away. Not bound
/// to the main actor.
///
/// ```text
///   (empty) ──present(Onboarding)──▶ [Onboarding] ──present(Home)──▶ [Home]   (Onboarding: .replaced)
/// ```
public final class SlotPresenter: Presenter, Observable {
    /// What the slot shows, as plain values.
    public struct State: Sendable, Hashable, HeadlessState {
        /// The presentation shown, if any.
        public var presentation: Presentation?
        /// Counts the changes applied; each operation that changes the slot adds one.
        public var revision = 0
        /// Which of those changes were animated.
        public var animation = AnimationRecord()

        mutating func recordChange(animated: Bool) { animation.record(animated: animated) }
    }

    /// A name for logs and snapshots.
    public let name: String
    let store: HeadlessStore<State>

    /// Creates an empty slot.
    public convenience init(name: String = "root") {
        self.init(name: name, containerDidChange: nil)
    }

    /// With `containerDidChange`, a part of a container (a tab, a slot) whose changes are
    /// also changes of its container.
    init(name: String, containerDidChange: (@Sendable (PartChange) -> Void)?) {
        self.name = name
        store = HeadlessStore(State(), containerDidChange: containerDidChange)
    }

    /// What the slot shows now.
    public var state: State { store.observed }

    /// The presentation shown, if any.
    public var presentation: Presentation? { state.presentation }

    /// Returns once `condition` holds for the slot (at once if it holds now); see
    /// "Waiting for a state" in `Guides/Presenters.md`. `condition` is re-checked after each
    /// change of the slot, and of the presentations it shows (`isPresented`, `isAnswered`,
    /// `dismissalReason`), so it may read their state.
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError`.
    public func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await store.waitUntil(condition)
    }

    /// Shows `presentation` in place of what was shown, which reports `.replaced`; at once.
    /// Called by the runtime.
    ///
    /// Cancellation: none; it applies at once.
    public func present(_ presentation: Presentation, animated: Bool) async throws {
        let replaced = store.mutate(
            animated: animated,
            always: { state in
                presentation.setListener(self)
                defer { state.presentation = presentation }
                return state.presentation
            })
        replaced?.reportDismissal(.replaced)
    }

    /// Accepts only `.automatic` options (throws `CoordinatorError` `unsupportedOptions`
    /// otherwise): a slot shows one screen in place of another, never a sheet or a push.
    /// Whether a person may dismiss it interactively is moot: no gesture removes a slot's
    /// screen.
    public func check(_ options: PresentationOptions) throws(CoordinatorError) {
        try OptionsRules.check(options, on: .slot, named: name)
    }

    /// Empties the slot, as when its tab leaves a bar: what it showed reports `reason`.
    func removeAll(reporting reason: DismissalReason) {
        let removed = store.update { state in
            defer { state.presentation = nil }
            return (state.presentation, changed: state.presentation != nil)
        }
        removed?.reportDismissal(reason)
    }

    /// What the slot shows: the next `present` replaces it.
    public var presentationReplacedByNextPresent: Presentation? { store.state.presentation }

    /// Empties the slot if it shows `presentation`, at once. Called by the runtime.
    ///
    /// Cancellation: none; it applies at once.
    public func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws {
        store.update(animated: animated) { state in
            guard state.presentation == presentation else { return ((), changed: false) }
            state.presentation = nil
            return ((), changed: true)
        }
    }
}

extension SlotPresenter: PresentationListener {
    /// A presentation it received changed (see `PresentationListener`): its waiters re-check.
    func presentationDidChange() { store.presentationDidChange() }
}
