import Coordinators
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SmokeTests {
    actor Leaf: Coordinator {
        let flow = Flow<Int>()
        let value: Int
        init(_ value: Int) { self.value = value }
        func start() async throws -> Int { value }
    }

    actor Parent: Coordinator {
        let flow = Flow<Int>()
        func start() async throws -> Int {
            let a = try await flow.run(Leaf(1))
            let b = try await flow.run(Leaf(2))
            return a + b
        }
    }

    @Test func scriptStyleParentSumsChildren() async throws {
        let tree = CoordinatorTree()
        #expect(try await tree.run(Parent()) == 3)
    }

    @Test func eventStyleFinishesFromOutside() async throws {
        let tree = CoordinatorTree()
        let navigation = NavigationPresenter()
        let root = Branch("root", on: navigation)
        async let result = tree.run(root)
        try await navigation.waitUntil { $0.stack.count == 1 }
        try await root.done("ok")
        #expect(try await result == "ok")
        #expect(navigation.stack.isEmpty)
    }

    @Test func cancelTreeDismissesEverything() async throws {
        let tree = CoordinatorTree()
        let navigation = NavigationPresenter()
        let root = Branch("root", on: navigation, children: [Branch("a", on: navigation), Branch("b", on: navigation)])
        async let outcome = tree.runForOutcome(root)
        try await navigation.waitUntil { $0.stack.count == 3 }
        print(tree.snapshot())
        tree.cancel()
        let result = await outcome
        guard case .cancelled = result else {
            Issue.record("expected cancelled, got \(result)")
            return
        }
        #expect(navigation.stack.isEmpty)
    }
}
