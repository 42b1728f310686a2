import Coordinators
import Testing

/// Deep links in random trees: coordinators are `Routable` (`.screen(k)` pushes a screen,
/// `.child(k)` starts a routable child on the same stack); random links — valid ones, ones
/// whose later step has a route of the wrong type, and pairs opened at once that supersede
/// each other — are interleaved with random endings (finish, throw, going back past a
/// child, a person's back button) and checked against a model of each coordinator's routes.
extension RandomizedTreeTests {
    /// The routes of the test's coordinators.
    enum LinkRoute: Hashable, Sendable, CustomStringConvertible {
        case screen(Int)
        case child(Int)
        var description: String {
            switch self {
            case .screen(let k): "s\(k)"
            case .child(let k): "c\(k)"
            }
        }
    }
    /// A route no coordinator here takes.
    enum ForeignRoute: Hashable, Sendable { case elsewhere }

    /// Every `LinkNode` made in one tree: the latest by path, and all of them.
    final class LinkRegistry: Sendable {
        let latest = Mutex<[String: Weak<LinkNode>]>([:])
        let all = Mutex<[Weak<LinkNode>]>([])
        func add(_ node: LinkNode) {
            latest.withLock { $0[node.path] = Weak(node) }
            all.withLock { $0.append(Weak(node)) }
        }
        func node(_ path: String) -> LinkNode? { latest.withLock { $0[path]?.object } }
    }

    /// A routable coordinator; its screens are named `<path>.s<k>`, its children `<path>.c<k>`.
    actor LinkNode: Routable {
        typealias Route = LinkRoute
        let flow = Flow<String>()
        nonisolated let path: String
        let navigation: NavigationPresenter
        let registry: LinkRegistry

        init(_ path: String, on navigation: NavigationPresenter, registry: LinkRegistry) {
            self.path = path
            self.navigation = navigation
            self.registry = registry
            registry.add(self)
        }

        func start() async throws -> String {
            try await go(.forward(to: .screen(0)))
            return try await flow.finished
        }

        func destination(for route: LinkRoute) -> Destination? {
            switch route {
            case .screen(let k): .screen(TestScreen("\(path).s\(k)"), on: navigation)
            case .child(let k): .child(LinkNode("\(path).c\(k)", on: navigation, registry: registry))
            }
        }
    }

    /// The model: each coordinator's routes, oldest first; a child's screens come right after
    /// the route that started it, so the stack is the root's routes, flattened.
    struct LinkModel: Equatable {
        enum Entry: Equatable {
            case screen(Int)
            case child(Int, node: Int)
            var route: LinkRoute {
                switch self {
                case .screen(let k): .screen(k)
                case .child(let k, _): .child(k)
                }
            }
        }
        struct Node: Equatable {
            let path: String
            let parent: Int?
            var routes: [Entry] = [.screen(0)]
            var live = true
        }
        var nodes = [Node(path: "r", parent: nil)]

        var liveIndices: [Int] { nodes.indices.filter { nodes[$0].live } }

        /// The stack, as (coordinator, index of its route), root first.
        func flattened(_ index: Int = 0) -> [(node: Int, entry: Int)] {
            var result: [(node: Int, entry: Int)] = []
            for (position, entry) in nodes[index].routes.enumerated() {
                switch entry {
                case .screen: result.append((index, position))
                case .child(_, let child): result += flattened(child)
                }
            }
            return result
        }

        var screenNames: [String] {
            flattened().map { item in "\(nodes[item.node].path).\(nodes[item.node].routes[item.entry].route)" }
        }

        /// The steps of `link` from `start` that coordinator `index` takes, as the runtime's
        /// `RoutePlan` does: a step equal to the route after the cursor keeps it; any other goes
        /// back to its most recent occurrence among the routes shown before the link, or is
        /// added; a step into a child ends the coordinator's share. Returns where the link goes on, the next step, and whether the
        /// share ended in a child (`false`: the steps ran out at `index`).
        mutating func segment(_ link: [LinkRoute], from start: Int, at index: Int) -> (
            next: Int, end: Int, intoChild: Bool
        ) {
            var list = nodes[index].routes
            var cursor = list.count - 1
            var shownLeft = list.count  // the routes shown before the link, still in the list
            var step = start
            var landing: Int?
            steps: while step < link.count {
                let route = link[step]
                step += 1
                if cursor + 1 < list.count, list[cursor + 1].route == route {
                    cursor += 1
                } else {
                    list.removeSubrange((cursor + 1)...)
                    shownLeft = min(shownLeft, list.count)
                    if let shown = list.prefix(shownLeft).lastIndex(where: { $0.route == route }) {
                        cursor = shown
                    } else {
                        switch route {
                        case .screen(let k):
                            list.append(.screen(k))
                        case .child(let k):
                            nodes.append(Node(path: "\(nodes[index].path).c\(k)", parent: index))
                            list.append(.child(k, node: nodes.count - 1))
                        }
                        cursor = list.count - 1
                    }
                }
                if case .child(_, let child) = list[cursor] {
                    landing = child
                    break steps
                }
            }
            list.removeSubrange((cursor + 1)...)
            for entry in nodes[index].routes where !list.contains(entry) {
                if case .child(_, let child) = entry { kill(child) }
            }
            nodes[index].routes = list
            return (landing ?? index, step, landing != nil)
        }

