import Coordinators

// The runtime side of every scenario. Each function does the measured work and nothing
// else; the bare baselines doing the same work are in Baselines.swift.

// MARK: childFlowRoundTrip

/// Returns at once.
actor Leaf: Coordinator {
    let flow = Flow<Int>()
    func start() async throws -> Int { 1 }
}

/// Runs `count` leaves one after another from `start()` (script style).
actor RunsLeaves: Coordinator {
    let flow = Flow<Int>()
    let count: Int
    init(_ count: Int) { self.count = count }

    func start() async throws -> Int {
        var sum = 0
        for _ in 0..<count { sum += try await flow.run(Leaf()) }
        return sum
    }
}

func childFlowRoundTrip(_ count: Int) async throws -> Int {
    try await CoordinatorTree().run(RunsLeaves(count))
}

/// Event style: runs leaves from an actor method called by another task (as a screen's
/// action would), so each child goes through the coordinator's mailbox.
actor HostsChildren: Coordinator {
    let flow = Flow<Void>()
    let running = Countdown(1)

    func start() async throws {
        running.tick()
        try await flow.finished
    }

    func runLeaves(_ count: Int) async throws -> Int {
        var sum = 0
        for _ in 0..<count { sum += try await flow.run(Leaf()) }
        return sum
    }
}

func childFlowRoundTripFromActorMethod(_ count: Int) async throws -> Int {
    let host = HostsChildren()
    let tree = CoordinatorTree()
    let running = Task { try await tree.run(host) }
    await host.running.wait()
    let sum = try await host.runLeaves(count)
    try host.flow.finish()
    try await running.value
    return sum
}

// MARK: presentDismiss, presentDismissInTab, presentDismissInModalStack

/// Shows a main screen, then presents and dismisses `count` screens on `presenter`.
actor PresentsAndDismisses<Surface: Presenter>: Coordinator {
    let flow = Flow<Int>()
    let count: Int
    let presenter: Surface
    init(_ count: Int, on presenter: Surface) {
        self.count = count
        self.presenter = presenter
    }

    func start() async throws -> Int {
        try await flow.present(BenchScreen(), on: presenter)
        for _ in 0..<count {
            let screen = try await flow.present(BenchScreen(), on: presenter, role: .auxiliary)
            try await flow.dismiss(screen)
        }
        return flow.presentations.count
    }
}

/// On a headless navigation stack.
func presentDismiss(_ count: Int) async throws -> Int {
    try await CoordinatorTree().run(PresentsAndDismisses(count, on: NavigationPresenter()))
}

/// In the second tab of a three-tab bar: each change of the tab's stack is also a change
/// of the tab bar.
func presentDismissInTab(_ count: Int) async throws -> Int {
    let tabs = TabPresenter(items: [
        TabItem(title: "A", content: .stack), TabItem(title: "B", content: .stack),
        TabItem(title: "C", content: .stack),
    ])
    return try await CoordinatorTree().run(PresentsAndDismisses(count, on: try tabs.stack(forTab: 1)))
}

/// On a modal navigation stack.
func presentDismissInModalStack(_ count: Int) async throws -> Int {
    try await CoordinatorTree().run(PresentsAndDismisses(count, on: ModalNavigationPresenter()))
}

// MARK: cancelTree11111 and idleCoordinatorMemory

/// Shows a screen, starts `fanOut` children one level down, and waits to be ended.
actor TreeNode: Coordinator {
    let flow = Flow<Void>()
    let depth: Int
    let fanOut: Int
    let presenter: CountingPresenter
    let shown: Countdown

    init(depth: Int, fanOut: Int, presenter: CountingPresenter, shown: Countdown) {
        self.depth = depth
        self.fanOut = fanOut
        self.presenter = presenter
        self.shown = shown
    }

    func start() async throws {
        try await flow.present(BenchScreen(), on: presenter)
        shown.tick()
        if depth > 0 {
            for _ in 0..<fanOut {
                try flow.start(TreeNode(depth: depth - 1, fanOut: fanOut, presenter: presenter, shown: shown))
            }
        }
        try await flow.finished
    }
}

/// Shows a screen, starts `count` children that each start one child (`TreeNode` of depth 1
/// and fan-out 1), and waits to be ended.
actor StartsParentsOfOne: Coordinator {
    let flow = Flow<Void>()
    let count: Int
    let presenter: CountingPresenter
    let shown: Countdown

    init(_ count: Int, presenter: CountingPresenter, shown: Countdown) {
        self.count = count
        self.presenter = presenter
        self.shown = shown
    }

    func start() async throws {
        try await flow.present(BenchScreen(), on: presenter)
        shown.tick()
        for _ in 0..<count {
            try flow.start(TreeNode(depth: 1, fanOut: 1, presenter: presenter, shown: shown))
        }
        try await flow.finished
    }
}

