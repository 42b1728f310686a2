/// A node's live children, in the order they were adopted: a doubly linked list threaded
/// through the children's nodes (`Node.siblingLink`), so adopting a child and its
/// leaving are a few stores, with no hashing and no storage of the list's own
/// (childFlowRoundTrip, cancelTree11111).
///
/// Pure and synchronous: it lives in the parent's locked state, and the links in the
/// children are read and written only under that lock.
///
/// The list keeps its children alive: the parent holds its youngest child, and each child
/// holds the next older one (`Link.older`); the references the other way (`Link.younger`)
/// are unowned. It is one reference wide: the youngest child is its head, and `nodes` reads
/// it backwards.
struct ChildList {
    /// A child's place among its parent's children. Stored in the child's node, but read
    /// and written only under the parent's lock.
    struct Link {
        /// The next older sibling, which this child keeps alive.
        fileprivate var older: Node?
        /// The next younger sibling. Unowned: a strong reference would make a cycle of every
        /// two neighbours. It is read only while both are in the list, where the list keeps
        /// the younger one alive (through the sibling younger than it, or as the head).
        fileprivate unowned var younger: Node?
    }

    /// The youngest child: the head.
    private var youngest: Node?

    /// Whether there is no child.
    var isEmpty: Bool { youngest == nil }

    /// The children, oldest first (the order they were adopted). Allocates nothing when
    /// there is none.
    var nodes: [Node] {
        guard var child = youngest else { return [] }
        var nodes = [child]
        while let older = child.withSiblingLink({ $0.older }) {
            nodes.append(older)
            child = older
        }
        nodes.reverse()
        return nodes
    }

    /// Adds `child`, which is in no list, as the youngest.
    mutating func append(_ child: Node) {
        if let youngest { youngest.withSiblingLink { $0.younger = child } }
        child.withSiblingLink { $0.older = youngest }
        youngest = child
    }

    /// Removes `child`, if it is in this list; does nothing otherwise (a child whose
    /// adoption failed, or that left already).
    mutating func remove(_ child: Node) {
        let isHead = youngest === child
        // In the list: the head, or some child's older sibling (so it has a younger one).
        let neighbours = child.withSiblingLink { link -> (older: Node?, younger: Node?)? in
            guard isHead || link.younger != nil else { return nil }
            defer { link = Link() }
            return (link.older, link.younger)
        }
        guard let (older, younger) = neighbours else { return }
        if let older { older.withSiblingLink { $0.younger = younger } }
        if let younger {
            younger.withSiblingLink { $0.older = older }
        } else {
            youngest = older
        }
    }

    /// Removes every child, one at a time: releasing the head with the others linked would
    /// free them recursively, one stack frame per child. Only the parent's `deinit` calls it.
    mutating func removeAll() {
        while let child = youngest {
            youngest = child.withSiblingLink { link in
                defer { link = Link() }
                return link.older
            }
        }
    }
}
