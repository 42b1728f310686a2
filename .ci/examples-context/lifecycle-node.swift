// Wraps Guides/Lifecycle.md's sketch of the node's `host(_:)`, with the steps it calls as
// stubs. The library's own (Sources/Coordinators/Runtime/Node+Hosting.swift) also carries
// where the teardown begins and whether a child waits for its turn to leave its host.
private final class Node<C: Coordinator> {
    func beginHosting(_ coordinator: C) {}
    func runStart(_ coordinator: C) async {}
    func tearDown() async {}

    // EXAMPLE
}
