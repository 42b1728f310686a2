import Testing

@testable import Coordinators

/// The queue of a coordinator's screen requests, one (state, event) pair per test: requests
/// leave in the order they came, and one drainer at a time takes them.
struct ScreenRequestQueueTests {
    @Test func theFirstAppendAsksForADrainer() {
        var queue = ScreenRequestQueue<Int>()
        let asks = queue.append(1)
        #expect(asks)
        #expect(queue.isDraining)
        #expect(queue.count == 1)
    }

    @Test func anAppendWhileDrainingAsksForNoOtherDrainer() {
        var queue = ScreenRequestQueue<Int>()
        _ = queue.append(1)
        let asks = queue.append(2)
        #expect(!asks)
        #expect(queue.count == 2)
    }

    @Test func nextTakesTheOldestFirst() {
        var queue = ScreenRequestQueue<Int>()
        _ = queue.append(1)
        _ = queue.append(2)
        let taken = [queue.next(), queue.next()]
        #expect(taken == [1, 2])
        #expect(queue.isDraining)
    }

    @Test func nextWithNoneLeftStopsTheDrainerAndTheNextAppendAsksForANewOne() {
        var queue = ScreenRequestQueue<Int>()
        _ = queue.append(1)
        _ = queue.next()
        let none = queue.next()
        #expect(none == nil)
        #expect(!queue.isDraining)
        let asks = queue.append(2)
        #expect(asks)
        let taken = queue.next()
        #expect(taken == 2)
    }

    @Test func anAppendWhileTheDrainerRunsIsTakenByIt() {
        var queue = ScreenRequestQueue<Int>()
        _ = queue.append(1)
        _ = queue.next()
        let asks = queue.append(2)
        #expect(!asks)
        let taken = [queue.next(), queue.next()]
        #expect(taken == [2, nil])
    }

    @Test func takeAllTakesWhatIsLeftInOrderAndStopsTheDrainer() {
        var queue = ScreenRequestQueue<Int>()
        for request in 1...3 { _ = queue.append(request) }
        _ = queue.next()
        let left = queue.takeAll()
        #expect(left == [2, 3])
        #expect(!queue.isDraining)
        #expect(queue.count == 0)
        let none = queue.next()
        #expect(none == nil)
    }
}
