import Testing

@testable import Coordinators

/// A node's live children (`ChildList`): kept in the order they were adopted, whichever leaves
/// first; a child that is not in the list leaves nothing behind; every child is let go.
@Suite(.timeLimit(.minutes(1)))
struct ChildListTests {
    private let children = (0..<5).map { _ in Node.make() }

    private func list(of indices: [Int]) -> ChildList {
        var list = ChildList()
        for index in indices { list.append(children[index]) }
        return list
    }

    /// The indices of `list`'s nodes in `children`, oldest first.
    private func indices(_ list: ChildList) -> [Int] {
        list.nodes.map { node in children.firstIndex { $0 === node } ?? -1 }
    }

    @Test func anEmptyListHasNoNodes() {
        let list = ChildList()
        #expect(list.isEmpty)
        #expect(list.nodes.isEmpty)
    }

    @Test func childrenAreKeptInTheOrderTheyWereAdopted() {
        let list = list(of: [2, 0, 4, 1])
        #expect(!list.isEmpty)
        #expect(indices(list) == [2, 0, 4, 1])
    }

    /// A child leaving, or one joining, and the children (their indices in `children`, oldest
    /// first) after it.
    enum Step: Sendable {
        case remove(Int, leaving: [Int])
        case append(Int, leaving: [Int])
    }

    /// From a list of `start`, each step in turn.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let start: [Int]
        let steps: [Step]
        var testDescription: String { name }
    }

    static let leavingCases = [
        Case(
            name: "the youngest leaves", start: [0, 1, 2],
            steps: [.remove(2, leaving: [0, 1]), .append(3, leaving: [0, 1, 3])]),
        Case(
            name: "the oldest leaves", start: [0, 1, 2],
            steps: [.remove(0, leaving: [1, 2]), .append(0, leaving: [1, 2, 0])]),
        Case(
            name: "a child between two leaves", start: [0, 1, 2, 3],
            steps: [.remove(1, leaving: [0, 2, 3]), .remove(2, leaving: [0, 3])]),
        Case(name: "the only child leaves", start: [3], steps: [.remove(3, leaving: []), .append(3, leaving: [3])]),
    ]

    @Test(arguments: leavingCases)
    func childrenLeaveAndJoin(_ testCase: Case) {
        var list = list(of: testCase.start)
        for step in testCase.steps {
            switch step {
            case .remove(let index, let expected):
                list.remove(children[index])
                #expect(indices(list) == expected)
                #expect(list.isEmpty == expected.isEmpty)
            case .append(let index, let expected):
                list.append(children[index])
                #expect(indices(list) == expected)
            }
        }
    }

    @Test func aChildThatIsNotInTheListChangesNothing() {
        var list = list(of: [0, 1, 2])
        list.remove(children[4])  // never adopted (its adoption failed)
        list.remove(children[1])
        list.remove(children[1])  // left already
        #expect(indices(list) == [0, 2])
        var empty = ChildList()
        empty.remove(children[0])
        #expect(empty.isEmpty)
    }

    @Test func aChildThatLeftKeepsNoLinkToItsSiblings() {
        // Its links are cleared as it leaves: removing it again changes nothing, whatever
        // its neighbours did since.
        var list = list(of: [0, 1, 2, 3])
        list.remove(children[1])
        #expect(indices(list) == [0, 2, 3])
        list.remove(children[2])
        #expect(indices(list) == [0, 3])
        list.remove(children[1])
        #expect(indices(list) == [0, 3])
        list.remove(children[0])
        #expect(indices(list) == [3])
    }

    @Test func aChildThatLeftNoLongerKeepsItsOlderSiblingAlive() {
        weak var oldest: Node?
        var list = ChildList()
        let middle = Node.make()  // kept alive here after it leaves
        do {
            let made = Node.make()
            list.append(made)
            oldest = made
        }
        list.append(middle)
        list.append(Node.make())
        list.remove(middle)
        if let oldest { list.remove(oldest) }
        #expect(list.nodes.count == 1)
        #expect(oldest == nil)
    }

    @Test func removingAllLetsEveryChildGo() {
        weak var oldest: Node?
        weak var youngest: Node?
        var list = ChildList()
        do {
            let made = (0..<3).map { _ in Node.make() }
            for node in made { list.append(node) }
            oldest = made.first
            youngest = made.last
        }
        #expect(oldest != nil && youngest != nil)  // kept by the list
        list.removeAll()
        #expect(list.isEmpty)
        #expect(oldest == nil)
        #expect(youngest == nil)
    }

    @Test func aLongListIsLetGoWithoutRecursion() {
        // Released as a chain, 100,000 nodes would free one another recursively, one
        // stack frame each; the parent's deinit lets them go one at a time.
        weak var someChild: Node?
        do {
            let parent = Node.make()
            parent.withLock { state in
                for _ in 0..<100_000 { state.children.append(Node.make()) }
            }
            someChild = parent.withLock { $0.children.nodes[50_000] }
        }
        #expect(someChild == nil)
    }
}
