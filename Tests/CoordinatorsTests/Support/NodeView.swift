@testable import Coordinators

/// What the engine's own tests read of a node's hosting, as plain values: the one place a
/// test reaches into a node's state, so that a change of its storage changes one file.
struct NodeView: Equatable {
    /// Whether the node made what only some coordinators use (its mailbox among them).
    var hasExtras: Bool
    /// Its hosting loop's state, `nil` while it has no extras.
    var loop: Node.Mailbox.Loop?
    /// The children its host runs and that have not returned, `nil` while it has no extras.
    var hostedCount: Int?
}

extension Node {
    /// The node's hosting now (`NodeView`).
    var view: NodeView {
        withLock { state in
            NodeView(
                hasExtras: state.storedExtras != nil, loop: state.storedExtras?.mailbox.loop,
                hostedCount: state.storedExtras?.hosted.count)
        }
    }
}
