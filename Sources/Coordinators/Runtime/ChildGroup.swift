/// Child coordinators running at the same time, each in a child task of its parent's own
/// task: what a task group is to tasks, for the children of a coordinator's `start()`.
///
/// Made by `Flow.withChildGroup(of:returning:isolation:body:)`, which hands it to its body:
///
/// ```swift
/// let photos = try await flow.withChildGroup(of: Photo.self) { group in
///     for album in albums { try group.start(AlbumCoordinator(album: album)) }
///     var photos: [Photo] = []
///     while let (_, outcome) = await group.next() { photos += [try outcome.get()] }
///     return photos
/// }
/// ```
///
/// Each child is a child of the coordinator (in its subtree, its snapshot and its teardown)
/// and runs in a child task of the group, which is a child task of `start()`'s task — as a
/// task group's child tasks are — so it costs what a bare child task costs: no hand-over to
/// the coordinator's hosting loop, which `flow.start(_:)` pays. Use it only in the closure
/// given to `withChildGroup`, from `start()`'s task; it is not `Sendable`.
public struct ChildGroup<Output: Sendable> {
    /// Whether the group is still open, and the children it started that `next()` has not
    /// returned yet, to cancel them. Shared by every copy of the group; used only by the task
    /// running the coordinator's `start()` (the group is not `Sendable`).
    final class Storage {
        var isOpen = true
        var running: [ObjectIdentifier: Node] = [:]
    }

    private var tasks: TaskGroup<Node>
    private let parent: Node
    private let storage: Storage

    init(tasks: TaskGroup<Node>, parent: Node, storage: Storage) {
        // A copy of the group `withTaskGroup` made: a task group is a reference to the
        // group's storage, valid until `withTaskGroup` returns, which `storage.isOpen` tracks.
        self.tasks = tasks
        self.parent = parent
        self.storage = storage
    }

    /// Starts `child` as a child of this coordinator, in a child task of the group, and
    /// returns a handle to await or cancel it on its own. It starts at once, on the calling
    /// thread, and runs there until it first suspends.
    ///
    /// Throws `CoordinatorError`: `childGroupEnded` once `withChildGroup` has returned (the
    /// group was kept past its body); `notInStart` from a task other than the one running
    /// this coordinator's `start()`; `alreadyRun` if this instance ran before; `flowEnded`
    /// if this flow has ended. But for `childGroupEnded`, the instance is then spent, as it
    /// is when `flow.run(_:)` fails to start it.
    @discardableResult
    public mutating func start<Child: Coordinator>(
        _ child: Child
    ) throws(CoordinatorError) -> ChildFlow<Output> where Child.Output == Output {
        guard storage.isOpen else {
            throw CoordinatorError(
                .childGroupEnded,
                "A child group was asked to start \(Child.self) after withChildGroup returned. Start children only "
                    + "inside the closure given to withChildGroup; it returns once they have all ended.")
        }
        let childNode = child.flow.node
        guard try parent.adopt(childNode, running: Child.self, acceptingRoutes: true) else {
            let error = CoordinatorError(
                .notInStart,
                "\(parent.coordinatorName)'s child group was asked to start \(Child.self) from a task other than its "
                    + "start()'s own. Start a group's children from the closure given to withChildGroup, not from "
                    + "tasks it makes.")
            childNode.abandon(error)
            throw error
        }
        storage.running[ObjectIdentifier(childNode)] = childNode
        tasks.addTaskStartingNow {
            await childNode.host(child)
            return childNode
        }
        return ChildFlow(node: childNode)
    }

    /// Waits for the next child to end — after its teardown, as `flow.run(_:)` returns —
    /// and returns its identifier and how it ended; `nil` if no child is left (or the group
    /// has ended). Children are returned in the order they end.
    ///
    /// Cancellation: cancelling the task does not cancel the children (this coordinator's
    /// end does, and `cancelAll()`); the wait goes on until one ends, as a task group's does.
    public mutating func next(
        isolation: isolated (any Actor)? = #isolation
    ) async -> (id: CoordinatorID, outcome: FlowOutcome<Output>)? {
        guard storage.isOpen, let node = await tasks.next(isolation: isolation) else { return nil }
        storage.running[ObjectIdentifier(node)] = nil
        return (node.id, FlowOutcome(node.teardownCause))
    }

    /// Whether every child the group started has been returned by `next()`.
    public var isEmpty: Bool {
        !storage.isOpen || storage.running.isEmpty
    }

    /// Cancels every child that `next()` has not returned: each ends as `cancelled` unless it
    /// had already ended, and tears down its subtree. Returns at once; `next()` returns them
    /// as they end.
    public func cancelAll() {
        for node in storage.running.values { node.requestEnd(.cancelled) }
    }
}