        func isInSubtree(_ index: Int, of ancestor: Int) -> Bool {
            var current: Int? = index
            while let node = current, node != ancestor { current = nodes[node].parent }
            return current == ancestor
        }

        /// Whether `index` going back to its route at `position` would take off the stack a
        /// screen outside its subtree (shown above one of the screens it removes: its own, or
        /// those of the children it ends): `notOwner`.
        func goingBackPopsAStranger(to position: Int, of index: Int) -> Bool {
            let removedChildren = nodes[index].routes[(position + 1)...].compactMap { entry -> Int? in
                if case .child(_, let child) = entry { return child }
                return nil
            }
            let stack = flattened()
            for (at, item) in stack.enumerated() {
                let removed =
                    (item.node == index && item.entry > position)
                    || removedChildren.contains { isInSubtree(item.node, of: $0) }
                if removed, stack[at...].contains(where: { !isInSubtree($0.node, of: index) }) { return true }
            }
            return false
        }

        mutating func removeRoutes(above position: Int, of index: Int) {
            for entry in nodes[index].routes[(position + 1)...] {
                if case .child(_, let child) = entry { kill(child) }
            }
            nodes[index].routes.removeSubrange((position + 1)...)
        }

        mutating func kill(_ index: Int) {
            nodes[index].live = false
            for entry in nodes[index].routes { if case .child(_, let child) = entry { kill(child) } }
        }

        /// `index` ends: it and its subtree go, and so does its parent's route to it.
        mutating func end(_ index: Int) {
            kill(index)
            if let parent = nodes[index].parent {
                nodes[parent].routes.removeAll { if case .child(_, index) = $0 { true } else { false } }
            }
        }

        /// A person pops the top screen: a main screen ends its coordinator.
        mutating func userPop() {
            guard let top = flattened().last else { return }
            if top.entry == 0 { end(top.node) } else { nodes[top.node].routes.remove(at: top.entry) }
        }

        func applying(_ link: [LinkRoute]) -> LinkModel {
            var model = self
            var (at, step) = (0, 0)
            while step < link.count { (at, step, _) = model.segment(link, from: step, at: at) }
            return model
        }

        /// `link` followed by a step no coordinator takes: the coordinator that reaches it
        /// changes nothing; those above it took their shares.
        func applyingUntilUnhandled(_ link: [LinkRoute]) -> LinkModel {
            var model = self
            var (at, step) = (0, 0)
            while step < link.count {
                var next = model
                let (into, end, intoChild) = next.segment(link, from: step, at: at)
                guard intoChild else { break }
                (model, at, step) = (next, into, end)
            }
            return model
        }
    }

    enum LinkResult: Equatable, CustomStringConvertible {
        case success, superseded
        case unhandled(step: Int?)
        case targetEnded, stepFailed, cancelled
        case other(String)
        var description: String {
            switch self {
            case .success: "success"
            case .superseded: "superseded"
            case .unhandled(let step): "unhandled(step: \(step.map(String.init) ?? "nil"))"
            case .targetEnded: "targetEnded"
            case .stepFailed: "stepFailed"
            case .cancelled: "cancelled"
            case .other(let text): "other(\(text))"
            }
        }
    }

    /// The link through `routes` (an array of one route type would be one route itself).
    static func deepLink(_ routes: [LinkRoute]) -> DeepLink {
        DeepLink(routes.map { $0 as any Hashable & Sendable })
    }

    static func result(of body: () async throws -> Void) async -> LinkResult {
        do {
            try await body()
            return .success
        } catch let error as DeepLinkError {
            switch error.code {
            case .superseded: return .superseded
            case .unhandled: return .unhandled(step: error.step)
            case .targetEnded: return .targetEnded
            case .stepFailed:
                return error.underlying is CancellationError ? .cancelled : .stepFailed
            default: return .other("\(error)")
            }
        } catch is CancellationError {
            return .cancelled
        } catch {
            return .other("\(error)")
        }
    }

