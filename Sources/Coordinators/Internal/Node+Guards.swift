// What guards (`Guards/`) need from a node, under the node's lock: the guards its flow has up,
// and whether a move that would end it is deciding, which closes it (and its subtree) to new
// guards until that move has carried out what it decided.
//
// The race this closes: a move asks the guards it finds, then ends what it planned to end. A
// guard that began after the move looked would be torn down without being asked. So the move
// closes the roots of what it would end (`closeToGuards`), then reads the guards below them;
// a guard registers on its own node first, then looks up for a closed ancestor (itself
// included), and if it finds one it withdraws and waits until that node reopens. Each node's
// lock orders the two: either the move's read sees the registration, or the guard's look up
// sees the closure. A move that finds a guard it has not asked reopens what it closed, asks it,
// and looks again; a move that finds none ends what it planned before it reopens, so that a
// guard woken then finds its flow ending (`checkRunning` throws `flowEnded`).

extension Node {
    /// One guard up on a node: its registration's id, and the guard itself, as `Guards/` made
    /// it (erased: this layer names no higher one).
    typealias GuardEntry = (id: UInt64, value: any Sendable)

    /// Registers `value` as a guard of this flow and returns its id, once no move that would
    /// end this flow is deciding. Throws `flowEnded` (or `notRunning`) if the flow does not run
    /// (also when a move that was deciding has ended it meanwhile), `CancellationError` if the
    /// calling task is cancelled while it waits.
    func addGuard(_ value: any Sendable) async throws -> UInt64 {
        let id = context?.makeID() ?? 0
        while true {
            try withLock { state throws(CoordinatorError) in
                try state.machine.checkRunning(to: "guard its flow", coordinator: state.name)
                state.extras.guards.append((id, value))
            }
            guard let closed = closedAncestor() else {
                // No move keeps it closed now; but one may have looked, ended this flow and
                // reopened between the registration and that look: the flow must still run.
                try withLock { state throws(CoordinatorError) in
                    do throws(CoordinatorError) {
                        try state.machine.checkRunning(to: "guard its flow", coordinator: state.name)
                    } catch {
                        state.storedExtras?.guards.removeAll { $0.id == id }
                        throw error
                    }
                }
                return id
            }
            removeGuard(id)
            try await closed.waitUntilOpenToGuards()
        }
    }

    /// Removes the guard registered as `id`, if it is there.
    func removeGuard(_ id: UInt64) {
        withLock { state in state.storedExtras?.guards.removeAll { $0.id == id } }
    }

    /// This node or its nearest ancestor that a deciding move has closed to new guards.
    private func closedAncestor() -> Node? {
        var node: Node? = self
        while let current = node {
            let (closed, parent) = current.withLock { ($0.guardClosures > 0, $0.parent) }
            if closed { return current }
            node = parent
        }
        return nil
    }

    /// Returns once no move keeps this node closed to new guards.
    private func waitUntilOpenToGuards() async throws {
        try await awaitValue { continuation in
            withLock { state in
                guard state.guardClosures > 0 else { return .ready(()) }
                return .waiting(state.extras.guardWaiters.add(continuation))
            }
        } cancel: { id in
            self.withLock { $0.storedExtras?.guardWaiters.remove(id) }
        }
    }

    /// A deciding move closes this node and its subtree to new guards (see the top of this
    /// file), until it calls `reopenToGuards()`, once for each call of this.
    func closeToGuards() {
        withLock { state in state.extras.guardClosures += 1 }
    }

    /// Ends one `closeToGuards()`: once none is left, the guards waiting to begin go on.
    func reopenToGuards() {
        let waiting = withLock { state -> Waiters<Void>.Taken in
            guard let extras = state.storedExtras, extras.guardClosures > 0 else { return Waiters.Taken() }
            extras.guardClosures -= 1
            return extras.guardClosures == 0 ? extras.guardWaiters.takeAll() : Waiters.Taken()
        }
        for waiter in waiting { waiter.resume() }
    }

    /// Returns once an end of this flow is recorded (it is ending, or has ended): a guard
    /// being asked about a flow that ends anyway guards nothing any more. Unlike
    /// `flow.finished`, accepts no routes. Throws `CancellationError` if cancelled first.
    func waitUntilEnding() async throws {
        _ = try await awaitValue { continuation in
            withLock { state in
                if let cause = state.machine.endCause { return .ready(cause) }
                return .waiting(state.extras.endRequestWaiters.add(continuation))
            }
        } cancel: { id in
            self.withLock { $0.storedExtras?.endRequestWaiters.remove(id) }
        }
    }

    /// The guards up in the subtrees of `roots` (each node once), with the node each guards.
    static func guards(inSubtreesOf roots: [Node]) -> [(node: Node, entry: GuardEntry)] {
        var found: [(node: Node, entry: GuardEntry)] = []
        var seen = Set<ObjectIdentifier>()
        var pending = roots
        while let node = pending.popLast() {
            guard seen.insert(ObjectIdentifier(node)).inserted else { continue }
            let (guards, children) = node.withLock { ($0.storedExtras?.guards ?? [], $0.childNodes) }
            for entry in guards { found.append((node, entry)) }
            pending += children
        }
        return found
    }
}

extension Node.State {
    /// How many deciding moves keep this node closed to new guards (`Node+Guards.swift`).
    var guardClosures: Int { storedExtras?.guardClosures ?? 0 }
}
