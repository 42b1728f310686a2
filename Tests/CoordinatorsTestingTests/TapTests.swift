import Coordinators
import CoordinatorsTesting
import Testing

/// A tapped action's value belongs to the tap: the test reads it as long as it holds the
/// tap, and the kit does not keep it past that.
@Suite(.timeLimit(.minutes(1)))
struct TapTests {
    @Test func aDiscardedTapDoesNotKeepWhatItsActionReturned() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: ProfileFlow(navigation: navigation)) { test in
            // The presentation it returns holds its screen, which holds the coordinator.
            try await test.tap(ProfileScreen.self, on: navigation) { try await $0.profile.edit() }
            try await test.tap(EditProfileScreen.self, on: navigation) { try await $0.profile.done() }
        }
        #expect(navigation.stack.isEmpty)
    }

    @Test func aTapKeepsWhatItsActionReturnedForTheTestThatHoldsIt() async throws {
        let navigation = NavigationPresenter()
        try await withFlowTest(of: ProfileFlow(navigation: navigation)) { test in
            let edit = try await test.tap(ProfileScreen.self, on: navigation) { try await $0.profile.edit() }
            let shown = try await edit.value
            try await test.swipeBack(on: navigation)
            #expect(try await shown.dismissal == .byUser)
            #expect(try await edit.value === shown, "the same value, after the action ended")
            try await test.tap(ProfileScreen.self, on: navigation) { try await $0.profile.done() }
        }
    }

    @Test func anErrorIsStillReportedOnceTheTapIsDiscarded() async throws {
        struct Oops: Error {}
        let navigation = NavigationPresenter()
        let failure = await #expect(throws: FlowTestFailure.self) {
            try await withFlowTest(of: ProfileFlow(navigation: navigation)) { test in
                try await test.tap(ProfileScreen.self, on: navigation) { _ in throw Oops() }
                try await test.tap(ProfileScreen.self, on: navigation) { try await $0.profile.done() }
            }
        }
        #expect(failure?.kinds == [.actionFailed])
        #expect(failure?.message.contains("an action of ProfileScreen threw Oops()") == true)
    }
}
