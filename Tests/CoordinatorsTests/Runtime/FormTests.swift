import Coordinators
import CoordinatorsTesting
import Testing

/// Forms a person can go back through: `flow.form(on:)`, `FormSteps`.
@Suite(.timeLimit(.minutes(1)))
struct FormTests {
    struct NameScreen: Screen {
        typealias Answer = String
        var last: String?
    }
    struct AgeScreen: Screen {
        typealias Answer = Int
        let name: String
        var last: Int?
    }
    struct ColorScreen: Screen {
        typealias Answer = String
        var last: String?
    }

    /// A three-step form on `navigation`: name, age, color. With `base`, it shows a main
    /// screen of its own first, so that its first step can be popped and the form's error
    /// read; its output is then what the form threw, if it threw.
    actor ThreeSteps: Coordinator {
        let flow = Flow<String>()
        let navigation: any StackPresenter
        let base: Bool
        init(on navigation: any StackPresenter, base: Bool = false) {
            self.navigation = navigation
            self.base = base
        }

        func start() async throws -> String {
            if base { try await flow.present(TestScreen("base"), on: navigation) }
            do {
                return try await flow.form(on: navigation) { form in
                    let name = try await form.ask { last in NameScreen(last: last) }
                    let age = try await form.ask { last in AgeScreen(name: name, last: last) }
                    let color = try await form.ask { last in ColorScreen(last: last) }
                    return "\(name) \(age) \(color)"
                }
            } catch let dismissed as FlowDismissed where base {
                return "dismissed \(dismissed.reason)"
            }
        }
    }

    /// How many screens of the form's steps were presented, from the lifecycle events.
    func stepsPresented(_ test: FlowTest<ThreeSteps>) -> Int {
        test.events.filter {
            let event = "\($0)"
            return event.contains(" presented ") && !event.contains("base")
        }.count
    }

    // MARK: Going back

    @Test func aPersonGoesBackThroughEveryStepAndTheFormEndsWithTheLastAnswers() async throws {
        let navigation = NavigationPresenter()
        let output = try await withFlowTest(of: ThreeSteps(on: navigation)) { test in
            try await test.answer(NameScreen.self, on: navigation, with: "Ada")
            try await test.answer(AgeScreen.self, on: navigation, with: 36)
            let name = try await test.presentation(of: NameScreen.self, on: navigation)
            let firstAge = try await test.presentation(of: AgeScreen.self, on: navigation)
            let firstColor = try await test.presentation(of: ColorScreen.self, on: navigation)
            #expect(name.isMain, "the form's first step is its coordinator's first presentation")

            // Back from step 3 to 2, a new age, forward.
            try await test.swipeBack(on: navigation)
            #expect(navigation.stack == [name, firstAge], "step 2 stays, not pushed again")
            #expect(!firstAge.isAnswered, "step 2 waits for a new answer")
            try await test.answer(AgeScreen.self, on: navigation, with: 37)
            let secondColor = try await test.presentation(of: ColorScreen.self, on: navigation)
            #expect(secondColor != firstColor, "a popped step is pushed anew")
            #expect(navigation.stack == [name, firstAge, secondColor])

            // Back from 3 to 2, from 2 to 1, a new name, forward.
            try await test.swipeBack(on: navigation)
            try await test.swipeBack(on: navigation)
            #expect(navigation.stack == [name], "step 1 stays, not pushed again")
            #expect(name.isPresented && !name.isAnswered)
            try await test.answer(NameScreen.self, on: navigation, with: "Grace")
            let secondAge = try await test.presentation(of: AgeScreen.self, on: navigation)
            #expect(secondAge != firstAge)
            #expect((secondAge.screen as? AgeScreen)?.name == "Grace", "the body ran again with the new name")
            #expect((secondAge.screen as? AgeScreen)?.last == 37, "a step pushed anew gets its last answer")
            try await test.answer(AgeScreen.self, on: navigation, with: 38)
            let thirdColor = try await test.presentation(of: ColorScreen.self, on: navigation)
            #expect(navigation.stack == [name, secondAge, thirdColor])
            try await test.answer(ColorScreen.self, on: navigation, with: "teal")

            let output = try await test.output
            #expect(stepsPresented(test) == 6, "one presentation per step shown: 1, 2, 3, 3, 2, 3")
            #expect(firstAge.dismissalReason == .byUser)
            #expect([firstColor, secondColor].allSatisfy { $0.dismissalReason == .byUser })
            #expect(name.dismissalReason == .tornDown, "the steps stay until their coordinator ends")
            return output
        }
        #expect(output == "Grace 38 teal")
    }

    @Test func aPopOfSeveralStepsGoesBackToTheStepLeftOnTop() async throws {
        let navigation = NavigationPresenter()
        let output = try await withFlowTest(of: ThreeSteps(on: navigation)) { test in
            try await test.answer(NameScreen.self, on: navigation, with: "Ada")
            try await test.answer(AgeScreen.self, on: navigation, with: 36)
            let color = try await test.presentation(of: ColorScreen.self, on: navigation)
            let name = try #require(navigation.stack.first)

            // A long press on the back button: back to the first step.
            #expect(try await navigation.userPop(to: name))
            #expect(navigation.stack == [name])
            #expect(color.dismissalReason == .byUser)
            #expect(!name.isAnswered, "step 1 waits for a new answer")

            try await test.answer(NameScreen.self, on: navigation, with: "Grace")
            let age = try await test.presentation(of: AgeScreen.self, on: navigation)
            #expect((age.screen as? AgeScreen)?.last == 36)
            try await test.answer(AgeScreen.self, on: navigation, with: 36)
            try await test.answer(ColorScreen.self, on: navigation, with: "red")
            let output = try await test.output
            #expect(stepsPresented(test) == 5, "1, 2, 3, then 2, 3")
            return output
        }
        #expect(output == "Grace 36 red")
    }

