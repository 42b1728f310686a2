import Coordinators
import CoordinatorsTesting
import Testing

/// A swipe whose confirmation asks a question: the test answers it while the swipe waits,
/// and a question left unanswered fails naming the swipe.
@Suite(.timeLimit(.minutes(1)))
struct SwipeConfirmationTests {
    @Test func aSwipeDownWhoseConfirmationIsAnsweredYesDismisses() async throws {
        let sheet = ModalPresenter(name: "sheet")
        let alerts = ModalPresenter(name: "alerts")
        let reason = try await withFlowTest(of: DraftEditor(on: sheet, alerts: alerts)) { test in
            _ = try await test.screen(FormScreen.self, on: sheet)
            try await test.swipeDown(on: sheet) {
                try await test.answer(DiscardQuestion.self, on: alerts, with: true)
            }
            return try await test.output
        }
        #expect(reason == .byUser)
    }

    @Test func aSwipeDownWhoseConfirmationIsAnsweredNoIsRefused() async throws {
        let sheet = ModalPresenter(name: "sheet")
        let alerts = ModalPresenter(name: "alerts")
        let reason = try await withFlowTest(of: DraftEditor(on: sheet, alerts: alerts)) { test in
            _ = try await test.screen(FormScreen.self, on: sheet)
            let refused = await #expect(throws: FlowTestFailure.self) {
                try await test.swipeDown(on: sheet) {
                    try await test.answer(DiscardQuestion.self, on: alerts, with: false)
                }
            }
            #expect(refused?.kind == .gestureRefused)
            #expect(sheet.state.screenNames == ["FormScreen"], "the form stays")
            #expect(alerts.modals.isEmpty, "the question is gone")
            try await test.swipeDown(on: sheet) {
                try await test.answer(DiscardQuestion.self, on: alerts, with: true)
            }
            return try await test.output
        }
        #expect(reason == .byUser)
    }

    @Test func aSwipeBackWhoseConfirmationIsAnsweredYesPops() async throws {
        let navigation = NavigationPresenter()
        let alerts = ModalPresenter(name: "alerts")
        let reason = try await withFlowTest(of: DraftEditor(on: navigation, alerts: alerts)) { test in
            let form = try await test.presentation(of: FormScreen.self, on: navigation)
            try await test.swipeBack(on: navigation) {
                try await test.answer(DiscardQuestion.self, on: alerts, with: true)
            }
            #expect(form.dismissalReason == .byUser, "popped by the swipe once the answer agreed")
            return try await test.output
        }
        #expect(reason == .byUser)
    }

    @Test func anErrorWhileConfirmingCancelsTheSwipeAndIsRethrown() async throws {
        struct Oops: Error {}
        let sheet = ModalPresenter(name: "sheet")
        let alerts = ModalPresenter(name: "alerts")
        let reason = try await withFlowTest(of: DraftEditor(on: sheet, alerts: alerts)) { test in
            _ = try await test.screen(FormScreen.self, on: sheet)
            await #expect(throws: Oops.self) {
                try await test.swipeDown(on: sheet) {
                    _ = try await test.screen(DiscardQuestion.self, on: alerts)
                    throw Oops()
                }
            }
            #expect(sheet.state.screenNames == ["FormScreen"], "the cancelled confirmation refused")
            #expect(alerts.modals.isEmpty, "the unanswered question is taken away")
            try await test.swipeDown(on: sheet) {
                try await test.answer(DiscardQuestion.self, on: alerts, with: true)
            }
            return try await test.output
        }
        #expect(reason == .byUser)
    }

    @Test func aWaitWhileConfirmingThatTimesOutNamesTheSwipeToo() async throws {
        let sheet = ModalPresenter(name: "sheet")
        let alerts = ModalPresenter(name: "alerts")
        let questionAsked = { @Sendable in try await alerts.waitUntil { $0.top?.isPresented == true } }
        let failure = await #expect(throws: FlowTestFailure.self) {
            try await reachingTheTimeLimit(
                whileWaitingFor: "an unanswered LoginScreen to be visible on \"alerts\"",
                of: DraftEditor(on: sheet, alerts: alerts),
                once: questionAsked
            ) { test in
                _ = try await test.screen(FormScreen.self, on: sheet)
                try await test.swipeDown(on: sheet) {
                    try await test.answer(LoginScreen.self, on: alerts, with: "not the question asked")
                }
            }
        }
        #expect(failure?.kind == .timeLimit)
        #expect(
            failure?.message == """
                time limit of 10.0 seconds reached while waiting for an unanswered LoginScreen to be visible on \
                "alerts".
                There: "alerts" shows [DiscardQuestion]
                Also waiting for swipeDown(on:whileConfirming:) on "sheet" to end.
                """)
    }

    @Test func anUnansweredConfirmationNamesTheSwipeAtTheTimeLimit() async throws {
        let sheet = ModalPresenter(name: "sheet")
        let alerts = ModalPresenter(name: "alerts")
        let questionAsked = { @Sendable in try await alerts.waitUntil { $0.top?.isPresented == true } }
        let failure = await #expect(throws: FlowTestFailure.self) {
            try await reachingTheTimeLimit(
                whileWaitingFor: nil, of: DraftEditor(on: sheet, alerts: alerts),
                once: questionAsked
            ) { test in
                _ = try await test.screen(FormScreen.self, on: sheet)
                try await test.swipeDown(on: sheet)
            }
        }
        #expect(failure?.kind == .timeLimit)
        #expect(
            failure?.message.hasPrefix(
                """
                time limit of 10.0 seconds reached while waiting for swipeDown(on:) on "sheet" to end (its \
                confirmations are asked first: answer a question they ask in swipeDown(on:whileConfirming:)).
                There: "sheet" shows [FormScreen]; tree: DraftEditor #1 [running]
                """) == true, "\(String(describing: failure))")
        #expect(failure?.message.contains("DiscardQuestion on ModalPresenter") == true, "the question asked")
        #expect(sheet.modals.isEmpty && alerts.modals.isEmpty, "the tree is torn down after the failure")
    }
}
