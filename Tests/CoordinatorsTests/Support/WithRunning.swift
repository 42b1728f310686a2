import Coordinators

/// Runs `root` in a tree of its own until `shown()` holds (checked after each of the tree's
/// lifecycle events), runs `body` with the tree, then cancels the tree and waits until it has
/// ended — also when `body` throws.
func withRunning(
    _ root: some Coordinator, until shown: @autoclosure @escaping @Sendable () -> Bool,
    _ body: (CoordinatorTree) async throws -> Void
) async throws {
    let tree = CoordinatorTree()
    let events = tree.events()
    let run = Task { await tree.runForOutcome(root) }
    do {
        if !shown() {
            for await _ in events where shown() { break }
        }
        try await body(tree)
    } catch {
        tree.cancel()
        _ = await run.value
        throw error
    }
    tree.cancel()
    _ = await run.value
}
