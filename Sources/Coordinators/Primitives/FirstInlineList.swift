/// A list whose first element is kept inline, the others in an array: one element costs no
/// allocation. For lists that hold one element most of the time: the jobs a hosting loop takes
/// at once (`MailboxStateMachine`), the screens a coordinator shows (`Node.State`).
///
/// A value like `Array`, with no lock of its own: the runtime keeps it inside a locked state
/// and works on copies taken out of it.
struct FirstInlineList<Element>: RandomAccessCollection {
    /// `nil` only when the list is empty.
    private var first: Element?
    private var rest: [Element] = []

    /// An empty list.
    init() {}

    /// A list of one element.
    init(_ element: Element) {
        first = element
    }

    var startIndex: Int { 0 }
    var endIndex: Int { first == nil ? 0 : 1 + rest.count }
    var isEmpty: Bool { first == nil }

    subscript(position: Int) -> Element {
        guard position > 0 else {
            guard position == 0, let first else { preconditionFailure("index \(position) out of range") }
            return first
        }
        return rest[position - 1]
    }

    mutating func append(_ element: Element) {
        if first == nil {
            first = element
        } else {
            rest.append(element)
        }
    }

    /// Removes the last element `matches` accepts, if any.
    mutating func removeLast(where matches: (Element) -> Bool) {
        if let index = rest.lastIndex(where: matches) {
            rest.remove(at: index)
        } else if let first, matches(first) {
            self.first = rest.isEmpty ? nil : rest.removeFirst()
        }
    }
}
