import Coordinators
import Testing

/// `StackPresenter`: pop to, pop to the root and replace the stack through the protocol, on
/// the headless stacks and on a stack presenter of the app's own, and `Flow.setStack` on
/// any of them.
@Suite(.timeLimit(.minutes(1)))
struct StackPresenterTests {
    /// A navigation stack of the app's own, written against the protocol only (as a UIKit
    /// one would be): it keeps an array, reports what it removes, and takes the default
    /// `popToRoot()`.
    final class ArrayStackPresenter: StackPresenter {
        struct NotOnStack: Error {}
        struct CannotReplace: Error {}

        private let shown = Mutex<[Presentation]>([])
        private let refusesReplacement: Bool

        init(refusesReplacement: Bool = false) { self.refusesReplacement = refusesReplacement }

        var stack: [Presentation] { shown.withLock { $0 } }

        func present(_ presentation: Presentation, animated: Bool) async throws {
            shown.withLock { $0.append(presentation) }
        }

        func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws {
            shown.withLock { $0.removeAll { $0 == presentation } }
        }

        func pop(to presentation: Presentation, animated: Bool) async throws {
            let removed = try shown.withLock { shown in
                guard let index = shown.lastIndex(of: presentation) else { throw NotOnStack() }
                defer { shown.removeSubrange((index + 1)...) }
                return Array(shown[(index + 1)...])
            }
            for presentation in removed.reversed() { presentation.reportDismissal(.byCoordinator) }
        }

        func replaceStack(with presentations: [Presentation], animated: Bool) async throws {
            guard !refusesReplacement else { throw CannotReplace() }
            let removed = shown.withLock { shown in
                defer { shown = presentations }
                return shown.filter { !presentations.contains($0) }
            }
            for presentation in removed.reversed() { presentation.reportDismissal(.replaced) }
        }
    }

    private static func names(_ navigation: some StackPresenter) -> [String] {
        navigation.stack.map(\.screen.screenName)
    }

    /// Runs every stack operation through the protocol, with real coordinators: a parent
    /// whose main screen is the root, its auxiliary screens, and a child whose main screen
    /// is on the stack too.
    private func exerciseStackOperations(on navigation: some StackPresenter) async throws {
        let journal = Journal()
        let tree = CoordinatorTree()
        let events = tree.events()
        async let log = collect(events)
        let owner = ShowsOneScreen("a", on: navigation, journal: journal)
        async let outcome = tree.runForOutcome(owner)
        try await journal.waitUntil { $0.contains(.shown("a")) }
        let a = navigation.stack[0]
        let b = try await owner.flow.present(TestScreen("b"), on: navigation, role: .auxiliary)
        let child = try owner.flow.start(ShowsOneScreen("child", on: navigation, journal: journal))
        try await journal.waitUntil { $0.contains(.shown("child")) }
        let d = try await owner.flow.present(TestScreen("d"), on: navigation, role: .auxiliary)
        #expect(Self.names(navigation) == ["a", "b", "child", "d"])

        // pop(to:): what is above goes, by the coordinator, and ends the child whose main
        // screen it was.
        try await navigation.pop(to: b, animated: true)
        #expect(Self.names(navigation) == ["a", "b"])
        #expect(d.dismissalReason == .byCoordinator)
        #expect(
            await child.outcome.ending == .dismissed(.byCoordinator), "expected the child to end with its popped screen"
        )
        let notThere = await #expect(throws: CoordinatorError.self) { try await navigation.pop(to: d, animated: true) }
        #expect(notThere?.code == .notInStack)
        #expect(Self.names(navigation) == ["a", "b"])

