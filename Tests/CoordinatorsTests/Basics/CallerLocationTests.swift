import Coordinators
import Testing

/// A `CoordinatorError` points at the call in the user's code that the runtime refused,
/// not at the runtime's file that detected it.
@Suite(.timeLimit(.minutes(1)))
struct CallerLocationTests {
    /// Dismisses a presentation that its owner, not this coordinator, presented.
    actor DismissesAnothersScreen: Coordinator {
        let flow = Flow<Void>()
        let other: Presentation
        init(_ other: Presentation) { self.other = other }

        static let dismissLine = #line + 3
        func start() async throws {
            try await flow.present(TestScreen("mine"), on: NavigationPresenter())
            try await flow.dismiss(other)
        }
    }

    @Test func anErrorIsLocatedAtTheCallThatWasRefused() {
        let flow = Flow<Int>()
        let line = #line + 1
        let error = #expect(throws: CoordinatorError.self) { try flow.finish(with: 1) }
        #expect(error?.code == .notRunning)
        #expect(error?.file == #fileID)
        #expect(error?.line == line)
        #expect(error?.description.hasSuffix("(at CoordinatorsTests/CallerLocationTests.swift:\(line))") == true)
    }

    /// The misuse inside a coordinator's `start()` keeps the location of that call, not of
    /// the `run` the error then comes out of.
    @Test func theCallNearestTheMisuseLocatesIt() async throws {
        let window = SlotPresenter()
        let owner = Branch("owner", on: window)
        async let ownerRun = CoordinatorTree().runForOutcome(owner)
        try await window.waitUntil { $0.presentation != nil }
        let shown = try #require(window.presentation)

        let error = await #expect(throws: CoordinatorError.self) {
            try await CoordinatorTree().run(DismissesAnothersScreen(shown))
        }
        #expect(error?.code == .notOwner)
        #expect(error?.file == #fileID)
        #expect(error?.line == DismissesAnothersScreen.dismissLine)
        try await owner.done("done")
        _ = await ownerRun
    }

    @Test func runningAnInstanceTwiceIsLocatedAtTheSecondRun() async throws {
        let root = Returns()
        _ = try await CoordinatorTree().run(root)
        let line = #line + 1
        let outcome = await CoordinatorTree().runForOutcome(root)
        guard case .failed(let error as CoordinatorError) = outcome else {
            Issue.record("expected alreadyRun, got \(outcome)")
            return
        }
        #expect(error.code == .alreadyRun)
        #expect((error.file, error.line) == (#fileID, line))
        let set = #expect(throws: CoordinatorError.self) { try root.setEnvironment(\.greeting, "late") }
        #expect(set?.file == #fileID)
    }

    @Test func anEmptyRaceIsLocatedAtTheRace() async throws {
        let racer = RacesNobody()
        let line = RacesNobody.raceLine
        let error = await #expect(throws: CoordinatorError.self) { try await CoordinatorTree().run(racer) }
        #expect(error?.code == .noRacers)
        #expect((error?.file, error?.line) == (#fileID, line))
    }

    /// A presenter's own method, called by the test, is not a call into the runtime's
    /// public flow: the error says where the runtime detected it, and says so.
    @Test func anErrorNoCallOfTheUsersLocatesSaysWhereItWasDetected() async {
        let error = await #expect(throws: CoordinatorError.self) { try await NavigationPresenter().pop() }
        #expect(error?.code == .nothingToPop)
        #expect(error?.isCallersLocation == false)
        #expect(error?.file.hasPrefix("Coordinators/") == true)
        #expect(error?.description.contains("(detected at Coordinators/") == true)
    }

    /// A child's own error, from a presenter's method that no call of the runtime made, keeps
    /// the runtime's location: neither the parent's `flow.run` nor the `tree.run` it comes out
    /// of locates it.
    @Test func aChildsOwnErrorIsNotLocatedAtTheRunItComesOutOf() async {
        let error = await #expect(throws: CoordinatorError.self) {
            try await CoordinatorTree().run(RunsAChildThatPopsAnEmptyStack())
        }
        #expect(error?.code == .nothingToPop)
        #expect(error?.isCallersLocation == false)
        #expect(error?.description.contains("(detected at Coordinators/") == true)
    }

    actor RunsAChildThatPopsAnEmptyStack: Coordinator {
        let flow = Flow<Void>()
        func start() async throws { try await flow.run(PopsAnEmptyStack()) }
    }

    actor PopsAnEmptyStack: Coordinator {
        let flow = Flow<Void>()
        func start() async throws { try await NavigationPresenter().pop() }
    }

    actor RacesNobody: Coordinator {
        let flow = Flow<Int>()
        static let raceLine = #line + 2
        func start() async throws -> Int {
            try await flow.race([Racer<Int>]()).value
        }
    }
}
