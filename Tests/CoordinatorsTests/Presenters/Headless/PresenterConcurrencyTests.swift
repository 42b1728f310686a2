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

    /// The stack presenters under test, seen through what the test needs.
    struct Surface: Sendable, CustomTestStringConvertible {
        let name: String
        let presenter: any Presenter
        let stack: @Sendable () -> (stack: [Presentation], revision: Int)
        let waitUntil: @Sendable (@escaping @Sendable ([Presentation], Int) -> Bool) async throws -> Void
        var testDescription: String { name }

        static var all: [Surface] {
            let navigation = NavigationPresenter()
            let modal = ModalNavigationPresenter()
            return [
                Surface(
                    name: "NavigationPresenter", presenter: navigation,
                    stack: { navigation.state.stackAndRevision },
                    waitUntil: { condition in try await navigation.waitUntil { condition($0.stack, $0.revision) } }),
                Surface(
                    name: "ModalNavigationPresenter", presenter: modal,
                    stack: { modal.state.stackAndRevision },
                    waitUntil: { condition in try await modal.waitUntil { condition($0.stack, $0.revision) } }),
            ]
        }
    }

    @Test(arguments: Surface.all)
    func aThousandConcurrentPresentsAndDismissalsMatchASequentialModel(on surface: Surface) async throws {
        let presenter = surface.presenter
        let owner = Branch("owner", on: presenter)
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await surface.waitUntil { stack, _ in stack.count == 1 }

        // Record every state the presenter goes through, by revision: a waiter whose
        // condition is never satisfied sees the state after each change.
        let states = Mutex<[Int: [Presentation]]>([:])
        let registered = Mutex(false)
        let evaluated = Journal<Int>()  // the revisions the recorder's condition saw
        let recorder = Task {
            try await surface.waitUntil { stack, revision in
                states.withLock { $0[revision] = stack }
                if Probe.isProbing { registered.withLock { $0 = true } }
                evaluated.record(revision)
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
                try await owner.flow.present(TestScreen("probe"), on: presenter, role: .auxiliary)
            }
        }
        let start = surface.stack().revision

        // 600 presents, 400 of them dismissed again: 1,000 calls from 600 tasks at once.
        let flow = owner.flow
        let made = Mutex<[(Presentation, dismissed: Bool)]>([])
        try await withThrowingTaskGroup { group in
            for index in 0..<600 {
                group.addTask {
                    let presentation = try await flow.present(
                        TestScreen("s\(index)"), on: presenter, role: .auxiliary)
                    let dismisses = index % 3 != 0
                    if dismisses { try await flow.dismiss(presentation) }
                    made.withLock { $0.append((presentation, dismisses)) }
                }
            }
            try await group.waitForAll()
        }
        recorder.cancel()
        _ = try? await recorder.value

        let end = surface.stack().revision
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
        let final = surface.stack().stack
        #expect(model == final, "the final state is the model's")
        #expect(final.count == 1 + 200 + final.filter { $0.screen.screenName == "probe" }.count)

        try await owner.done("done")
        _ = await outcome
        #expect(surface.stack().stack.isEmpty)
    }
}

extension NavigationPresenter.State {
    /// One reading of both.
    var stackAndRevision: (stack: [Presentation], revision: Int) { (stack, revision) }
}
