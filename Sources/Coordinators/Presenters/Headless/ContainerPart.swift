/// What a part tells its container after a change.
enum PartChange: Sendable {
    /// The part's state changed (its revision went up): a change of the container too.
    case state
    /// Only a presentation the part holds changed (it was shown, answered, left…): the
    /// container's waiters re-check, its revision stays (see
    /// `HeadlessStore.presentationDidChange()`).
    case presentation
}

/// A headless presenter that can be a part of a container: a tab, a slot.
protocol ContainerPart: AnyObject, Sendable {
    /// Creates a part that calls `containerDidChange` after each of its changes.
    init(name: String, containerDidChange: (@Sendable (PartChange) -> Void)?)

    /// Empties the part, as when its tab leaves the bar: what it showed reports `reason`,
    /// most recent first.
    func removeAll(reporting reason: DismissalReason)
}

extension SlotPresenter: ContainerPart {
    func removeAll(reporting reason: DismissalReason) {
        let removed = store.update { state in
            defer { state.presentation = nil }
            return (state.presentation, changed: state.presentation != nil)
        }
        removed?.reportDismissal(reason)
    }
}

extension NavigationPresenter: ContainerPart {
    func removeAll(reporting reason: DismissalReason) {
        let removed = core.store.update { state in
            defer { state.stack = [] }
            return (state.stack, changed: !state.stack.isEmpty)
        }
        removed.reportDismissals(reason)
    }
}