    @Test(arguments: 200..<206)
    func randomLinksLandAsTheModelSays(seed: UInt64) async throws {
        var random = Random(state: seed)
        for round in 0..<150 * Self.scale {
            try await runOneLinkedTree(&random, label: "seed \(seed) round \(round)")
        }
    }

    /// A random valid link from the root, through `model`.
    private func randomLink(_ random: inout Random, in model: LinkModel, steps: ClosedRange<Int>) -> [LinkRoute] {
        (0..<Int.random(in: steps, using: &random)).map { _ in
            Bool.random(using: &random)
                ? .screen(Int.random(in: 0...3, using: &random)) : .child(Int.random(in: 1...2, using: &random))
        }
    }

    /// Waits until the stack shows `expected` and the tree runs exactly `live` coordinators.
    ///
    /// Event-driven: it re-checks when the stack changes, and on each lifecycle event of the
    /// tree (a coordinator's end event comes after it left its parent, so the count it
    /// waits for is visible by then). If the tree ends first, the wait fails with what it saw.
    private func settle(
        _ navigation: NavigationPresenter, _ tree: CoordinatorTree, to expected: [[String]], live: (Int) -> Bool,
        label: String
    ) async throws -> Int {
        // Subscribed before the first check: an end after it is still in the sequence.
        var events = tree.events().makeAsyncIterator()
        repeat {
            try await navigation.waitUntil { expected.contains($0.screenNames) }
            if let match = expected.firstIndex(of: navigation.state.screenNames),
                live(tree.snapshot().allCoordinators.count)
            {
                return match
            }
        } while await events.next() != nil
        Issue.record(
            "\(label): the stack shows \(navigation.state.screenNames), expected one of \(expected); the tree: \(tree.snapshot())"
        )
        throw Failure()
    }