/// The number of nodes of a full tree.
func nodeCount(depth: Int, fanOut: Int) -> Int {
    (0...depth).reduce(0) { total, level in total + (0..<level).reduce(1) { product, _ in product * fanOut } }
}

/// A running tree of coordinators, every one showing its screen.
final class RunningTree: Sendable {
    let tree = CoordinatorTree()
    let presenter = CountingPresenter()
    let running: Task<FlowOutcome<Void>, Never>

    /// Builds the tree and returns once every coordinator shows its screen.
    init(depth: Int, fanOut: Int) async {
        let shown = Countdown(nodeCount(depth: depth, fanOut: fanOut))
        let root = TreeNode(depth: depth, fanOut: fanOut, presenter: presenter, shown: shown)
        let tree = self.tree
        running = Task { await tree.runForOutcome(root) }
        await shown.wait()
    }

    /// Builds a root with `count` children that each start one child of their own (so each
    /// child has a hosting loop), and returns once every coordinator shows its screen.
    init(parentsOfOne count: Int) async {
        let shown = Countdown(1 + 2 * count)
        let root = StartsParentsOfOne(count, presenter: presenter, shown: shown)
        let tree = self.tree
        running = Task { await tree.runForOutcome(root) }
        await shown.wait()
    }

    /// Cancels the root and returns once it has returned; every screen is then dismissed.
    func cancel() async {
        tree.cancel()
        _ = await running.value
        precondition(presenter.count == 0, "a screen was left shown")
    }
}

// MARK: soakMillionFlows

/// Runs `warmUp` flows, samples resident memory, runs `count` more, and returns the growth
/// — all inside one running coordinator, so that nothing is released by the root ending.
/// Children alternate `run` (from start) and `start` + `value` (through the mailbox).
actor Soak: Coordinator {
    let flow = Flow<Int>()
    let warmUp: Int
    let count: Int
    init(warmUp: Int, count: Int) {
        self.warmUp = warmUp
        self.count = count
    }

    func start() async throws -> Int {
        try await runFlows(warmUp)
        let before = residentBytes()
        try await runFlows(count)
        return residentBytes() - before
    }

    private func runFlows(_ count: Int) async throws {
        for index in 0..<count {
            if index.isMultiple(of: 2) {
                _ = try await flow.run(Leaf())
            } else {
                _ = try await flow.start(Leaf()).value
            }
        }
    }
}

func soakResidentGrowth(warmUp: Int, count: Int) async throws -> Int {
    try await CoordinatorTree().run(Soak(warmUp: warmUp, count: count))
}

// MARK: lifecycleEvents

/// Runs `count` children that each present and dismiss a screen: four events each.
actor EventfulChildren: Coordinator {
    actor Child: Coordinator {
        let flow = Flow<Void>()
        let presenter: CountingPresenter
        init(_ presenter: CountingPresenter) { self.presenter = presenter }
        func start() async throws {
            try await flow.present(BenchScreen(), on: presenter)
        }
    }

    let flow = Flow<Void>()
    let count: Int
    let presenter = CountingPresenter()
    init(_ count: Int) { self.count = count }

    func start() async throws {
        for _ in 0..<count { try await flow.run(Child(presenter)) }
    }
}

func lifecycleEvents(_ count: Int, observed: Bool) async throws {
    let tree = CoordinatorTree()
    guard observed else {
        try await tree.run(EventfulChildren(count))
        return
    }
    let events = tree.events()
    async let drained = events.reduce(0) { total, _ in total + 1 }
    try await tree.run(EventfulChildren(count))
    let received = await drained
    precondition(received == count * 4 + 2, "every event must reach the listener")
}

// MARK: openDeepLink4Steps

/// One level of a chain of routable coordinators on one headless navigation stack: shows
/// its screen (`go(.forward(to: .home))`), then waits to be ended. Its route `.next` starts
/// the next level as a child, so a link of four `.next` starts four nested coordinators.
actor LinkLevel: Routable {
    enum Route: Hashable, Sendable { case home, next }
    let flow = Flow<Void>()
    let depth: Int
    let navigation: NavigationPresenter
    let shown: Countdown?

    init(depth: Int, navigation: NavigationPresenter, shown: Countdown? = nil) {
        self.depth = depth
        self.navigation = navigation
        self.shown = shown
    }

    func start() async throws {
        try await go(.forward(to: .home))
        shown?.tick()
        try await flow.finished
    }

    func destination(for route: Route) -> Destination? {
        switch route {
        case .home: .screen(BenchScreen(), on: navigation)
        case .next: .child(LinkLevel(depth: depth + 1, navigation: navigation))
        }
    }
}

