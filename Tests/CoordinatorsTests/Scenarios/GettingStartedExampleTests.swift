import Coordinators
import Testing

/// The examples of `Guides/GettingStarted.md`, verbatim, checked to do what the guide says.
@Suite(.timeLimit(.minutes(1)))
struct GettingStartedExampleTests {
    typealias AppCoordinator = ReadmeExampleTests.AppCoordinator
    /// How the tree names it: its type, nested in the README's tests.
    let name = "ReadmeExampleTests.AppCoordinator"

    /// What the example prints: the lifecycle events, and the rest, each in its order.
    final class Printed: Sendable {
        let events = Mutex<[String]>([])
        let others = Mutex<[String]>([])
    }

    /// "Running the root": the snapshot shows the root running, the events loop ends, and
    /// `tree.cancel()` is reached and tears the tree down.
    @Test func runningTheRootPrintsTheLiveTreeAndItsEventsAndCancelEndsIt() async throws {
        let printed = Printed()
        @Sendable func print(_ item: Any) {
            if let event = item as? LifecycleEvent {
                printed.events.withLock { $0.append(event.description) }
            } else {
                printed.others.withLock { $0.append("\(item)") }
            }
        }

        await #expect(throws: Never.self) {
            try await withinTimeLimit {
                // The guide's code, verbatim from here…
                let tree = CoordinatorTree()
                let navigation = NavigationPresenter()
                let events = tree.events()  // subscribed before the run: no event is missed
                let log = Task {
                    for await event in events { print(event) }  // started, presented, dismissed, finished, …
                }  // the events end when the run ends, and the task with them
                async let outcome = tree.runForOutcome(AppCoordinator(navigation: navigation))

                try await navigation.waitUntil { !$0.stack.isEmpty }  // the root runs and shows its screen
                print(tree.snapshot())  // the live tree, indented
                print(tree.snapshot().mermaid)  // the same as a Mermaid graph

                tree.cancel()  // logout: the whole tree is torn down
                print(await outcome)  // cancelled, once every coordinator and screen is gone
                await log.value  // the last event printed: AppCoordinator #1 cancelled
                // …to here.
            }
        }

        #expect(
            printed.others.withLock { $0 } == [
                """
                \(name) #1 [running] routes: home
                  · p3 HomeScreen (main) on NavigationPresenter for home
                """,
                """
                graph TD
                    c1["\(name) #1<br/><i>running</i><br/>· HomeScreen (main)"]
                """,
                "cancelled",
            ])
        #expect(
            printed.events.withLock { $0 } == [
                "\(name) #1 started",
                "\(name) #1 presented p3 HomeScreen (main) on NavigationPresenter for home",
                "\(name) #1 dismissed p3 HomeScreen (main) on NavigationPresenter for home (tornDown)",
                "\(name) #1 cancelled",
            ])
    }
}