    private func runOneLinkedTree(_ random: inout Random, label: String) async throws {
        let registry = LinkRegistry()
        let navigation = NavigationPresenter()
        let tree = CoordinatorTree()
        let events = tree.events()
        let log = Task { await collect(events) }
        var root: LinkNode? = LinkNode("r", on: navigation, registry: registry)
        let rootRun = Task { [root] in await tree.runForOutcome(root!) }
        var model = LinkModel()
        var trail: [String] = []
        func check(_ expected: [LinkModel], _ what: String) async throws -> Int {
            let liveCounts = Set(expected.map { $0.liveIndices.count })
            return try await settle(
                navigation, tree, to: expected.map(\.screenNames), live: { liveCounts.contains($0) },
                label: "\(label) after \(trail + [what])")
        }
        _ = try await check([model], "start")

        var rootExpected: Set<String> = []
        for _ in 0..<Int.random(in: 4...24, using: &random) {
            let action = Int.random(in: 0..<100, using: &random)
            let candidates = model.liveIndices.filter { $0 != 0 }
            switch action {
            case 0..<30:  // one valid link
                let link = randomLink(&random, in: model, steps: 1...4)
                let what = "link \(link)"
                let result = await Self.result { try await tree.open(Self.deepLink(link)) }
                #expect(result == .success, "\(label): \(what) → \(result)")
                model = model.applying(link)
                #expect(navigation.state.screenNames == model.screenNames, "\(label): \(what) landed")
                _ = try await check([model], what)
                trail.append(what)
            case 30..<42:  // a link whose step `bad` has a foreign route
                let prefix = randomLink(&random, in: model, steps: 0...3)
                var routes: [any Hashable & Sendable] = prefix
                routes.append(ForeignRoute.elsewhere)
                if Bool.random(using: &random) { routes.append(LinkRoute.screen(1)) }
                let what = "link \(prefix) + elsewhere"
                let result = await Self.result { try await tree.open(DeepLink(routes)) }
                #expect(result == .unhandled(step: prefix.count), "\(label): \(what) → \(result)")
                model = model.applyingUntilUnhandled(prefix)
                _ = try await check([model], what)
                trail.append(what)
            case 42..<56:  // two links at once: the later supersedes the earlier, or both land
                let links = [
                    randomLink(&random, in: model, steps: 1...4), randomLink(&random, in: model, steps: 1...4),
                ]
                let what = "links at once \(links)"
                let results = await withTaskGroup(of: (Int, LinkResult).self) { group in
                    for (index, link) in links.enumerated() {
                        group.addTask { (index, await Self.result { try await tree.open(Self.deepLink(link)) }) }
                    }
                    var results = [LinkResult](repeating: .other("none"), count: 2)
                    for await (index, result) in group { results[index] = result }
                    return results
                }
                let allowed: Set<String> = ["success", "superseded"]
                #expect(
                    results.contains(.success) && results.allSatisfy { allowed.contains("\($0)") },
                    "\(label): \(what) → \(results)")
                // Candidates: one link landed last; the other landed fully before it, or
                // only some steps of it were done when it was superseded.
                var candidates: [LinkModel] = []
                for last in 0..<2 where results[last] == .success {
                    let first = 1 - last
                    let prefixes = results[first] == .success ? [links[first].count] : Array(0...links[first].count)
                    for count in prefixes {
                        candidates.append(model.applying(Array(links[first].prefix(count))).applying(links[last]))
                    }
                }
                model = candidates[try await check(candidates, what)]
                trail.append(what + " → \(results)")
            case 56..<66 where !candidates.isEmpty:  // a child finishes or throws
                let target = candidates.randomElement(using: &random)!
                let node = try #require(registry.node(model.nodes[target].path))
                if Bool.random(using: &random) {
                    try node.flow.finish(with: "done")
                } else {
                    try node.flow.finish(throwing: Failure())
                }
                model.end(target)
                let what = "end \(model.nodes[target].path)"
                _ = try await check([model], what)
                trail.append(what)
            case 66..<76:  // a coordinator goes back to one of its routes (ending children above)
                let target = model.liveIndices.filter { model.nodes[$0].routes.count > 1 }.randomElement(using: &random)
                guard let target else { continue }
                let picked = Int.random(in: 0..<(model.nodes[target].routes.count - 1), using: &random)
                let route = model.nodes[target].routes[picked].route
                // `.back(to:)` goes to the most recent occurrence (a link may show a route twice).
                let position = model.nodes[target].routes.lastIndex { $0.route == route } ?? picked
                let node = try #require(registry.node(model.nodes[target].path))
                if model.goingBackPopsAStranger(to: position, of: target) {
                    let error = await #expect(throws: CoordinatorError.self) { try await node.go(.back(to: route)) }
                    #expect(error?.code == .notOwner, "\(label)")
                } else {
                    try await node.go(.back(to: route))
                    model.removeRoutes(above: position, of: target)
                }
                let what = "\(model.nodes[target].path) back to \(route)"
                _ = try await check([model], what)
                trail.append(what)
            case 76..<90:  // a person's back button
                guard navigation.state.stack.count > 1 else { continue }
                let popped = try await navigation.userPop()
                #expect(popped, "\(label): userPop")
                model.userPop()
                _ = try await check([model], "userPop")
                trail.append("userPop")
            default:
                continue
            }
        }

        // The root ends: at once with a link in flight (opened from the root itself), which
        // lands, stops, or finds the tree torn down — but returns.
        let link = randomLink(&random, in: model, steps: 1...4)
        let ending = Int.random(in: 0..<3, using: &random)
        let opening = Task { [root] in await Self.result { try await root!.open(Self.deepLink(link)) } }
        // Varies where the ending lands in the link's journey (the race under test); it
        // synchronises nothing: what follows waits on `opening` and the run.
        if Bool.random(using: &random) { await Task.yield() }
        switch ending {
        case 0:
            try? root?.flow.finish(with: "done")
            rootExpected = ["finished(done)"]
        case 1:
            try? root?.flow.finish(throwing: Failure())
            rootExpected = ["failed(Failure())"]
        default:
            tree.cancel()
            rootExpected = ["cancelled"]
        }
        let linkResult = await opening.value
        let allowedResults: Set<String> = ["success", "targetEnded", "stepFailed", "cancelled", "superseded"]
        #expect(allowedResults.contains("\(linkResult)"), "\(label): link at teardown \(link) → \(linkResult)")
        let outcome = "\(await rootRun.value)"
        #expect(rootExpected.contains(outcome), "\(label): the root ended \(outcome)")
        root = nil
        let logged = await log.value
        if let breach = endEventIsLastBreach(in: logged) { Issue.record("\(label): \(breach)") }
        let undismissed = presentedButNeverDismissed(in: logged)
        #expect(undismissed.isEmpty, "\(label): shown and never reported dismissed: \(undismissed)")
        #expect(navigation.state.stack.isEmpty, "\(label): screens left \(navigation.state.screenNames)")
        #expect(tree.snapshot().root == nil)
        let leaked = registry.all.withLock { $0.filter { $0.object != nil }.count }
        #expect(leaked == 0, "\(label): \(leaked) coordinators not released after \(trail)")
    }
}
