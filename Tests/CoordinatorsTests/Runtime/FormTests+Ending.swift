import Coordinators
import CoordinatorsTesting
import Testing

/// How a form ends other than by returning: a pop of its first step, a removal that is not a
/// person's, cancellation; and its misuse.
extension FormTests {
    // MARK: Ending

    @Test func poppingTheFirstStepEndsTheFormDismissedByThePerson() async throws {
        let navigation = NavigationPresenter()
        let output = try await withFlowTest(of: ThreeSteps(on: navigation, base: true)) { test in
            try await test.answer(NameScreen.self, on: navigation, with: "Ada")
            _ = try await test.screen(AgeScreen.self, on: navigation)
            try await test.swipeBack(on: navigation)
            try await test.swipeBack(on: navigation)
            return try await test.output
        }
        #expect(output == "dismissed byUser")
    }

    @Test func poppingTheFirstStepThatIsTheMainScreenEndsTheFlowDismissed() async throws {
        let navigation = NavigationPresenter()
        try await withParent(on: navigation) { parent in
            let child = try parent.flow.start(ThreeSteps(on: navigation))
            try await navigation.waitUntil { $0.stack.count == 2 }
            let name = navigation.stack[1]
            #expect(name.isMain)
            #expect(try await navigation.userPop())
            #expect(await child.outcome.ending == .dismissed(.byUser))
        }
    }

    @Test func aFormInASheetGoesBackInsideItAndEndsWhenThePersonSwipesTheSheetDown() async throws {
        let sheet = ModalNavigationPresenter()
        let outcome = try await withFlowTest(of: ThreeSteps(on: sheet)) { test in
            try await test.answer(NameScreen.self, on: sheet, with: "Ada")
            try await test.answer(AgeScreen.self, on: sheet, with: 36)
            let name = try await test.presentation(of: NameScreen.self, on: sheet)
            let age = try await test.presentation(of: AgeScreen.self, on: sheet)
            _ = try await test.screen(ColorScreen.self, on: sheet)
            try await test.swipeBack(on: sheet)
            #expect(sheet.stack == [name, age], "a swipe back inside the sheet is a step back")
            // Every step leaves at once, the first among them: the form ends, not goes back.
            try await test.swipeDown(on: sheet)
            return try await test.outcome
        }
        #expect(outcome.ending == .dismissed(.byUser))
    }

    @Test func aRemovalThatIsNotAPersonsEndsTheFormWithItsReason() async throws {
        let navigation = NavigationPresenter()
        let output = try await withFlowTest(of: ThreeSteps(on: navigation, base: true)) { test in
            try await test.answer(NameScreen.self, on: navigation, with: "Ada")
            _ = try await test.screen(AgeScreen.self, on: navigation)
            // Another coordinator (a route, a link) pops back to the base.
            try await navigation.pop(to: navigation.stack[0], animated: false)
            return try await test.output
        }
        #expect(output == "dismissed byCoordinator")
    }