/// A running tree whose root is a `LinkLevel` showing its screen on a headless navigation
/// stack, ready to take a link.
final class RunningLinkTree: Sendable {
    let tree = CoordinatorTree()
    let navigation = NavigationPresenter()
    let running: Task<FlowOutcome<Void>, Never>

    init() async {
        let shown = Countdown(1)
        let root = LinkLevel(depth: 0, navigation: navigation, shown: shown)
        let tree = self.tree
        running = Task { await tree.runForOutcome(root) }
        await shown.wait()
    }

    /// Opens `root → next → next → next → next`: four nested coordinators, each showing a
    /// screen. Returns once the last one is set up.
    func openLink(steps: Int) async throws {
        try await tree.open(DeepLink([any Hashable & Sendable](repeating: LinkLevel.Route.next, count: steps)))
        precondition(navigation.stack.count == steps + 1, "every step shows a screen")
    }

    /// Cancels the tree and returns once the root has returned; every screen is dismissed.
    func cancel() async {
        tree.cancel()
        _ = await running.value
        precondition(navigation.stack.isEmpty, "a screen was left shown")
    }
}

// MARK: openDeepLink100Steps and openDeepLink1000Steps

/// A routable coordinator whose routes are all screens on one headless navigation stack: a
/// link of its `.screen` routes is all its own, so it takes the whole link as one move.
actor LinkScreens: Routable {
    enum Route: Hashable, Sendable {
        case home
        case screen(Int)
    }
    let flow = Flow<Void>()
    let navigation: NavigationPresenter
    let shown: Countdown

    init(navigation: NavigationPresenter, shown: Countdown) {
        self.navigation = navigation
        self.shown = shown
    }

    func start() async throws {
        try await go(.forward(to: .home))
        shown.tick()
        try await flow.finished
    }

    func destination(for route: Route) -> Destination? {
        .screen(BenchScreen(), on: navigation)
    }
}

/// A running tree whose root is a `LinkScreens` showing its home screen, ready to take a
/// link of `steps` distinct screen routes (made here, so that opening it is all that is timed).
final class RunningScreenLinkTree: Sendable {
    let tree = CoordinatorTree()
    let navigation = NavigationPresenter()
    let link: DeepLink
    let running: Task<FlowOutcome<Void>, Never>

    init(steps: Int) async {
        link = DeepLink((1...steps).map(LinkScreens.Route.screen))
        let shown = Countdown(1)
        let root = LinkScreens(navigation: navigation, shown: shown)
        let tree = self.tree
        running = Task { await tree.runForOutcome(root) }
        await shown.wait()
    }

    /// Opens `screen(1) → screen(2) → … → screen(steps)`: one move at the root, which pushes
    /// a screen per step. Returns once they are all shown.
    func openLink() async throws {
        try await tree.open(link)
    }

    /// Cancels the tree and returns once the root has returned; every screen is dismissed.
    func cancel() async {
        precondition(navigation.stack.count == link.routes.count + 1, "every step shows a screen")
        tree.cancel()
        _ = await running.value
        precondition(navigation.stack.isEmpty, "a screen was left shown")
    }
}

// MARK: flowEventBubbling10Levels

/// The event the chain sends.
struct BenchEvent: FlowEvent { let value: Int }

/// One level of a chain of coordinators: starts the next level (if any), then waits to be
/// ended. The root handles `BenchEvent` and stops it; the levels between have no handler.
actor EventLevel: Coordinator {
    let flow = Flow<Void>()
    private var child: EventLevel?
    let running: Countdown

    init(child: EventLevel?, running: Countdown) {
        self.child = child
        self.running = running
    }

    func start() async throws {
        if let child {
            self.child = nil
            try flow.start(child)
        }
        running.tick()
        try await flow.finished
    }
}

/// A running chain of `depth + 1` coordinators (the root, and `depth` levels below it).
final class RunningEventChain: Sendable {
    let tree = CoordinatorTree()
    let sender: EventLevel
    let running: Task<FlowOutcome<Void>, Never>

