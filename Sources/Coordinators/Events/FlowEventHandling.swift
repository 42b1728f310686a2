/// What a flow event handler did with the event: whether the event goes on up the tree.
public enum FlowEventHandling: Sendable, Hashable {
    /// Handled here; ancestors further up do not see the event.
    case stop
    /// Handled here; the next ancestor with a handler for the event's type sees it too.
    case passOn
}
