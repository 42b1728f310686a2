import Testing

@testable import Coordinators

/// A node's storage: its state under its own lock, its links under its parent's.
@Suite(.timeLimit(.minutes(1)))
struct NodeStorageTests {
    @Test func aNodeReleasesWhatItsExtrasHoldWithItself() throws {
        let alive = Locked(0)
        var node: Node? = Node.make()
        try node?.updateEnvironmentBeforeRun { $0[ObjectIdentifier(Tracked.self)] = Tracked(alive) }
        #expect(alive.withLock { $0 } == 1)
        node = nil
        #expect(alive.withLock { $0 } == 0)
    }

    /// Many tasks change the node's state under its lock while others change its sibling
    /// link under another lock, as a parent's would: no change is lost, and (under
    /// ThreadSanitizer, as CI runs the tests) the two parts' accesses do not overlap.
    @Test func theStateAndTheLinksAreChangedApart() async {
        let node = Node.make()
        let parentLock = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 {
                        if index.isMultiple(of: 2) {
                            node.withLock { $0.routeTurnTaken.toggle() }
                        } else {
                            parentLock.withLock { count in
                                count += 1
                                node.withSiblingLink { $0 = $0 }
                            }
                        }
                    }
                }
            }
        }
        #expect(parentLock.withLock { $0 } == 40_000)
        #expect(node.withLock { $0.routeTurnTaken } == false, "toggled an even number of times")
    }
}