    /// Builds the chain and returns once every level runs.
    init(depth: Int) async throws {
        let levels = Countdown(depth + 1)
        sender = EventLevel(child: nil, running: levels)
        var root = sender
        for _ in 0..<depth {
            root = EventLevel(child: root, running: levels)
        }
        try root.onFlowEvent(BenchEvent.self) { _, _ in .stop }
        let tree = self.tree
        let top = root
        running = Task { await tree.runForOutcome(top) }
        await levels.wait()
    }

    /// Sends `count` events from the deepest level, one after another; each is handled
    /// (and stopped) at the root.
    func send(_ count: Int) async throws {
        for value in 0..<count {
            let receipt = try await sender.flow.send(BenchEvent(value: value))
            precondition(receipt.stoppedBy != nil, "the root stops every event")
        }
    }

    func cancel() async {
        tree.cancel()
        _ = await running.value
    }
}

// MARK: concurrentFlows — `count` child flows, `width` at a time, from start()

/// Runs `count` leaves, keeping `width` running at once, in one of two ways.
actor RunsConcurrentLeaves: Coordinator {
    /// How the leaves are run from `start()`.
    enum Way {
        /// `flow.run` from each task of a task group in `start()`, as a coordinator serving
        /// many concurrent requests would: each leaf is handed over to the root's hosting loop.
        case fromTasksOfATaskGroup
        /// `group.start` in a child group (`flow.withChildGroup`): each leaf a child task of
        /// the root's `start()`, as the baseline's are child tasks of its group.
        case inAChildGroup
    }

    let flow = Flow<Int>()
    let count: Int
    let width: Int
    let way: Way
    init(_ count: Int, width: Int, _ way: Way) {
        self.count = count
        self.width = width
        self.way = way
    }

    func start() async throws -> Int {
        switch way {
        case .fromTasksOfATaskGroup: try await runFromTasksOfATaskGroup()
        case .inAChildGroup: try await runInAChildGroup()
        }
    }

    private func runFromTasksOfATaskGroup() async throws -> Int {
        let flow = self.flow
        return try await withThrowingTaskGroup(of: Int.self) { group in
            var started = 0
            var sum = 0
            while started < min(width, count) {
                group.addTask { try await flow.run(Leaf()) }
                started += 1
            }
            while let value = try await group.next() {
                sum += value
                if started < count {
                    group.addTask { try await flow.run(Leaf()) }
                    started += 1
                }
            }
            return sum
        }
    }

    private func runInAChildGroup() async throws -> Int {
        try await flow.withChildGroup(of: Int.self) { group in
            var started = 0
            var sum = 0
            while started < min(width, count) {
                try group.start(Leaf())
                started += 1
            }
            while let (_, outcome) = try await group.next() {
                sum += try outcome.get()
                if started < count {
                    try group.start(Leaf())
                    started += 1
                }
            }
            return sum
        }
    }
}

func concurrentFlows(_ count: Int, width: Int, _ way: RunsConcurrentLeaves.Way) async throws -> Int {
    try await CoordinatorTree().run(RunsConcurrentLeaves(count, width: width, way))
}

// MARK: routerSends — a screen's synchronous requests, carried out in order

/// A coordinator whose screens count through its router (`perform(.count)`).
actor CountingDesk: Routable {
    enum Route: Hashable, Sendable { case desk }
    enum ScreenAction: Sendable { case count }

    let flow = Flow<Void>()
    private let running: Countdown
    private(set) var count = 0

    init(running: Countdown) { self.running = running }

    func start() async throws {
        running.tick()
        try await flow.finished
    }

    func destination(for route: Route) -> Destination? { nil }

    func perform(_ action: ScreenAction) {
        count += 1
    }
}

/// A running `CountingDesk`, the root of a tree of its own.
final class RunningCountingDesk: Sendable {
    let tree = CoordinatorTree()
    let desk: CountingDesk
    let running: Task<FlowOutcome<Void>, Never>

    /// Runs the desk and returns once it runs.
    init() async {
        let started = Countdown(1)
        desk = CountingDesk(running: started)
        let tree = self.tree
        let desk = self.desk
        running = Task { await tree.runForOutcome(desk) }
        await started.wait()
    }

    /// `count` synchronous sends, as a screen's buttons make them, then waits for the last
    /// one's outcome (they are carried out in order, so every one is done then).
    func send(_ count: Int) async throws {
        let router = desk.router
        var last: RouterRequest<Void>?
        for _ in 0..<count { last = router.perform(.count) }
        try await last?.value
    }

    func cancel() async {
        tree.cancel()
        _ = await running.value
    }
}
