import Coordinators
import Testing

/// Every misuse of the runtime gets a named `CoordinatorError` with a helpful message.
@Suite(.timeLimit(.minutes(1)))
struct MisuseTests {
    /// Runs the same child instance twice, one run after the other.
    actor RunsItsChildTwice: Coordinator {
        let flow = Flow<Int>()
        let child: Returns
        init(child: Returns) { self.child = child }
        func start() async throws -> Int {
            let first = try await flow.run(child)
            let second = try await flow.run(child)
            return first + second
        }
    }

    @Test func runningAnInstanceTwiceThrowsAlreadyRun() async throws {
        let coordinator = Returns()
        #expect(try await CoordinatorTree().run(coordinator) == 1)
        let error = await #expect(throws: CoordinatorError.self) { try await CoordinatorTree().run(coordinator) }
        #expect(error?.code == .alreadyRun)
        #expect(error?.message.contains("Returns was already run") == true)
    }

    @Test func runningAChildInstanceTwiceThrowsAlreadyRun() async throws {
        let error = await #expect(throws: CoordinatorError.self) {
            try await CoordinatorTree().run(RunsItsChildTwice(child: Returns()))
        }
        #expect(error?.code == .alreadyRun)
    }

    @Test func runningACoordinatorAsItsOwnChildThrowsAlreadyRun() async throws {
        actor RunsItself: Coordinator {
            let flow = Flow<[String]>()
            func start() async throws -> [String] {
                var codes: [String] = []
                do { try flow.start(self) } catch let error as CoordinatorError { codes.append("\(error.code)") }
                do { _ = try await flow.run(self) } catch let error as CoordinatorError {
                    codes.append("\(error.code)")
                }
                return codes
            }
        }
        #expect(try await CoordinatorTree().run(RunsItself()) == ["alreadyRun", "alreadyRun"])
    }

    @Test func aChildHandedToAnEndedParentIsSpent() async throws {
        let parent = Returns()
        _ = try await CoordinatorTree().run(parent)
        let child = Returns()
        let error = #expect(throws: CoordinatorError.self) { try parent.flow.start(child) }
        #expect(error?.code == .flowEnded)
        #expect(child.flow.state == .ended)
        let rerun = await #expect(throws: CoordinatorError.self) { try await CoordinatorTree().run(child) }
        #expect(rerun?.code == .alreadyRun)
    }

    @Test func finishingTwiceThrowsAlreadyFinished() async throws {
        let navigation = NavigationPresenter()
        let coordinator = Branch("main", on: navigation)
        async let result = CoordinatorTree().run(coordinator)
        try await navigation.waitUntil { $0.stack.count == 1 }
        try await coordinator.done("first")
        let error = await #expect(throws: CoordinatorError.self) { try await coordinator.done("second") }
        #expect(error?.code == .alreadyFinished)
        #expect(error?.message.contains("already ended (finished)") == true)
        #expect(try await result == "first")
    }

    @Test func finishingAFlowThatIsNotRunningThrowsNotRunning() {
        let flow = Flow<Int>()
        let error = #expect(throws: CoordinatorError.self) { try flow.finish(with: 1) }
        #expect(error?.code == .notRunning)
        #expect(flow.state == .idle)
    }

    @Test func awaitingFinishedBeforeRunningThrowsNotRunning() async {
        let error = await #expect(throws: CoordinatorError.self) { _ = try await Flow<Int>().finished }
        #expect(error?.code == .notRunning)
    }

    @Test func presentingAfterTheFlowEndedThrowsFlowEnded() async throws {
        let coordinator = Returns()
        _ = try await CoordinatorTree().run(coordinator)
        let navigation = NavigationPresenter()
        let error = await #expect(throws: CoordinatorError.self) {
            try await coordinator.flow.present(TestScreen("late"), on: navigation)
        }
        #expect(error?.code == .flowEnded)
        #expect(error?.message.contains("present late") == true)
        #expect(navigation.stack.isEmpty)
    }

    /// A screen whose name reads its coordinator's flow, as a name made from the flow's
    /// state would.
    struct NamedFromItsFlow: Screen {
        let flow: Flow<Int>
        var screenName: String { "late, after \(flow.presentations.count) screens" }
    }

    @Test func theErrorNamesAScreenWhoseNameReadsItsCoordinatorWithoutDeadlocking() async throws {
        // The message is written once the coordinator's lock is released: a screen's name is
        // user code, and this one takes that lock.
        let coordinator = Returns()
        _ = try await CoordinatorTree().run(coordinator)
        let error = await #expect(throws: CoordinatorError.self) {
            try await coordinator.flow.present(NamedFromItsFlow(flow: coordinator.flow), on: NavigationPresenter())
        }
        #expect(error?.code == .flowEnded)
        #expect(error?.message.contains("present late, after 0 screens") == true)
    }

    @Test func presentingBeforeRunningThrowsNotRunning() async {
        let error = await #expect(throws: CoordinatorError.self) {
            try await Flow<Int>().present(TestScreen("early"), on: NavigationPresenter())
        }
        #expect(error?.code == .notRunning)
    }

    @Test func startingAChildAfterTheFlowEndedThrowsFlowEnded() async throws {
        let coordinator = Returns()
        _ = try await CoordinatorTree().run(coordinator)
        let started = #expect(throws: CoordinatorError.self) { try coordinator.flow.start(Returns()) }
        #expect(started?.code == .flowEnded)
        let ran = await #expect(throws: CoordinatorError.self) { try await coordinator.flow.run(Returns()) }
        #expect(ran?.code == .flowEnded)
        #expect(ran?.message.contains("start a child coordinator") == true)
    }

    @Test func dismissingAnotherCoordinatorsPresentationThrowsNotOwner() async throws {
        let navigation = NavigationPresenter()
        let owner = Branch("owner", on: navigation, children: [Branch("other", on: navigation)])
        async let result = CoordinatorTree().run(owner)
        try await navigation.waitUntil { $0.stack.count == 2 }
        let childsScreen = navigation.stack[1]
        let error = await #expect(throws: CoordinatorError.self) { try await owner.flow.dismiss(childsScreen) }
        #expect(error?.code == .notOwner)
        #expect(error?.message.contains("which Branch owns") == true)
        #expect(childsScreen.isPresented)
        try await owner.done("done")
        _ = try await result
    }

    @Test func dismissingAPresentationTwiceThrowsAlreadyDismissed() async throws {
        let navigation = NavigationPresenter()
        let owner = Branch("owner", on: navigation)
        async let result = CoordinatorTree().run(owner)
        try await navigation.waitUntil { $0.stack.count == 1 }
        let extra = try await owner.flow.present(TestScreen("extra"), on: navigation, role: .auxiliary)
        try await owner.flow.dismiss(extra)
        let error = await #expect(throws: CoordinatorError.self) { try await owner.flow.dismiss(extra) }
        #expect(error?.code == .alreadyDismissed)
        #expect(error?.message.contains("already dismissed (byCoordinator)") == true)
        try await owner.done("done")
        _ = try await result
    }

    @Test func poppingToAPresentationNotInTheStackThrowsNotInStack() async throws {
        let navigation = NavigationPresenter()
        let elsewhere = NavigationPresenter()
        let owner = Branch("owner", on: navigation)
        async let result = CoordinatorTree().run(owner)
        try await navigation.waitUntil { $0.stack.count == 1 }
        let foreign = try await owner.flow.present(TestScreen("foreign"), on: elsewhere, role: .auxiliary)
        for pop in [{ try await navigation.pop(to: foreign) }, { try await navigation.userPop(to: foreign) }] {
            let error = await #expect(throws: CoordinatorError.self) { try await pop() }
            #expect(error?.code == .notInStack)
            #expect(error?.message.contains("foreign") == true)
        }
        #expect(navigation.state.screenNames == ["owner"])
        try await owner.done("done")
        _ = try await result
    }

    @Test func poppingWithNothingToPopThrowsNothingToPop() async throws {
        let navigation = NavigationPresenter()
        for pop in [{ try await navigation.pop() }, { try await navigation.popToRoot() }] {
            let error = await #expect(throws: CoordinatorError.self) { try await pop() }
            #expect(error?.code == .nothingToPop)
        }
        let owner = Branch("root", on: navigation)
        async let result = CoordinatorTree().run(owner)
        try await navigation.waitUntil { $0.stack.count == 1 }
        let error = await #expect(throws: CoordinatorError.self) { try await navigation.userPop() }
        #expect(error?.code == .nothingToPop)
        #expect(error?.message.contains("can only go back") == true)
        #expect(owner.flow.state == .running)
        try await owner.done("done")
        _ = try await result
    }

    @Test func swipingDownWithNothingPresentedThrowsNothingToDismiss() async {
        let error = await #expect(throws: CoordinatorError.self) { try await ModalPresenter().userDismiss() }
        #expect(error?.code == .nothingToDismiss)
    }

    @Test func runningASecondRootOnABusyTreeThrowsTreeBusy() async throws {
        let tree = CoordinatorTree()
        let navigation = NavigationPresenter()
        let first = Branch("first", on: navigation)
        async let result = tree.run(first)
        try await navigation.waitUntil { $0.stack.count == 1 }
        let error = await #expect(throws: CoordinatorError.self) { try await tree.run(Returns()) }
        #expect(error?.code == .treeBusy)
        #expect(error?.message.contains("already running Branch") == true)
        try await first.done("done")
        #expect(try await result == "done")
        #expect(try await tree.run(Returns()) == 1)
    }

    @Test func errorsDescribeThemselvesWithCodeAndLocation() {
        let error = #expect(throws: CoordinatorError.self) { try Flow<Int>().finish(with: 1) }
        #expect(error?.description.hasPrefix("CoordinatorError.notRunning: ") == true)
        #expect(error?.file.isEmpty == false)
    }
}
