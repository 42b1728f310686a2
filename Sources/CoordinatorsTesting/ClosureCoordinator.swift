import Coordinators

/// A coordinator made of a closure: for test doubles and small flows in tests.
///
/// ```swift
/// let login = ClosureCoordinator { flow in
///     try await flow.present(LoginScreen(), on: navigation)
///     return User(name: "ada")
/// }
/// let user = try await flow.run(login)
/// ```
///
/// `start()` runs the closure with the coordinator's flow: it may present, ask, run
/// children and await `flow.finished`, as any coordinator's `start()` may. Events and
/// snapshots name it `ClosureCoordinator<Output>`.
public actor ClosureCoordinator<Output: Sendable>: Coordinator {
    /// The coordinator's handle into the runtime.
    public nonisolated let flow = Flow<Output>()
    private let body: @Sendable (Flow<Output>) async throws -> Output

    /// A coordinator whose `start()` runs `body` with its flow.
    public init(_ body: @escaping @Sendable (Flow<Output>) async throws -> Output) {
        self.body = body
    }

    /// Runs the closure. Cancellation: as for any `start()`; the closure sees it.
    public func start() async throws -> Output {
        try await body(flow)
    }
}
