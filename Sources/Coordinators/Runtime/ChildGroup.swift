/// Child coordinators running at the same time, each in a child task of its parent's own
/// task: what a task group is to tasks, for the children of a coordinator's `start()`.
///
/// Made by `Flow.withChildGroup(of:returning:isolation:body:)`, which hands it to its body:
///
/// ```swift
/// let photos = try await flow.withChildGroup(of: Photo.self) { group in
///     for album in albums { try group.start(AlbumCoordinator(album: album)) }
///     var photos: [Photo] = []
///     while let (_, outcome) = try await group.next() { photos += [try outcome.get()] }
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
    /// Whether the group is still open, the task that owns it, and the children it started
    /// that `next()` has not returned yet, to cancel them. Shared by every copy of the group,
    /// and, as the group is not `Sendable`, used in one isolation domain only.
    final class Storage {
        var isOpen = true
        /// The task running `start()`, which owns the task group: only it may add to it or
        /// wait on it. (A copy stored in the coordinator's actor could be reached from another
        /// task running on that actor, an actor method a screen called.) Dropped when the
        /// group closes, while that task still runs (`RunningTask`).
        private(set) var owner: RunningTask?
        var running: [ObjectIdentifier: Node] = [:]

        init(owner: RunningTask?) { self.owner = owner }

        /// Closes the group: `withTaskGroup` is about to await what is left, after which the
        /// task group is gone.
        func close() {
            isOpen = false
            owner = nil
            running = [:]
        }

        /// Throws `notInStart` unless the calling task owns the group.
        func checkOwner(
            to action: @autoclosure () -> String, coordinator: @autoclosure () -> String
        ) throws(CoordinatorError) {
            guard owner?.isCurrent ?? false else {
                throw CoordinatorError(
                    .notInStart,
                    "\(coordinator())'s child group was asked to \(action()) from a task other than its start()'s "
                        + "own (an actor method a screen called, or a task it made). Use a group only in the closure "
                        + "given to withChildGroup; from other tasks, start children with flow.start(_:).")
            }
        }
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
    /// returns a handle to await or cancel it on its own. Where immediate tasks are available
    /// (Linux; Apple platforms from their 26 releases), the task starts at once on the
    /// calling thread and runs there until it first suspends, as `flow.run(_:timeout:)`'s does.
    ///
    /// Throws `CoordinatorError`: `childGroupEnded` once `withChildGroup` has returned (the
    /// group was kept past its body); `notInStart` from a task other than the one running
    /// this coordinator's `start()` (a copy of the group kept in the coordinator and used
    /// from an actor method); `alreadyRun` if this instance ran before; `flowEnded` if this
    /// flow has ended. For the first two, the instance is not spent: it can run elsewhere;
    /// for the others it is, as when `flow.run(_:timeout:)` fails to start it.
    @discardableResult
    public mutating func start<Child: Coordinator>(
        _ child: Child, file: String = #fileID, line: Int = #line
    ) throws(CoordinatorError) -> ChildFlow<Output> where Child.Output == Output {
        guard storage.isOpen else {
            throw CoordinatorError(
                .childGroupEnded,
                "A child group was asked to start \(Child.self) after withChildGroup returned. Start children only "
                    + "inside the closure given to withChildGroup; it returns once they have all ended."
            ).located(at: file, line)
        }
        let childNode = child.flow.node
        do {
            try storage.checkOwner(to: "start \(Child.self)", coordinator: parent.coordinatorName)
            try parent.adopt(childNode, running: Child.self)  // starting a child sets up; `next` waits
        } catch {
            throw error.located(at: file, line)
        }
        storage.running[ObjectIdentifier(childNode)] = childNode
        tasks.addTaskStartingNow {
            await childNode.host(child)
            return childNode
        }
        return ChildFlow(node: childNode, parent: parent)
    }

    /// Waits for the next child to end — after its teardown, as `flow.run(_:timeout:)` returns —
    /// and returns its identifier and how it ended; `nil` if no child is left (or the group
    /// has ended: each of its children has). Children are returned in the order they end.
    ///
    /// Throws `CoordinatorError` `notInStart` from a task other than the one running this
    /// coordinator's `start()` (a copy of the group kept in the coordinator and used from an
    /// actor method), which may not wait on the group.
    ///
    /// Cancellation: the wait is not cancellable; it goes on until a child ends, as a task
    /// group's does. The runtime cancels `start()`'s task only once this coordinator's end is
    /// recorded, with the end of every child below it, so each child then ends as
    /// `cancelled`, and this returns them.
    public mutating func next(
        isolation: isolated (any Actor)? = #isolation, file: String = #fileID, line: Int = #line
    ) async throws(CoordinatorError) -> (id: CoordinatorID, outcome: FlowOutcome<Output>)? {
        guard storage.isOpen else { return nil }
        do {
            try storage.checkOwner(to: "wait for its next child", coordinator: parent.coordinatorName)
        } catch {
            throw error.located(at: file, line)
        }
        parent.acceptRoutes()  // a wait on the runtime: links go on into the coordinator from here
        guard let node = await tasks.next(isolation: isolation) else { return nil }
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
