import Coordinators
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Drives random trees through random endings and checks them against a simple model
/// (children started from another task with `flow.start`, and now and then a coordinator
/// that starts children of its own in a child group):
/// every coordinator ends exactly as the model predicts (its own ending, or `cancelled`
/// with an ancestor), the presenter always shows exactly the live coordinators' screens,
/// every coordinator is released at the end, and the lifecycle events tell each
/// coordinator's story in order (its end event last; every screen shown is dismissed).
///
/// `swift test` runs 1,600 trees. With `COORDINATORS_SOAK=1` (CI's soak step) it runs
/// seven times as many, 11,200.
@Suite(.timeLimit(.minutes(5)))
struct RandomizedTreeTests {
    /// How many times the default number of trees to run.
    static let scale = getenv("COORDINATORS_SOAK").map { String(cString: $0) == "1" ? 7 : 1 } ?? 1

    /// SplitMix64: small, seedable, reproducible.
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    enum Ending: CaseIterable { case finish, fail, cancel, userDismissal }
    struct Failure: Error {}

    /// The model of one coordinator.
    struct Model {
        let name: String
        var coordinator: Branch?
        let released: Weak<Branch>
        let handle: ChildFlow<String>?  // nil for the root
        let parent: Int?
        var live = true
        var expected: String?
    }

    @Test(arguments: 0..<8)
    func randomTreesEndAsTheModelSays(seed: UInt64) async throws {
        var random = Random(state: seed)
        for round in 0..<150 * Self.scale {
            try await runOneTree(&random, label: "seed \(seed) round \(round)")
        }
    }

    @Test(arguments: 100..<104)
    func concurrentEndingsLeaveNothingBehind(seed: UInt64) async throws {
        var random = Random(state: seed)
        for round in 0..<100 * Self.scale {
            try await runOneTreeConcurrently(&random, label: "seed \(seed) round \(round)")
        }
    }

    /// Grows a random tree, then fires random endings at once (one always at the root).
    private func runOneTreeConcurrently(_ random: inout Random, label: String) async throws {
        var nodes: [Model] = []
        let grown = try await growTree(&random, size: 2...10, into: &nodes)
        let (presenter, tree, rootRun) = (grown.presenter, grown.tree, grown.rootRun)

        // Pick the endings: the root always, others at random.
        var endings: [(index: Int, ending: Ending)] = [(0, Ending.allCases.randomElement(using: &random)!)]
        for index in nodes.indices.dropFirst() where Bool.random(using: &random) {
            endings.append((index, Ending.allCases.randomElement(using: &random)!))
        }
        endings.shuffle(using: &random)
        let expected: [Ending: String] = [
            .finish: "finished(done)", .fail: "failed(Failure())", .cancel: "cancelled",
            .userDismissal: "dismissed(byUser)",
        ]
        for (index, ending) in endings { nodes[index].expected = expected[ending] }

        // Fire them all at once.
        do {
            let targets = endings.map {
                (nodes[$0.index].coordinator!, nodes[$0.index].handle, nodes[$0.index].name, $0.ending)
            }
            await withTaskGroup(of: Void.self) { group in
                for (coordinator, handle, name, ending) in targets {
                    group.addTask {
                        do {
                            switch ending {
                            case .finish: try coordinator.flow.finish(with: "done")
                            case .fail: try coordinator.flow.finish(throwing: Failure())
                            case .cancel: if let handle { handle.cancel() } else { tree.cancel() }
                            case .userDismissal: presenter.userRemoves(name)
                            }
                        } catch let error as CoordinatorError where error.code == .alreadyFinished {
                            // An ancestor's ending got there first: fine.
                        } catch {
                            Issue.record("\(label): \(error)")
                        }
                    }
                }
            }
        }

        // Every coordinator ends with its own ending, or cancelled with an ancestor.
        for index in nodes.indices {
            let outcome =
                if let handle = nodes[index].handle { "\(await handle.outcome)" } else { "\(await rootRun.value)" }
            var allowed: Set<String> = []
            if let own = nodes[index].expected { allowed.insert(own) }
            var ancestor = nodes[index].parent
            while let current = ancestor {
                if nodes[current].expected != nil { allowed.insert("cancelled") }
                ancestor = nodes[current].parent
            }
            #expect(allowed.contains(outcome), "\(label): \(nodes[index].name) ended \(outcome), allowed \(allowed)")
            nodes[index].coordinator = nil
        }
        #expect(presenter.screens.isEmpty, "\(label): screens left \(presenter.screens)")
        #expect(nodes.allSatisfy { $0.released.object == nil }, "\(label): every coordinator released")
        #expect(tree.snapshot().root == nil)
        await checkEvents(of: grown, label: label)
    }

