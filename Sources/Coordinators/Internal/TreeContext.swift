/// What the nodes of one `CoordinatorTree` share: the id counter, the running root, and the
/// lifecycle event subscribers.
final class TreeContext: Sendable {
    struct State {
        var nextID: UInt64 = 0
        var root: Node?
        var subscribers: [ObjectIdentifier: EventSubscription] = [:]
    }

    let state = Locked(State())

    func makeID() -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
    }

    /// Sends a lifecycle event about `node`. With no subscriber this costs one uncontended
    /// lock: the event is not even built.
    func emit(_ node: Node, _ kind: Node.EventKind) {
        guard let subscribers = state.withLock({ $0.subscribers.isEmpty ? nil : Array($0.subscribers.values) })
        else { return }
        let event = node.state.withLock { state in
            LifecycleEvent(
                kind: kind.public,
                coordinator: state.id,
                coordinatorType: Node.name(state),
                parent: state.parent?.id)
        }
        for subscriber in subscribers {
            subscriber.send(event)
        }
    }

    func subscribe() -> EventSubscription {
        let subscription = EventSubscription(context: self)
        state.withLock { $0.subscribers[ObjectIdentifier(subscription)] = subscription }
        return subscription
    }

    func unsubscribe(_ subscription: EventSubscription) {
        state.withLock { _ = $0.subscribers.removeValue(forKey: ObjectIdentifier(subscription)) }
    }

    /// Claims the tree for `root`; throws if another root is running.
    func beginRun(_ root: Node, coordinator: @autoclosure () -> String) throws(CoordinatorError) {
        try state.withLock { state throws(CoordinatorError) in
            guard state.root == nil else {
                throw CoordinatorError(
                    .treeBusy,
                    "This CoordinatorTree is already running \(state.root?.coordinatorName ?? "a root"); "
                        + "it cannot also run \(coordinator()). Run the second flow as a child of the root, or "
                        + "use a second CoordinatorTree.")
            }
            state.root = root
        }
    }

    /// The root has ended: release it and end every event subscription.
    func endRun() {
        let subscribers = state.withLock { state in
            state.root = nil
            defer { state.subscribers.removeAll() }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers {
            subscriber.finish()
        }
    }
}

extension Node {
    /// A lifecycle event as the runtime records it.
    enum EventKind {
        case started
        case presented(PresentationInfo)
        case dismissed(PresentationInfo, DismissalReason)
        case ended(EndCause)

        var `public`: LifecycleEvent.Kind {
            switch self {
            case .started: .started
            case .presented(let info): .presented(info)
            case .dismissed(let info, let reason): .dismissed(info, reason)
            case .ended(.finished): .finished
            case .ended(.failed(let error)): .failed(String(describing: error))
            case .ended(.cancelled): .cancelled
            case .ended(.dismissed(let reason)): .endedByDismissal(reason)
            }
        }
    }
}