    @Test func anAnswerTheMomentAStepShowsAgainIsKept() async throws {
        // The step under a popped one accepts an answer as soon as the pop returns, before the
        // form's task has run again: re-opened in the pop itself.
        let navigation = NavigationPresenter()
        let output = try await withFlowTest(of: ThreeSteps(on: navigation)) { test in
            try await test.answer(NameScreen.self, on: navigation, with: "Ada")
            let age = try await test.presentation(of: AgeScreen.self, on: navigation)
            let name = try #require(navigation.stack.first)
            #expect(try await navigation.userPop())
            try name.answer("Grace")  // no await in between
            _ = try await test.screen(AgeScreen.self, on: navigation) { $0.name == "Grace" }
            #expect(age.dismissalReason == .byUser)
            try await test.answer(AgeScreen.self, on: navigation, with: 1)
            try await test.answer(ColorScreen.self, on: navigation, with: "red")
            return try await test.output
        }
        #expect(output == "Grace 1 red")
    }

    @Test func aLateAnswerToAPoppedStepIsRefused() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: ThreeSteps(on: navigation)) { test in
            try await test.answer(NameScreen.self, on: navigation, with: "Ada")
            let age = try await test.presentation(of: AgeScreen.self, on: navigation)
            try await test.swipeBack(on: navigation)
            let error = #expect(throws: CoordinatorError.self) { try age.answer(36) }
            #expect(error?.code == .alreadyDismissed)

            try await test.answer(NameScreen.self, on: navigation, with: "Grace")
            try await test.answer(AgeScreen.self, on: navigation, with: 2)
            try await test.answer(ColorScreen.self, on: navigation, with: "red")
            #expect(try await test.output == "Grace 2 red")
        }
    }

    @Test func aStepPushedAsThePersonPopsTheStepBelowLeavesAndTheFormGoesBack() async throws {
        // The push of step 3 lands after a person popped step 2: step 3 stands on step 1, so
        // the form takes it off and goes back to step 1.
        let stack = ScriptedStack(latePush: "ColorScreen")
        let output = try await withFlowTest(of: ThreeSteps(on: stack)) { test in
            await stack.waitUntil { $0 == ["NameScreen"] }
            let name = stack.stack[0]
            try name.answer("Ada")
            await stack.waitUntil { $0 == ["NameScreen", "AgeScreen"] }
            try stack.stack[1].answer(36)
            await stack.waitForLatePush()
            #expect(stack.stack[1].reportDismissal(.byUser), "a person pops step 2 as step 3 is pushed")
            #expect(!name.isAnswered, "step 1 waits for a new answer at once")
            stack.landPush()
            try name.answer("Grace")  // kept until the form comes back to step 1

            await stack.waitUntil { $0.last == "AgeScreen" && $0.count == 3 }
            #expect(
                stack.calls.suffix(3) == [.present("ColorScreen"), .dismiss("ColorScreen"), .present("AgeScreen")],
                "step 3 left its wrong place before step 2 was pushed anew")
            try stack.stack[2].answer(37)
            await stack.waitUntil { $0.last == "ColorScreen" }
            try stack.stack[3].answer("red")
            return try await test.output
        }
        #expect(output == "Grace 37 red")
    }

    @Test func aBodyThatCatchesTheStepBackRunsAgainAnyway() async throws {
        let navigation = NavigationPresenter()
        let output = try await withFlowTest(of: CatchesEverything(on: navigation)) { test in
            try await test.answer(NameScreen.self, on: navigation, with: "Ada")
            _ = try await test.screen(AgeScreen.self, on: navigation)
            try await test.swipeBack(on: navigation)
            try await test.answer(NameScreen.self, on: navigation, with: "Grace")
            try await test.answer(AgeScreen.self, on: navigation, with: 3)
            return try await test.output
        }
        #expect(output == "Grace 3")
    }

    /// A form whose body catches what its second step throws.
    actor CatchesEverything: Coordinator {
        let flow = Flow<String>()
        let navigation: NavigationPresenter
        init(on navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws -> String {
            try await flow.form(on: navigation) { form in
                let name = try await form.ask(NameScreen())
                let age = (try? await form.ask(AgeScreen(name: name))) ?? -1
                return "\(name) \(age)"
            }
        }
    }

    // MARK: Helpers

    /// Runs a parent with one screen on `navigation` in a flow test, then `body`, then ends it.
    func withParent(
        on navigation: NavigationPresenter, _ body: @escaping @Sendable (Branch) async throws -> Void
    ) async throws {
        try await withFlowTest(of: Branch("parent", on: navigation)) { test in
            _ = try await test.screen(TestScreen.self, on: navigation)
            try await body(test.root)
            try await test.root.done("done")
        }
    }
}
