import Testing

@testable import Coordinators

/// Which task is running (`RunningTask`): one task reads as itself across suspensions, its
/// child tasks do not read as it, no task reads as `nil`, and a kept `RunningTask` cancels
/// the task it was read in.
@Suite(.timeLimit(.minutes(1)))
struct RunningTaskTests {
    @Test func aTaskIsItselfAcrossSuspensions() async throws {
        let before = try #require(RunningTask.current)
        await Elsewhere().visit()
        #expect(before.isCurrent)
    }

    @Test func aChildTaskIsNotItsParent() async throws {
        let parent = try #require(RunningTask.current)
        // An `async let`'s task runs while its parent waits for it: both are alive.
        async let inChild = parent.isCurrent
        async let childIsItself = RunningTask.current?.isCurrent
        let (parentIsCurrentInChild, childReadsItself) = await (inChild, childIsItself)
        #expect(!parentIsCurrentInChild)
        #expect(childReadsItself == true)
        #expect(parent.isCurrent)
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
