import Coordinators
import Testing

/// Concurrent route changes on one stack: a parent, and two of its children shown for its
/// routes, each make a random move at once — forward to a screen, back one, back to a shown
/// route, and (the parent) forward to a new child. After every round: each coordinator's
/// `routes` are in the order their screens are on the stack, each move made at most one call
/// to the stack, and a move that failed threw a documented error.
extension RandomizedTreeTests {
    @Test(arguments: 300..<304)
    func concurrentMovesKeepEachCoordinatorsRoutesInTheStacksOrder(seed: UInt64) async throws {
        var random = Random(state: seed)
        // The soak takes it twice over, not seven times: under ThreadSanitizer its concurrent
        // moves are among the slowest work of the suite, and starve the tests with time limits.
        for round in 0..<25 * min(Self.scale, 2) {
            try await runConcurrentMoves(&random, label: "seed \(seed) tree \(round)")
        }
    }

    /// A move, as text for messages.
    private enum Move: CustomStringConvertible {
        case forward(Lane)
        case backOne
        case backTo(Lane)

        var description: String {
            switch self {
            case .forward(let route): "forward(to: \(route))"
            case .backOne: "backOne"
            case .backTo(let route): "back(to: \(route))"
            }
        }
    }

    private func runConcurrentMoves(_ random: inout Random, label: String) async throws {
        let stack = ScriptedStack(busy: true)
        let parent = LaneFlow("p", on: stack, first: .screen("p 0"))
        let tree = CoordinatorTree()
        let run = Task { await tree.runForOutcome(parent) }
        await stack.waitUntil { $0 == ["p 0"] }
        var names = 0
        func fresh(_ prefix: String) -> String {
            names += 1
            return "\(prefix)\(names)"
        }
        try await parent.go(.forward(to: .sub(fresh("c"))))
        try await parent.go(.forward(to: .sub(fresh("c"))))

        for round in 0..<Int.random(in: 8...20, using: &random) {
            // The parent, and up to two of the children its routes show.
            var movers: [(LaneFlow, Move)] = []
            let children = parent.routes.compactMap { route -> LaneFlow? in
                if case .sub(let name) = route { return parent.child(name) }
                return nil
            }
            for mover in [parent] + children.shuffled(using: &random).prefix(2) {
                let shown = mover.routes
                let move: Move
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<40: move = .forward(.screen(fresh("\(mover.name) s")))
                case 40..<65: move = .backOne
                case 65..<85 where !shown.isEmpty: move = .backTo(shown.randomElement(using: &random)!)
                default:
                    move = mover === parent ? .forward(.sub(fresh("c"))) : .forward(.screen(fresh("\(mover.name) s")))
                }
                movers.append((mover, move))
            }
            let what = "\(label) round \(round): \(movers.map { "\($0.0.name) \($0.1)" })"
            let errors = await withTaskGroup(of: (String, (any Error)?).self) { group in
                for (index, (mover, move)) in movers.enumerated() {
                    let key = "\(index) \(mover.name) \(move)"
                    group.addTask {
                        await ScriptedStack.$move.withValue(key) {
                            do {
                                switch move {
                                case .forward(let route): try await mover.go(.forward(to: route))
                                case .backOne: try await mover.go(.backOne)
                                case .backTo(let route): try await mover.go(.back(to: route))
                                }
                                return (key, nil)
                            } catch {
                                return (key, error)
                            }
                        }
                    }
                }
                var errors: [(String, any Error)] = []
                for await (key, error) in group { if let error { errors.append((key, error)) } }
                return errors
            }
            let documented: Set<CoordinatorError.Code> = [.notOwner, .nothingToPop, .routeNotShown, .flowEnded]
            for (key, error) in errors {
                let code = (error as? CoordinatorError)?.code
                #expect(code.map(documented.contains) == true, "\(what): \(key) threw \(error)")
            }
            for (key, count) in stack.callsByMove {
                #expect(count <= 1, "\(what): \(key) made \(count) calls to the stack")
            }
            stack.resetCallsByMove()
            checkRoutesFollowTheStack(of: [parent] + children, on: stack, what)
        }
        tree.cancel()
        _ = await run.value
        #expect(stack.screenNames.isEmpty, "\(label): screens left \(stack.screenNames)")
    }

    /// Each running coordinator's routes are in the order their screens are on the stack (a
    /// child route by its child's first screen).
    private func checkRoutesFollowTheStack(of lanes: [LaneFlow], on stack: ScriptedStack, _ what: String) {
        let shown = stack.screenNames
        for lane in lanes where lane.flow.state == .running {
            let positions = lane.routes.map { route -> Int? in
                switch route {
                case .screen(let name): shown.firstIndex(of: name)
                case .sub(let name): shown.firstIndex(of: "\(name) 0")
                default: nil
                }
            }
            #expect(!positions.contains(nil), "\(what): \(lane.name)'s routes \(lane.routes) are not all on \(shown)")
            let found = positions.compactMap { $0 }
            #expect(found == found.sorted(), "\(what): \(lane.name)'s routes \(lane.routes), stack \(shown)")
        }
    }
}
