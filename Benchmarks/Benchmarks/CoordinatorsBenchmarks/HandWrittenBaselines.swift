// The second baseline: the coordinator people write by hand. An actor keeps its
// children in a `[ID: child]` dictionary and awaits a `CheckedContinuation` for each child's
// result; each child's `start()` runs in a `Task` of its own. It is unstructured: cancelling
// the parent's task reaches no child, and stopping a tree is a walk the author writes.

/// A screen as a hand-written coordinator shows one: an object on a navigation stack.
final class HandWrittenScreen: Sendable {}

/// A navigation stack as hand-written coordinators drive one: an actor's array of screens.
actor HandWrittenNavigation {
    private var screens: [HandWrittenScreen] = []
    func push(_ screen: HandWrittenScreen) { screens.append(screen) }
    func remove(_ screen: HandWrittenScreen) { screens.removeAll { $0 === screen } }
}

actor HandWrittenCoordinator {
    private weak var parent: HandWrittenCoordinator?
    private let id: Int
    private var children: [Int: HandWrittenCoordinator] = [:]
    private var results: [Int: CheckedContinuation<Int, Never>] = [:]
    private var nextID = 0
    /// Resumed by `stop()`: the coordinator waits on it while its screen is up.
    private var finish: CheckedContinuation<Void, Never>?

    init(parent: HandWrittenCoordinator?, id: Int) {
        self.parent = parent
        self.id = id
    }

    // MARK: childFlowRoundTripHandWritten

    /// Starts a child that finishes at once and waits for its result.
    func runChild() async -> Int {
        nextID += 1
        let id = nextID
        let child = HandWrittenCoordinator(parent: self, id: id)
        children[id] = child
        return await withCheckedContinuation { continuation in
            results[id] = continuation
            Task { await child.finishAtOnce() }
        }
    }

    private func finishAtOnce() async {
        await parent?.childDidFinish(id, with: 1)
    }

    private func childDidFinish(_ id: Int, with value: Int) {
        children[id] = nil
        results.removeValue(forKey: id)?.resume(returning: value)
    }

    // MARK: cancelTree11111HandWritten, idleCoordinatorMemoryHandWritten

    /// Starts `fanOut` children per level down to `depth`, each in a task of its own, then
    /// waits (its screen is up) until `stop()`.
    func start(depth: Int, fanOut: Int, ready: Countdown) async {
        if depth > 0 {
            for _ in 0..<fanOut {
                nextID += 1
                let child = HandWrittenCoordinator(parent: self, id: nextID)
                children[nextID] = child
                Task { await child.start(depth: depth - 1, fanOut: fanOut, ready: ready) }
            }
        }
        await withCheckedContinuation { continuation in
            finish = continuation
            ready.tick()
        }
    }

    /// Stops the children (each its own children first), then itself.
    func stop() async {
        let children = self.children
        self.children = [:]
        for child in children.values { await child.stop() }
        finish?.resume()
        finish = nil
    }
}

/// A hand-written tree of the same shape as `RunningTree`, every coordinator started and
/// waiting.
final class RunningHandWrittenTree: Sendable {
    let root = HandWrittenCoordinator(parent: nil, id: 0)

    init(depth: Int, fanOut: Int) async {
        let ready = Countdown(nodeCount(depth: depth, fanOut: fanOut))
        let root = self.root
        Task { await root.start(depth: depth, fanOut: fanOut, ready: ready) }
        await ready.wait()
    }

    /// The hand-written "cancel": the author's walk that stops every coordinator.
    func stop() async { await root.stop() }
}

func childFlowRoundTripHandWritten(_ count: Int) async -> Int {
    let root = HandWrittenCoordinator(parent: nil, id: 0)
    var sum = 0
    for _ in 0..<count { sum += await root.runChild() }
    return sum
}

// MARK: presentDismissHandWritten — a screen object appended to and removed from an actor's array

func presentDismissHandWritten(_ count: Int) async {
    let navigation = HandWrittenNavigation()
    for _ in 0..<count {
        let screen = HandWrittenScreen()
        await navigation.push(screen)
        await navigation.remove(screen)
    }
}
