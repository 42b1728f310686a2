import Coordinators
import CoordinatorsTesting
import Testing

// BBCoordinators passes services and parameters through a Swinject container that every
// coordinator holds: a coordinator registers a value, the next resolves it by type and name,
// and a missing registration silently gives a fallback. Here the environment does it, typed:
// a service set once on the tree reaches a coordinator two levels down, started from a
// screen's action; a parameter set for one child reaches that child and its subtree, and no
// sibling.

private protocol Greeter: Sendable { func greet(_ name: String) -> String }
private struct Formal: Greeter { func greet(_ name: String) -> String { "Good day, \(name)" } }
private struct Casual: Greeter { func greet(_ name: String) -> String { "Hi \(name)" } }

private struct GreeterKey: FlowEnvironmentKey { static let defaultValue: any Greeter = Casual() }
private struct FirstParamKey: FlowEnvironmentKey { static let defaultValue = "" }

extension FlowEnvironment {
    fileprivate var greeter: any Greeter {
        get { self[GreeterKey.self] }
        set { self[GreeterKey.self] = newValue }
    }
    fileprivate var firstParam: String {
        get { self[FirstParamKey.self] }
        set { self[FirstParamKey.self] = newValue }
    }
}

extension SeedScenarioTests {
    struct FirstScreen: Screen { let actions: FirstCoordinator }

    /// BB's `FirstCoordinator`: its screen's action goes forward to `SecondCoordinator`
    /// with a parameter.
    actor FirstCoordinator: Coordinator {
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws {
            try await flow.present(FirstScreen(actions: self), on: navigation)
            try await flow.finished
        }

        /// `goToSecond(withParam:)`: the parameter is set for that child only.
        func goToSecond(withParam param: String) async throws -> String {
            let second = SecondCoordinator(navigation: navigation)
            try second.setEnvironment(\.firstParam, param)
            return try await flow.run(second)
        }

        /// A sibling started without the parameter.
        func goToSecond() async throws -> String {
            try await flow.run(SecondCoordinator(navigation: navigation))
        }
    }

    /// BB's `SecondCoordinator`, whose view model needs the parameter and a service: it runs
    /// one more level down, where they are read.
    actor SecondCoordinator: Coordinator {
        let flow = Flow<String>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws -> String { try await flow.run(SecondViewModelFlow()) }
    }

    actor SecondViewModelFlow: Coordinator {
        let flow = Flow<String>()
        func start() async throws -> String {
            let environment = try flow.environment
            return environment.greeter.greet(environment.firstParam.isEmpty ? "nobody" : environment.firstParam)
        }
    }

    @Test func bbCoordinatorsDependencyContainerIsTheEnvironment() async throws {
        let navigation = NavigationPresenter()
        var environment = FlowEnvironment()
        environment.greeter = Formal()
        try await withFlowTest(
            of: FirstCoordinator(navigation: navigation), environment: environment, atEnd: .cancelTree
        ) {
            test in
            _ = try await test.screen(FirstScreen.self, on: navigation)
            #expect(try await test.root.goToSecond(withParam: "Ada") == "Good day, Ada")
            #expect(try await test.root.goToSecond() == "Good day, nobody")
        }
    }
}
