/// What became of a flow event: which coordinators handled it on its way up the tree, and
/// which one stopped it. `flow.send(_:)` returns it.
public struct FlowEventReceipt: Sendable, Hashable, CustomStringConvertible {
    /// A coordinator whose handler ran for the event.
    public struct Handler: Sendable, Hashable, CustomStringConvertible {
        /// The coordinator's identifier in its tree.
        public let coordinator: CoordinatorID
        /// The coordinator's type, named when asked (the journey does not pay for the name).
        private let type: Any.Type

        init(coordinator: CoordinatorID, type: Any.Type) {
            self.coordinator = coordinator
            self.type = type
        }

        /// The coordinator's type name, such as `MovieDetailsCoordinator`.
        public var coordinatorType: String { String(describing: type) }

        /// `MovieDetailsCoordinator #4`.
        public var description: String { "\(coordinatorType) \(coordinator)" }

        /// The same coordinator (id and type).
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.coordinator == rhs.coordinator && lhs.type == rhs.type
        }

        /// Hashes the id and the type.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(coordinator)
            hasher.combine(ObjectIdentifier(type))
        }
    }

    /// The event's type.
    private let type: Any.Type

    /// The coordinators whose handlers ran, nearest to the sender first.
    public let handledBy: [Handler]

    /// The coordinator whose handler returned `.stop` (the last of `handledBy`), or `nil`
    /// if none did and the event went past the root.
    public let stoppedBy: Handler?

    init(eventType: Any.Type, handledBy: [Handler], stopped: Bool) {
        type = eventType
        self.handledBy = handledBy
        stoppedBy = stopped ? handledBy.last : nil
    }

    /// The event's type name, such as `MovieUpdated`.
    public var eventType: String { String(describing: type) }

    /// Whether at least one ancestor handled the event. An unhandled event is also recorded
    /// as a `flowEventUnhandled` lifecycle event of the sender.
    public var isHandled: Bool { !handledBy.isEmpty }

    /// `MovieUpdated handled by MovieDetailsCoordinator #4, MoviesCoordinator #2 (stopped)`,
    /// or `MovieUpdated unhandled`.
    public var description: String {
        guard isHandled else { return "\(eventType) unhandled" }
        let handlers = handledBy.map(\.description).joined(separator: ", ")
        return "\(eventType) handled by \(handlers)\(stoppedBy == nil ? "" : " (stopped)")"
    }

    /// The same event type, handled by the same coordinators, stopped by the same one.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.type == rhs.type && lhs.handledBy == rhs.handledBy && lhs.stoppedBy == rhs.stoppedBy
    }

    /// Hashes the event type and the handlers.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type))
        hasher.combine(handledBy)
        hasher.combine(stoppedBy)
    }
}
