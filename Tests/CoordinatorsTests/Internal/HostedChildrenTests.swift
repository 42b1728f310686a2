import Testing

@testable import Coordinators

/// When a node's hosted children may leave its task group: one (state, event) pair per test.
/// With `window` = w, the child with w older siblings in the group may leave while the
/// parent ends; the one with w + 1 must wait.
@Suite(.timeLimit(.minutes(1)))
struct HostedChildrenTests {
    private static let w = HostedChildren.window
    /// `children[1]`, `children[2]`, ... are hosted in that order by `hosting`; `children[0]`
    /// never is.
    private let children = (0...(2 * HostedChildren.window + 3)).map { _ in Node.make() }

    private func hosting(_ count: Int) -> HostedChildren {
        var hosted = HostedChildren()
        for index in 1...count { hosted.append(.task(children[index])) }
        return hosted
    }

    private func depart(_ index: Int, from hosted: inout HostedChildren, parentEnding: Bool) -> String {
        switch hosted.depart(.task(children[index]), parentEnding: parentEnding) {
        case .notHosted: "notHosted"
        case .left(let waiter): waiter == nil ? "left" : "left, waking a sibling"
        case .mustWait: "mustWait"
        }
    }

    @Test func aChildThatWasNotHostedHasNothingToDo() {
        var hosted = hosting(3)
        #expect(depart(0, from: &hosted, parentEnding: true) == "notHosted")
        var empty = HostedChildren()
        #expect(depart(0, from: &empty, parentEnding: false) == "notHosted")
    }

    @Test func whileTheParentRunsAChildLeavesAtOnceWhateverItsPlace() {
        var hosted = hosting(Self.w + 5)
        #expect(depart(Self.w + 5, from: &hosted, parentEnding: false) == "left")
        #expect(depart(3, from: &hosted, parentEnding: false) == "left")
        #expect(hosted.count == Self.w + 3)
    }

    @Test func whileTheParentEndsAChildWithAtMostWindowOlderSiblingsLeavesAtOnce() {
        var hosted = hosting(Self.w + 2)
        #expect(depart(Self.w + 1, from: &hosted, parentEnding: true) == "left")
        #expect(depart(2, from: &hosted, parentEnding: true) == "left")
    }

    @Test func whileTheParentEndsAChildWithMoreOlderSiblingsWaits() {
        var hosted = hosting(Self.w + 3)
        #expect(depart(Self.w + 2, from: &hosted, parentEnding: true) == "mustWait")
        #expect(depart(Self.w + 3, from: &hosted, parentEnding: true) == "mustWait")
        #expect(hosted.count == Self.w + 3)
    }

    @Test func siblingsThatLeftEarlierLetAYoungerChildThrough() {
        var hosted = hosting(Self.w + 3)
        #expect(depart(Self.w + 3, from: &hosted, parentEnding: true) == "mustWait")
        #expect(depart(5, from: &hosted, parentEnding: false) == "left")
        #expect(depart(Self.w + 2, from: &hosted, parentEnding: true) == "left")
        #expect(depart(Self.w + 3, from: &hosted, parentEnding: true) == "left")
    }

    @Test func aChildWhoseTurnCameBeforeItWaitedIsNotRegistered() async {
        var hosted = hosting(Self.w + 2)
        #expect(depart(Self.w + 2, from: &hosted, parentEnding: true) == "mustWait")
        #expect(hosted.remove(.task(children[1])) == nil)  // its turn has come, but it does not wait yet
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            #expect(hosted.wait(.task(children[Self.w + 2]), continuation) == false)
            continuation.resume()
        }
        #expect(hosted.remove(.task(children[Self.w + 2])) == nil)
    }

    @Test func aWaiterIsHandedBackOnceWhenEnoughOlderSiblingsHaveLeft() async {
        var hosted = hosting(Self.w + 3)
        #expect(depart(Self.w + 3, from: &hosted, parentEnding: true) == "mustWait")
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            #expect(hosted.wait(.task(children[Self.w + 3]), continuation) == true)
            #expect(hosted.remove(.task(children[Self.w + 2])) == nil)  // younger than the frontier: no change
            let woken = hosted.remove(.task(children[2]))  // w older siblings are left: its turn
            #expect(woken != nil)
            #expect(hosted.remove(.task(children[1])) == nil)  // handed back once only
            (woken ?? continuation).resume()
        }
        #expect(depart(Self.w + 3, from: &hosted, parentEnding: true) == "left")
    }

    @Test func childrenAddedAfterOthersLeftCountOnlyTheSiblingsStillThere() {
        var hosted = hosting(Self.w + 1)
        for index in 1...Self.w { _ = hosted.remove(.task(children[index])) }
        for index in (Self.w + 2)...(2 * Self.w + 2) { hosted.append(.task(children[index])) }
        // w + 2 children are there: the youngest has w + 1 older siblings.
        #expect(depart(2 * Self.w + 2, from: &hosted, parentEnding: true) == "mustWait")
        #expect(depart(2 * Self.w + 1, from: &hosted, parentEnding: true) == "left")
        #expect(depart(2 * Self.w + 2, from: &hosted, parentEnding: true) == "left")
        for index in (Self.w + 1)...(2 * Self.w) { _ = hosted.remove(.task(children[index])) }
        #expect(hosted.count == 0)
    }
}