        // replaceStack(with:) rearranging what is shown: the left-out ones are replaced.
        let c = try await owner.flow.present(TestScreen("c"), on: navigation, role: .auxiliary)
        let e = try await owner.flow.present(TestScreen("e"), on: navigation, role: .auxiliary)
        try await navigation.replaceStack(with: [a, e], animated: true)
        #expect(Self.names(navigation) == ["a", "e"])
        #expect(b.dismissalReason == .replaced)
        #expect(c.dismissalReason == .replaced)
        for misuse in [[a, b], [a, e, e], [a, try await otherStacksPresentation()]] {
            let error = await #expect(throws: CoordinatorError.self) {
                try await navigation.replaceStack(with: misuse, animated: true)
            }
            #expect(error?.code == .notInStack)
            #expect(Self.names(navigation) == ["a", "e"], "a refused replacement changes nothing")
        }

        // Flow.setStack through the protocol: the owner's main screen is replaced, and the
        // new root takes over.
        let fresh = try await owner.flow.setStack([TestScreen("p"), TestScreen("q"), TestScreen("r")], on: navigation)
        #expect(Self.names(navigation) == ["p", "q", "r"])
        #expect([a, e].map(\.dismissalReason) == [.replaced, .replaced])
        #expect(fresh.map(\.isMain) == [true, false, false])
        #expect(fresh.allSatisfy { $0.isPresented })
        #expect(owner.flow.state == .running)

        try await navigation.popToRoot(animated: true)
        #expect(navigation.stack == [fresh[0]])
        #expect([fresh[1], fresh[2]].map(\.dismissalReason) == [.byCoordinator, .byCoordinator])
        try await navigation.popToRoot(animated: true)
        #expect(navigation.stack == [fresh[0]], "nothing above the root pops nothing")

        try await owner.done()
        #expect(await outcome.output == "done")
        #expect(navigation.stack.isEmpty)
        let empty = await #expect(throws: CoordinatorError.self) { try await navigation.popToRoot(animated: true) }
        #expect(empty?.code == .nothingToPop)
        #expect(dismissedScreens(in: await log) == ["d", "child", "c", "b", "e", "a", "r", "q", "p"])
    }

    /// A presentation shown on another stack, by a coordinator that has finished.
    private func otherStacksPresentation() async throws -> Presentation {
        let other = NavigationPresenter()
        let journal = Journal()
        let owner = ShowsOneScreen("elsewhere", on: other, journal: journal)
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await journal.waitUntil { $0.contains(.shown("elsewhere")) }
        let presentation = other.stack[0]
        try await owner.done()
        _ = await outcome
        return presentation
    }

    @Test func aNavigationPresenterPopsAndReplacesItsStackThroughTheProtocol() async throws {
        try await exerciseStackOperations(on: NavigationPresenter())
    }

    @Test func aModalNavigationPresenterPopsAndReplacesItsStackThroughTheProtocol() async throws {
        let modal = ModalNavigationPresenter()
        try await exerciseStackOperations(on: modal)
        #expect(!modal.isShown)
    }

    @Test func setStackReplacesTheStackOfAStackPresenterOfTheAppsOwn() async throws {
        let navigation = ArrayStackPresenter()
        let journal = Journal()
        let owner = ShowsOneScreen("home", on: navigation, journal: journal)
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await journal.waitUntil { $0.contains(.shown("home")) }
        let child = try owner.flow.start(ShowsOneScreen("child", on: navigation, journal: journal))
        try await journal.waitUntil { $0.contains(.shown("child")) }
        let old = navigation.stack

        let new = try await owner.flow.setStack([TestScreen("x"), TestScreen("y")], on: navigation)

        #expect(Self.names(navigation) == ["x", "y"])
        #expect(old.map(\.dismissalReason) == [.replaced, .replaced])
        #expect(
            await child.outcome.ending == .dismissed(.replaced),
            "expected the child whose main screen was replaced to end as replaced")
        #expect(new.allSatisfy { $0.isPresented })
        #expect(new.map(\.isMain) == [true, false], "the owner's own main screen was replaced: x takes over")
        #expect(owner.flow.state == .running)

        try await navigation.popToRoot(animated: true)  // the protocol's default, built on pop(to:)
        #expect(navigation.stack == [new[0]])
        #expect(new[1].dismissalReason == .byCoordinator)

        try await owner.done()
        #expect(await outcome.output == "done")
        let empty = await #expect(throws: CoordinatorError.self) { try await navigation.popToRoot(animated: true) }
        #expect(empty?.code == .nothingToPop)
    }

    @Test func setStackOnAPresenterThatCannotReplaceItsStackShowsNothingAndRethrows() async throws {
        let navigation = ArrayStackPresenter(refusesReplacement: true)
        let journal = Journal()
        let owner = ShowsOneScreen("home", on: navigation, journal: journal)
        async let outcome = CoordinatorTree().runForOutcome(owner)
        try await journal.waitUntil { $0.contains(.shown("home")) }
        let home = navigation.stack[0]

        await #expect(throws: ArrayStackPresenter.CannotReplace.self) {
            try await owner.flow.setStack([TestScreen("x"), TestScreen("y")], on: navigation)
        }

        #expect(navigation.stack == [home])
        #expect(owner.flow.presentations == [home], "the made presentations are forgotten")
        #expect(home.isPresented)
        #expect(owner.flow.state == .running)
        try await owner.done()
        #expect(await outcome.output == "done", "the teardown does not wait for presentations never shown")
    }
}