    @Test func cancellingTheFormLeavesItsStepsAndRefusesLaterAnswers() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: CancelledForm(on: navigation)) { test in
            try await test.answer(NameScreen.self, on: navigation, with: "Ada")
            let age = try await test.presentation(of: AgeScreen.self, on: navigation)
            let name = navigation.stack[1]
            try await test.root.cancelForm()
            #expect(try await test.root.formError() == "CancellationError")
            #expect(navigation.stack == [navigation.stack[0], name, age], "the steps stay, as with .keep")
            let error = #expect(throws: CoordinatorError.self) { try age.answer(36) }
            #expect(error?.code == .notAsking)
            // A pop after the form ended re-opens nothing.
            #expect(try await navigation.userPop())
            let again = #expect(throws: CoordinatorError.self) { try name.answer("Grace") }
            #expect(again?.code == .alreadyAnswered)
            try test.root.flow.finish(with: "done")
            #expect(try await test.output == "done")
        }
    }

    /// Shows a base screen, runs a three-step form in a task of its own, and waits to be
    /// finished: the test cancels the form's task and reads what it threw.
    actor CancelledForm: Coordinator {
        let flow = Flow<String>()
        let navigation: NavigationPresenter
        private var form: Task<String, any Error>?
        init(on navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws -> String {
            try await flow.present(TestScreen("base"), on: navigation)
            form = Task {
                try await flow.form(on: navigation) { form in
                    let name = try await form.ask(NameScreen())
                    let age = try await form.ask(AgeScreen(name: name))
                    return "\(name) \(age)"
                }
            }
            return try await flow.finished
        }

        func cancelForm() { form?.cancel() }

        func formError() async -> String {
            do {
                return try await form!.value
            } catch {
                return "\(type(of: error))"
            }
        }
    }

    // MARK: Misuse

    @Test(arguments: [Unrepeatable.Rerun.asksAnotherScreen, .returnsEarly])
    func aBodyThatDoesNotAskTheSameStepsWhenRunAgainThrowsFormNotRepeatable(
        _ rerun: Unrepeatable.Rerun
    ) async throws {
        let navigation = NavigationPresenter()
        let outcome = try await withFlowTest(of: Unrepeatable(on: navigation, rerun)) { test in
            try await test.answer(NameScreen.self, on: navigation, with: "Ada")
            _ = try await test.screen(AgeScreen.self, on: navigation)
            try await test.swipeBack(on: navigation)
            return try await test.outcome
        }
        guard case .failed(let error) = outcome else {
            Issue.record("expected the form to throw, got \(outcome)")
            return
        }
        #expect((error as? CoordinatorError)?.code == .formNotRepeatable)
    }

    /// Asks a name, then an age, on its first run; on its second, what `rerun` says.
    actor Unrepeatable: Coordinator {
        enum Rerun: Sendable {
            /// Asks a color at step 1.
            case asksAnotherScreen
            /// Returns without asking anything.
            case returnsEarly
        }

        let flow = Flow<String>()
        let navigation: NavigationPresenter
        let rerun: Rerun
        private var runs = 0
        init(on navigation: NavigationPresenter, _ rerun: Rerun) {
            self.navigation = navigation
            self.rerun = rerun
        }

        func start() async throws -> String {
            try await flow.form(on: navigation) { form in
                if self.nextRun() == 1 {
                    let name = try await form.ask(NameScreen())
                    return "\(try await form.ask(AgeScreen(name: name)))"
                }
                switch self.rerun {
                case .asksAnotherScreen: return try await form.ask(ColorScreen())
                case .returnsEarly: return "early"
                }
            }
        }

        func nextRun() -> Int {
            runs += 1
            return runs
        }
    }

    @Test func askingAStepAfterTheFormReturnedThrowsNotInForm() async throws {
        let navigation = NavigationPresenter()
        let error = try await withFlowTest(of: KeepsItsForm(on: navigation)) { test in
            try await test.answer(NameScreen.self, on: navigation, with: "Ada")
            return try await test.output
        }
        #expect(error == "notInForm")
    }

    /// Keeps the form's handle past the form and asks with it.
    actor KeepsItsForm: Coordinator {
        let flow = Flow<String>()
        let navigation: NavigationPresenter
        init(on navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws -> String {
            var kept: FormSteps?
            _ = try await flow.form(on: navigation) { form in
                kept = form
                return try await form.ask(NameScreen())
            }
            do {
                _ = try await kept?.ask(ColorScreen())
                return "asked"
            } catch let error as CoordinatorError {
                return "\(error.code)"
            }
        }
    }

    @Test func askingAStepWhileAnotherWaitsThrowsNotInForm() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: KeepsItsFormWhileWaiting(on: navigation)) { test in
            _ = try await test.screen(NameScreen.self, on: navigation)
            #expect(try await test.root.askWithKeptForm() == "notInForm")
            #expect(navigation.stack.count == 1, "nothing more was shown")
            try await test.answer(NameScreen.self, on: navigation, with: "Ada")
            #expect(try await test.output == "Ada")
        }
    }

    /// Keeps the form's handle while its first step waits; an actor method asks with it.
    actor KeepsItsFormWhileWaiting: Coordinator {
        let flow = Flow<String>()
        let navigation: NavigationPresenter
        private var kept: FormSteps?
        init(on navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws -> String {
            try await flow.form(on: navigation) { form in
                self.kept = form
                return try await form.ask(NameScreen())
            }
        }

        func askWithKeptForm() async -> String {
            do {
                _ = try await kept?.ask(ColorScreen())
                return "asked"
            } catch let error as CoordinatorError {
                return "\(error.code)"
            } catch {
                return "\(error)"
            }
        }
    }
}
