@testable import Coordinators

/// What the engine's own tests read of a node's hosting, as plain values: the one place a
/// test reaches into a node's state, so that a change of its storage changes one file.
struct NodeView: Equatable {
    /// Where a node's hosting loop is.
    enum Loop: Equatable {
        /// Never asked for.
        case none
        /// Asked for, not started.
        case requested
        /// Started, not returned (serving jobs or waiting for them).
        case running
        /// Returned.
        case ended
    }

    /// Whether the node made what only some coordinators use (its host among them).
    var hasExtras: Bool
    /// Its hosting loop, `nil` while it has no extras.
    var loop: Loop?
    /// The children its host runs and that have not left its group, `nil` while it has no
    /// extras.
    var hostedCount: Int?
}

extension Node {
    /// The node's hosting now (`NodeView`).
    var view: NodeView {
        withLock { state in
            let host = state.storedExtras?.host
            let loop: NodeView.Loop? =
                switch host?.mailbox.phase {
                case nil: nil
                case .noLoop: NodeView.Loop.none
                case .requested: .requested
                case .serving, .waiting: .running
                case .returned: .ended
                }
            return NodeView(hasExtras: host != nil, loop: loop, hostedCount: host?.members.count)
        }
    }
}
