import Coordinators
import Testing

/// Concurrent calls on one presenter are applied one at a time: the states it goes through
/// are those of a sequential model applying the calls in some order, each exactly once.
@Suite(.timeLimit(.minutes(2)))
struct PresenterConcurrencyTests {
    /// Set while the test makes the change that proves the recorder is registered.
    enum Probe {
        @TaskLocal static var isProbing = false
    }

    /// The sequential model of a navigation stack under present and dismiss calls.
    enum Call: Equatable {
        case present(Presentation)
        case dismiss(Presentation)

        static func explaining(_ before: [Presentation], _ after: [Presentation]) -> Call? {
            if after.count == before.count + 1, Array(after.dropLast()) == before, let pushed = after.last {
                return .present(pushed)
            }
            guard after.count + 1 == before.count else { return nil }
            let index = after.indices.first { before[$0] != after[$0] } ?? after.count
            var expected = before
            let removed = expected.remove(at: index)
            return expected == after ? .dismiss(removed) : nil
        }

        func apply(to stack: inout [Presentation]) {
            switch self {
            case .present(let presentation): stack.append(presentation)
            case .dismiss(let presentation): stack.removeAll { $0 == presentation }
            }
        }
    }

    @Test func aThousandConcurrentPresentsAndDismissalsMatchASequentialModel() async throws {
        let navigation = NavigationPresenter()
        let owner = Branch("owner", on: navigation)
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await navigation.waitUntil { $0.stack.count == 1 }

        // Record every state the presenter goes through, by revision: a waiter whose
        // condition is never satisfied sees the state after each change.
        let states = Mutex<[Int: [Presentation]]>([:])
        let registered = Mutex(false)
        let evaluated = Journal()
        let recorder = Task {
            try await navigation.waitUntil { state in
                states.withLock { $0[state.revision] = state.stack }
                if Probe.isProbing { registered.withLock { $0 = true } }
                evaluated.record("evaluated")
                return false
            }
        }
        try await evaluated.waitUntil { !$0.isEmpty }
        // A change made by this task is evaluated in this task only once the recorder is
        // registered. Each turn makes a real change and tells whether the recorder saw it
        // registered; a second turn is needed only if the first change raced its
        // registration (the recorder's own re-check saw it instead). Not a polling loop:
        // it waits on nothing and ends on the first change the recorder sees registered.
        while !registered.withLock({ $0 }) {
            try await Probe.$isProbing.withValue(true) {
                try await owner.flow.present(TestScreen("probe"), on: navigation, role: .auxiliary)
            }
        }
        let start = navigation.state.revision

        // 600 presents, 400 of them dismissed again: 1,000 calls from 600 tasks at once.
        let flow = owner.flow
        let made = Mutex<[(Presentation, dismissed: Bool)]>([])
        try await withThrowingTaskGroup { group in
            for index in 0..<600 {
                group.addTask {
                    let presentation = try await flow.present(
                        TestScreen("s\(index)"), on: navigation, role: .auxiliary)
                    let dismisses = index % 3 != 0
                    if dismisses { try await flow.dismiss(presentation) }
                    made.withLock { $0.append((presentation, dismisses)) }
                }
            }
            try await group.waitForAll()
        }
        recorder.cancel()
        _ = try? await recorder.value

        let end = navigation.state.revision
        #expect(end - start == 1_000, "each call changed the stack exactly once")
        let history = states.withLock { $0 }
        var model = try #require(history[start])
        var calls: [Call] = []
        for revision in (start + 1)...end {
            let before = try #require(history[revision - 1], "revision \(revision - 1) was seen")
            let after = try #require(history[revision], "revision \(revision) was seen")
            let call = try #require(Call.explaining(before, after), "revision \(revision) is one call")
            call.apply(to: &model)
            #expect(model == after)
            calls.append(call)
        }
        // Each present is applied once, each dismissal once and after its present.
        for (presentation, dismissed) in made.withLock({ $0 }) {
            let pushedAt = try #require(calls.firstIndex(of: .present(presentation)))
            #expect(calls.lastIndex(of: .present(presentation)) == pushedAt)
            if dismissed {
                let removedAt = try #require(calls.firstIndex(of: .dismiss(presentation)))
                #expect(removedAt > pushedAt)
                #expect(presentation.dismissalReason == .byCoordinator)
            } else {
                #expect(presentation.isPresented)
            }
        }
        #expect(model == navigation.stack, "the final state is the model's")
        #expect(navigation.stack.count == 1 + 200 + navigation.stack.filter { $0.screen.screenName == "probe" }.count)

        try await owner.done("done")
        _ = await outcome
        #expect(navigation.stack.isEmpty)
    }
}
