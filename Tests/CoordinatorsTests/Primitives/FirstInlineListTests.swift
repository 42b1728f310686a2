import Testing

@testable import Coordinators

/// The list behind a mailbox's jobs and a coordinator's presentations: order, removal, and
/// the element kept inline moving up when the first one leaves.
struct FirstInlineListTests {
    private func list(_ elements: [String]) -> FirstInlineList<String> {
        var list = FirstInlineList<String>()
        for element in elements { list.append(element) }
        return list
    }

    @Test func aNewListIsEmpty() {
        let list = FirstInlineList<String>()
        #expect(list.isEmpty)
        #expect(list.count == 0)
        #expect(Array(list) == [])
    }

    @Test func elementsKeepTheOrderTheyWereAppendedIn() {
        let list = list(["a", "b", "c"])
        #expect(!list.isEmpty)
        #expect(list.count == 3)
        #expect(Array(list) == ["a", "b", "c"])
        #expect(Array(list.reversed()) == ["c", "b", "a"])
        #expect(list[0] == "a" && list[2] == "c")
    }

    @Test func removingTheOnlyElementEmptiesTheList() {
        var list = list(["a"])
        list.removeLast { $0 == "a" }
        #expect(list.isEmpty)
        list.append("b")
        #expect(Array(list) == ["b"])
    }

    @Test func removingTheFirstElementMovesTheSecondUp() {
        var list = list(["a", "b", "c"])
        list.removeLast { $0 == "a" }
        #expect(Array(list) == ["b", "c"])
        list.removeLast { $0 == "b" }
        #expect(Array(list) == ["c"])
    }

    @Test func removingAnElementAfterTheFirstKeepsTheOthersInOrder() {
        var list = list(["a", "b", "c"])
        list.removeLast { $0 == "b" }
        #expect(Array(list) == ["a", "c"])
    }

    @Test func onlyTheLastMatchIsRemoved() {
        var list = list(["a", "b", "a", "b"])
        list.removeLast { $0 == "a" }
        #expect(Array(list) == ["a", "b", "b"])
        list.removeLast { $0 == "a" }
        #expect(Array(list) == ["b", "b"])
    }

    @Test func removingWhatIsNotThereChangesNothing() {
        var list = list(["a", "b"])
        list.removeLast { $0 == "z" }
        #expect(Array(list) == ["a", "b"])
        var empty = FirstInlineList<String>()
        empty.removeLast { _ in true }
        #expect(empty.isEmpty)
    }
}
