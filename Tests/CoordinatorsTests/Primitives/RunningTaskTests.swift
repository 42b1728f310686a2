import Testing

@testable import Coordinators

/// Which task is running (`RunningTask`): one task reads as itself across suspensions, two
/// live tasks differ, no task reads as `nil`, and a kept `RunningTask` cancels the task it
/// was read in.
@Suite(.timeLimit(.minutes(1)))
struct RunningTaskTests {
    @Test func aTaskIsItselfAcrossSuspensions() async {
        let before = RunningTask.current
        await Elsewhere().visit()
        #expect(before != nil)
        #expect(RunningTask.current == before)
    }

    @Test func twoLiveTasksDiffer() async {
        let parent = RunningTask.current
        // An `async let`'s task lives until it is awaited, so both are alive at once.
        async let first = RunningTask.current
        async let second = RunningTask.current
        let (a, b) = await (first, second)
        #expect(a != nil && b != nil)
        #expect(a != b)
        #expect(a != parent && b != parent)
    }

    @Test func outsideATaskThereIsNoTask() async {
        let seen = Locked<[Bool]>([])
        await onThreadOfItsOwn {
            let running = RunningTask.current
            seen.withLock { $0.append(running != nil) }
        }
        #expect(seen.withLock { $0 } == [false], "read once, outside any task")
    }

    @Test func aKeptRunningTaskCancelsItsTask() async {
        let kept = Locked<RunningTask?>(nil)
        let recorded = Gate()
        let cancelled = Gate()
        let task = Task {
            kept.withLock { $0 = RunningTask.current }
            recorded.open()
            await withTaskCancellationHandler {
                await cancelled.wait()
            } onCancel: {
                cancelled.open()
            }
            return Task.isCancelled
        }
        await recorded.wait()
        kept.withLock { $0 }?.cancel()
        #expect(await task.value)
    }

    /// An actor to hop to: a suspension that leaves the caller's executor.
    private actor Elsewhere {
        func visit() {}
    }
}
