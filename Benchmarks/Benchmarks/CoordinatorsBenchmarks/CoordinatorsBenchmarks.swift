import Benchmark
import Coordinators

// The scenarios, each next to a bare baseline doing the same work, so each run yields
// ratios. Names are camelCase: package-benchmark skips names with spaces in threshold
// checks. `Benchmarks/run.sh` prints the table of ratios.

let benchmarks: @Sendable () -> Void = {
    let iterations = quick ? 3 : 200
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: quick ? 0 : 3,
        maxDuration: .seconds(quick ? 1 : 5),
        maxIterations: iterations,
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 10], absolute: [.p90: 50])]
    )

    // 1. Run a child that returns at once and await its result.
    let roundTrips = 1000
    Benchmark("childFlowRoundTrip") { _ in
        blackHole(try await childFlowRoundTrip(roundTrips))
    }
    Benchmark("childFlowRoundTripFromActorMethod") { _ in
        blackHole(try await childFlowRoundTripFromActorMethod(roundTrips))
    }
    Benchmark("childFlowRoundTripBaseline") { _ in
        blackHole(await childFlowRoundTripBaseline(roundTrips))
    }
    Benchmark("childFlowRoundTripHandWritten") { _ in
        blackHole(await childFlowRoundTripHandWritten(roundTrips))
    }
    // The mailbox path's hand-over alone, in bare structured concurrency: each child handed
    // to a loop that owns a task group (HandOverBaselines.swift).
    Benchmark("childFlowRoundTripFromActorMethodHandOver") { _ in
        blackHole(await childFlowRoundTripFromActorMethodHandOver(roundTrips))
    }

    // 2. Present and dismiss a screen on a headless navigation stack.
    let presentations = 1000
    Benchmark("presentDismiss") { _ in
        blackHole(try await presentDismiss(presentations))
    }
    Benchmark("presentDismissBaseline") { _ in
        await presentDismissBaseline(presentations)
    }
    Benchmark("presentDismissHandWritten") { _ in
        await presentDismissHandWritten(presentations)
    }
    // The same in a tab of a tab bar (each change is republished by the tab bar) and on a
    // modal navigation stack.
    Benchmark("presentDismissInTab") { _ in
        blackHole(try await presentDismissInTab(presentations))
    }
    Benchmark("presentDismissInModalStack") { _ in
        blackHole(try await presentDismissInModalStack(presentations))
    }

    // 3. Cancel a tree of 11,111 coordinators, each showing a screen (smaller when quick).
    let treeDepth = quick ? 2 : 4
    let treeConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: quick ? 0 : 1,
        maxDuration: .seconds(quick ? 2 : 20), maxIterations: quick ? 2 : 15,
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 10], absolute: [.p90: 2000])])
    Benchmark("cancelTree11111", configuration: treeConfiguration) { benchmark in
        let tree = await RunningTree(depth: treeDepth, fanOut: 10)
        benchmark.startMeasurement()
        await tree.cancel()
        benchmark.stopMeasurement()
    }
    Benchmark("cancelTree11111Baseline", configuration: treeConfiguration) { benchmark in
        let tree = await RunningBareTree(depth: treeDepth, fanOut: 10)
        benchmark.startMeasurement()
        await tree.cancel()
        benchmark.stopMeasurement()
    }
    Benchmark("cancelTree11111HandWritten", configuration: treeConfiguration) { benchmark in
        let tree = await RunningHandWrittenTree(depth: treeDepth, fanOut: 10)
        benchmark.startMeasurement()
        await tree.stop()
        benchmark.stopMeasurement()
    }

    // 3b. Cancel 100,000 children of one coordinator (smaller when quick): one wide task
    // group, where the order in which children finish decides the Swift runtime's cost.
    let wideCount = quick ? 10_000 : 100_000
    let wideConfiguration = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 0,
        maxDuration: .seconds(quick ? 2 : 120), maxIterations: quick ? 2 : 8, thresholds: [:])
    Benchmark("cancelWideTree", configuration: wideConfiguration) { benchmark in
        let tree = await RunningTree(depth: 1, fanOut: wideCount)
        benchmark.startMeasurement()
        await tree.cancel()
        benchmark.stopMeasurement()
    }
    Benchmark("cancelWideTreeBaseline", configuration: wideConfiguration) { benchmark in
        let tree = await RunningBareTree(depth: 1, fanOut: wideCount)
        benchmark.startMeasurement()
        await tree.cancel()
        benchmark.stopMeasurement()
    }

    // 3c. The same with one grandchild under each child, so that every child has a hosting
    // loop (started by its parent's) that must leave in turn: a guard against the quadratic
    // removals of loops all kept in one group (Guides/Performance.md).
    let loopsCount = quick ? 5_000 : 50_000
    Benchmark("cancelWideTreeWithLoops", configuration: wideConfiguration) { benchmark in
        let tree = await RunningTree(parentsOfOne: loopsCount)
        benchmark.startMeasurement()
        await tree.cancel()
        benchmark.stopMeasurement()
    }
    Benchmark("cancelWideTreeWithLoopsBaseline", configuration: wideConfiguration) { benchmark in
        let tree = await RunningBareTree(parentsOfOne: loopsCount)
        benchmark.startMeasurement()
        await tree.cancel()
        benchmark.stopMeasurement()
    }

    // 4. Resident bytes per idle coordinator (waiting on its screen), 100,000 of them.
    // Measured once: later iterations would reuse the pages the first one freed.
    let idleCount = quick ? 10_000 : 100_000
    let bytesPerFlow = BenchmarkMetric.custom("residentBytesPerFlow", useScalingFactor: false)
    let memoryConfiguration = Benchmark.Configuration(
        metrics: [bytesPerFlow], warmupIterations: 0,
        maxIterations: 1, thresholds: [:])
    Benchmark("idleCoordinatorMemory", configuration: memoryConfiguration) { benchmark in
        let before = residentBytes()
        let tree = await RunningTree(depth: 1, fanOut: idleCount)
        benchmark.measurement(bytesPerFlow, (residentBytes() - before) / idleCount)
        await tree.cancel()
    }
    Benchmark("idleCoordinatorMemoryBaseline", configuration: memoryConfiguration) { benchmark in
        let before = residentBytes()
        let tasks = await RunningBareTasks(count: idleCount)
        benchmark.measurement(bytesPerFlow, (residentBytes() - before) / idleCount)
        await tasks.stop()
    }
    Benchmark("idleCoordinatorMemoryHandWritten", configuration: memoryConfiguration) { benchmark in
        let before = residentBytes()
        let tree = await RunningHandWrittenTree(depth: 1, fanOut: idleCount)
        benchmark.measurement(bytesPerFlow, (residentBytes() - before) / idleCount)
        await tree.stop()
    }

    // 4b. 1,000,000 child flows run 1,000 at a time (smaller when quick): throughput
    // against a long-lived task group's child tasks.
    let concurrentCount = quick ? 10_000 : 1_000_000
    let concurrentWidth = quick ? 100 : 1_000
    let concurrentConfiguration = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 0,
        maxDuration: .seconds(quick ? 2 : 60), maxIterations: quick ? 1 : 5, thresholds: [:])
    Benchmark("concurrentFlows", configuration: concurrentConfiguration) { _ in
        blackHole(try await concurrentFlows(concurrentCount, width: concurrentWidth, .fromTasksOfATaskGroup))
    }
    Benchmark("concurrentFlowsInChildGroup", configuration: concurrentConfiguration) { _ in
        blackHole(try await concurrentFlows(concurrentCount, width: concurrentWidth, .inAChildGroup))
    }
    Benchmark("concurrentFlowsBaseline", configuration: concurrentConfiguration) { _ in
        blackHole(await concurrentFlowsBaseline(concurrentCount, width: concurrentWidth))
    }
    Benchmark("concurrentFlowsHandOver", configuration: concurrentConfiguration) { _ in
        blackHole(await concurrentFlowsHandOver(concurrentCount, width: concurrentWidth))
    }

    // 5. 1,000,000 flows run and finished: resident memory must stay flat after warm-up.
    let soakConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .custom("residentGrowthBytes", useScalingFactor: false)], warmupIterations: 0,
        maxIterations: 1, thresholds: [:])
    Benchmark("soakMillionFlows", configuration: soakConfiguration) { benchmark in
        let growth = try await soakResidentGrowth(warmUp: quick ? 10_000 : 100_000, count: quick ? 100_000 : 1_000_000)
        benchmark.measurement(.custom("residentGrowthBytes", useScalingFactor: false), max(growth, 0))
    }

    // 6. The lifecycle event stream, unobserved and with one listener draining it.
    let eventfulChildren = 1000
    Benchmark("lifecycleEventsUnobserved") { _ in
        try await lifecycleEvents(eventfulChildren, observed: false)
    }
    Benchmark("lifecycleEventsObserved") { _ in
        try await lifecycleEvents(eventfulChildren, observed: true)
    }

    // 7. Open a deep link of four steps, each starting a nested routable coordinator that
    // shows a screen, from a root already showing its screen; then cancel the tree. Both
    // the open and the teardown are measured (the tree's set-up is not).
    let linkSteps = 4
    let linkConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: quick ? 0 : 10,
        maxDuration: .seconds(quick ? 1 : 10), maxIterations: quick ? 3 : 2000,
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 10], absolute: [.p90: 50])])
    Benchmark("openDeepLink4Steps", configuration: linkConfiguration) { benchmark in
        let tree = await RunningLinkTree()
        benchmark.startMeasurement()
        try await tree.openLink(steps: linkSteps)
        await tree.cancel()
        benchmark.stopMeasurement()
    }
    Benchmark("openDeepLink4StepsBaseline", configuration: linkConfiguration) { benchmark in
        let tree = await RunningBareLinkTree(steps: linkSteps)
        benchmark.startMeasurement()
        await tree.openLink()
        await tree.cancel()
        benchmark.stopMeasurement()
    }

    // 7b. openDeepLink100Steps and openDeepLink1000Steps: open a deep link of 100 or 1,000
    // distinct screen routes at one coordinator (all its own, so one move), from a fresh tree
    // whose root shows its home screen. Only the open is measured. Their baselines: an actor
    // appending as many items, one awaited call each. The per-step times of the two lengths
    // show whether a step's cost grows with the routes shown.
    let longLinkConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: quick ? 0 : 3,
        maxDuration: .seconds(quick ? 1 : 10), maxIterations: quick ? 3 : 300,
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 10], absolute: [.p90: 50])])
    for steps in [100, 1000] {
        Benchmark("openDeepLink\(steps)Steps", configuration: longLinkConfiguration) { benchmark in
            let tree = await RunningScreenLinkTree(steps: steps)
            benchmark.startMeasurement()
            try await tree.openLink()
            benchmark.stopMeasurement()
            await tree.cancel()
        }
        Benchmark("openDeepLink\(steps)StepsBaseline", configuration: longLinkConfiguration) { benchmark in
            let link = await BareScreenLink(steps: steps)
            benchmark.startMeasurement()
            await link.openLink()
            benchmark.stopMeasurement()
            await link.check()
        }
    }

    // 8. Bubble a flow event up 10 levels: sent from a coordinator with ten ancestors, of
    // which only the root has a handler (and stops it); 1,000 events per sample. The
    // chain's set-up and teardown are not measured.
    let events = 1000
    Benchmark("flowEventBubbling10Levels") { benchmark in
        let chain = try await RunningEventChain(depth: 10)
        benchmark.startMeasurement()
        try await chain.send(events)
        benchmark.stopMeasurement()
        await chain.cancel()
    }
    Benchmark("tenActorRoundTrips") { benchmark in
        let ancestors = BareAncestors()
        benchmark.startMeasurement()
        await ancestors.send(events)
        benchmark.stopMeasurement()
    }

    // 9. A screen's requests: 1,000 synchronous `router.perform(_:)` sends to a running
    // coordinator, then the last one's outcome awaited (they run in order, one at a time, on
    // the coordinator's host); against a task per tap calling an actor's method. The
    // coordinator's set-up and teardown are not measured.
    let sends = 1000
    Benchmark("routerSends") { benchmark in
        let desk = await RunningCountingDesk()
        benchmark.startMeasurement()
        try await desk.send(sends)
        benchmark.stopMeasurement()
        await desk.cancel()
    }
    Benchmark("routerSendsBaseline") { _ in
        await routerSendsBaseline(sends)
    }
}
