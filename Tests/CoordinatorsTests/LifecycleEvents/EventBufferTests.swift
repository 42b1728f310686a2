import Testing

@testable import Coordinators

/// `EventBuffer`, the queue behind a lifecycle event reader: order, memory, policies.
struct EventBufferTests {
    @Test func eventsComeOutInTheOrderTheyWentInAcrossTheRingsEnd() {
        var buffer = EventBuffer<Int>(.unbounded)
        var read: [Int] = []
        for value in 0..<100 {
            buffer.append(value)
            if value.isMultiple(of: 3), let first = buffer.removeFirst() { read.append(first) }
        }
        while let first = buffer.removeFirst() { read.append(first) }
        #expect(read == Array(0..<100))
        #expect(buffer.count == 0)
    }

    @Test func theRingGrowsWithWhatIsUnreadAndShrinksAsItIsRead() {
        var buffer = EventBuffer<Int>(.unbounded)
        for value in 0..<1000 { buffer.append(value) }
        #expect(buffer.capacity >= 1000 && buffer.capacity <= 2 * 1024)
        for _ in 0..<990 { _ = buffer.removeFirst() }
        #expect(buffer.count == 10)
        #expect(buffer.capacity <= 4 * EventBuffer<Int>.minimumCapacity)
        #expect(buffer.droppedCount == 0)
    }

    @Test(arguments: [
        (LifecycleEvents.BufferingPolicy.bufferingOldest(3), [0, 1, 2]),  // what arrives when full is dropped
        (.bufferingNewest(3), [7, 8, 9]),  // the oldest unread is dropped
    ])
    func aFullBufferDropsAsItsPolicySaysAndCountsIt(policy: LifecycleEvents.BufferingPolicy, kept: [Int]) {
        var buffer = EventBuffer<Int>(policy)
        for value in 0..<10 { buffer.append(value) }
        #expect(buffer.droppedCount == 7)
        var read: [Int] = []
        while let value = buffer.removeFirst() { read.append(value) }
        #expect(read == kept)
    }

    @Test func aLimitOfZeroOrLessKeepsNothing() {
        for policy in [LifecycleEvents.BufferingPolicy.bufferingNewest(0), .bufferingOldest(-1)] {
            var buffer = EventBuffer<Int>(policy)
            buffer.append(1)
            buffer.append(2)
            #expect(buffer.removeFirst() == nil)
            #expect(buffer.droppedCount == 2)
        }
    }
}