    /// Runs a root and grows a random tree under it: each new coordinator is started under
    /// a random earlier one, from this (foreign) task, on a custom presenter that — like a
    /// UI — lets a person close any screen; one in four starts children of its own from its
    /// `start()`, in a child group. Returns once every screen is shown.
    private func growTree(
        _ random: inout Random, size: ClosedRange<Int>, into nodes: inout [Model]
    ) async throws -> GrownTree {
        let journal = Journal()
        let presenter = RecordingPresenter(journal: journal)
        let tree = CoordinatorTree()
        let events = tree.events()
        let log = Task { await collect(events) }
        let rootRun: Task<FlowOutcome<String>, Never>
        do {
            let root = Branch("n0", on: presenter)
            nodes.append(Model(name: "n0", coordinator: root, released: Weak(root), handle: nil, parent: nil))
            rootRun = Task { await tree.runForOutcome(root) }
        }
        try await journal.waitUntil { $0.contains(.presented("n0")) }
        let target = Int.random(in: size, using: &random)
        while nodes.count < target {
            let parent = Int.random(in: 0..<nodes.count, using: &random)
            // One in four starts one to three children of its own, in a child group.
            let groupSize = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 1...3, using: &random) : 0
            let name = "n\(nodes.count)"
            let groupNames = (0..<groupSize).map { "\(name).\($0)" }
            let groupChildren = groupNames.map { Branch($0, on: presenter) }
            let child = Branch(name, on: presenter, children: groupChildren, inAChildGroup: groupSize > 0)
            let handle = try #require(nodes[parent].coordinator).flow.start(child)
            let index = nodes.count
            nodes.append(Model(name: name, coordinator: child, released: Weak(child), handle: handle, parent: parent))
            guard groupSize > 0 else { continue }
            let handles = await child.childrenInTheGroup()
            for (groupName, (groupChild, groupHandle)) in zip(groupNames, zip(groupChildren, handles)) {
                nodes.append(
                    Model(
                        name: groupName, coordinator: groupChild, released: Weak(groupChild), handle: groupHandle,
                        parent: index))
            }
        }
        let count = nodes.count
        try await journal.waitUntil { $0.presented.count == count }
        return GrownTree(presenter: presenter, tree: tree, rootRun: rootRun, log: log)
    }

    struct GrownTree {
        let presenter: RecordingPresenter
        let tree: CoordinatorTree
        let rootRun: Task<FlowOutcome<String>, Never>
        /// The tree's lifecycle events, complete once the root has ended.
        let log: Task<[LifecycleEvent], Never>
    }

    /// The events tell each coordinator's story in order.
    private func checkEvents(of grown: GrownTree, label: String) async {
        let events = await grown.log.value
        if let breach = endEventIsLastBreach(in: events) {
            Issue.record("\(label): \(breach)")
        }
        let undismissed = presentedButNeverDismissed(in: events)
        #expect(undismissed.isEmpty, "\(label): shown and never reported dismissed: \(undismissed)")
    }

    private func runOneTree(_ random: inout Random, label: String) async throws {
        var nodes: [Model] = []
        let grown = try await growTree(&random, size: 2...12, into: &nodes)
        let (presenter, tree, rootRun) = (grown.presenter, grown.tree, grown.rootRun)

        // End random live coordinators until the root has ended.
        while nodes[0].live {
            let target = nodes.indices.filter { nodes[$0].live }.randomElement(using: &random)!
            let ending = Ending.allCases.randomElement(using: &random)!
            let coordinator = try #require(nodes[target].coordinator)
            switch ending {
            case .finish:
                try coordinator.flow.finish(with: "done \(target)")
                nodes[target].expected = "finished(done \(target))"
            case .fail:
                try coordinator.flow.finish(throwing: Failure())
                nodes[target].expected = "failed(Failure())"
            case .cancel:
                if let handle = nodes[target].handle { handle.cancel() } else { tree.cancel() }
                nodes[target].expected = "cancelled"
            case .userDismissal:
                presenter.userRemoves(nodes[target].name)
                nodes[target].expected = "dismissed(byUser)"
            }
            // The target's live descendants end as cancelled.
            for index in nodes.indices where nodes[index].live && index != target {
                var ancestor = nodes[index].parent
                while let current = ancestor, current != target { ancestor = nodes[current].parent }
                if ancestor == target { nodes[index].expected = "cancelled" }
            }
            // Await every coordinator that must end, and compare.
            for index in nodes.indices where nodes[index].live && nodes[index].expected != nil {
                let outcome: String
                if let handle = nodes[index].handle {
                    outcome = "\(await handle.outcome)"
                } else {
                    outcome = "\(await rootRun.value)"
                }
                #expect(outcome == nodes[index].expected, "\(label): \(nodes[index].name)")
                nodes[index].live = false
                nodes[index].coordinator = nil
            }
            let onScreen = Set(presenter.screens)
            let liveNames = Set(nodes.filter(\.live).map(\.name))
            #expect(onScreen == liveNames, "\(label): the screen must show exactly the live coordinators")
        }
        #expect(presenter.screens.isEmpty)
        #expect(nodes.allSatisfy { $0.released.object == nil }, "\(label): every coordinator released")
        #expect(tree.snapshot().root == nil)
        await checkEvents(of: grown, label: label)
    }
}
