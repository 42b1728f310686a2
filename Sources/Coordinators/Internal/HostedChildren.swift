/// The children a node hosts in its task group, in the order they were added to it, so that
/// while the node is ending no child leaves the group ahead of many older siblings.
///
/// Why: Swift 6.3's task group links its children in a singly linked list, in the order they
/// were added, and removing a finished child walks that list from its first child to find
/// the predecessor: a child that finishes while `k` older siblings are still in the group
/// costs `k` steps. When the children of one coordinator are cancelled together, the order
/// in which they finish is up to the scheduler and to their teardowns (a presenter that
/// takes longer for some screens, a child whose thread is preempted), and the younger half
/// finishing first makes the removals quadratic (cancelWideTree, cancelWideTreeWithLoops).
///
/// So while its parent is ending, a hosting task returns (and leaves the group) only if at
/// most `window` older siblings are still in it; otherwise it waits, its teardown complete
/// (outcome reported, screens dismissed): only the task's return waits, and the parent
/// waits for every child anyway. Each removal then walks at most `window` steps past the
/// children this list knows of, whatever the order, and a few stragglers hold nobody up.
///
/// The members are the tasks the group runs for its node: a child's own task, or a child's
/// hosting loop (`Node+Host.swift`: a coordinator's loop is a job of its parent's host),
/// each with its link in the child's node (`Node.hostedLink`, `Node.loopLink`).
///
/// A doubly linked list threaded through the children's nodes, plus the
/// `frontier`: the child with exactly `window` older siblings in the group. A child may
/// leave unless it is younger than the frontier; each removal moves the frontier by at most
/// one child, and wakes that child if it waits. Everything is O(1). Pure and synchronous: it
/// lives in the parent's locked state, and the links in the children are only touched under
/// that lock; the caller resumes the waiter it returns after unlocking.
struct HostedChildren {
    /// How many older siblings a child may leave behind in the group.
    static let window = 32

    /// One task in the group: a child's own task, or its hosting loop.
    struct Member: Equatable {
        let node: Node
        let isLoop: Bool

        /// The task that runs `node`'s coordinator.
        static func task(_ node: Node) -> Member { Member(node: node, isLoop: false) }
        /// The task that runs `node`'s hosting loop.
        static func loop(_ node: Node) -> Member { Member(node: node, isLoop: true) }

        static func == (lhs: Member, rhs: Member) -> Bool { lhs.node === rhs.node && lhs.isLoop == rhs.isLoop }

        /// Records its place in the list, stored in its node (a loop's in a box made when its
        /// loop is first hosted: most nodes never have one, and every node would pay for it).
        fileprivate func setLink(_ link: Link) {
            if !isLoop {
                node.withHostedLink { $0 = link }
            } else if let box = node.loopLink {
                box.link = link
            } else {
                node.loopLink = LoopLink(link)
            }
        }

        /// Reads or changes its place in the list where it is stored (a copy of the link
        /// would retain and release the neighbours it names, for one field).
        fileprivate func withLink<Result>(_ body: (inout Link) -> Result) -> Result {
            if !isLoop { return node.withHostedLink(body) }
            if let box = node.loopLink { return body(&box.link) }
            var unhosted = Link()  // a loop never hosted: in no list
            return body(&unhosted)
        }
    }

    /// A member's place among its parent's hosted tasks. Stored in the child's node, but
    /// read and written only under the parent's lock. Neighbours are stored as a node and a
    /// flag rather than as `Member`s, which keeps a link, and so every node, smaller.
    struct Link {
        fileprivate var isHosted = false
        /// Whether the member is younger than the frontier (it must wait to leave).
        fileprivate var pastFrontier = false
        fileprivate var olderIsLoop = false
        fileprivate var youngerIsLoop = false
        fileprivate var olderNode: Node?
        fileprivate var youngerNode: Node?
        /// The member's task, waiting for its turn to leave.
        fileprivate var waiter: UnsafeContinuation<Void, Never>?

        /// The next older and next younger member still in the group.
        fileprivate var older: Member? {
            get { olderNode.map { Member(node: $0, isLoop: olderIsLoop) } }
            set {
                olderNode = newValue?.node
                olderIsLoop = newValue?.isLoop ?? false
            }
        }
        fileprivate var younger: Member? {
            get { youngerNode.map { Member(node: $0, isLoop: youngerIsLoop) } }
            set {
                youngerNode = newValue?.node
                youngerIsLoop = newValue?.isLoop ?? false
            }
        }

        /// A member not in any group.
        init() {}

        fileprivate init(isHosted: Bool, pastFrontier: Bool, older: Member?) {
            self.isHosted = isHosted
            self.pastFrontier = pastFrontier
            self.older = older
        }
    }

    /// A hosting loop's link, in a box of its own (`Node.loopLink`).
    final class LoopLink {
        fileprivate var link: Link
        fileprivate init(_ link: Link) { self.link = link }
    }

    private(set) var count = 0
    private var oldest: Member?
    private var youngest: Member?
    /// The member with exactly `window` older siblings in the group, if there are that many.
    private var frontier: Member?

    /// What a member whose work is done (a child's teardown, a loop's last job) does next
    /// (see `depart`).
    enum Departure {
        /// It was not added to the group through the host (the root, or a child run from
        /// `start()`): nothing to do.
        case notHosted
        /// It has left; resume the sibling whose turn has come, if any.
        case left(UnsafeContinuation<Void, Never>?)
        /// Its parent is ending and too many older siblings are still in the group: `wait`,
        /// then `remove`.
        case mustWait
    }

    /// Records `member` as the youngest in the group.
    mutating func append(_ member: Member) {
        precondition(!member.withLink { $0.isHosted }, "a task is hosted once")
        member.setLink(Link(isHosted: true, pastFrontier: count > Self.window, older: youngest))
        if let youngest {
            youngest.withLink { $0.younger = member }
        } else {
            oldest = member
        }
        youngest = member
        if count == Self.window { frontier = member }
        count += 1
    }

    /// `member` has finished its work. It leaves now unless its parent is ending and more
    /// than `window` older siblings are still in the group.
    mutating func depart(_ member: Member, parentEnding: Bool) -> Departure {
        let (isHosted, pastFrontier) = member.withLink { ($0.isHosted, $0.pastFrontier) }
        guard isHosted else { return .notHosted }
        if parentEnding && pastFrontier { return .mustWait }
        return .left(remove(member))
    }

    /// Registers the waiter of `member`, unless its turn has come meanwhile: then returns
    /// `false` and the caller resumes it at once.
    mutating func wait(_ member: Member, _ waiter: UnsafeContinuation<Void, Never>) -> Bool {
        member.withLink { link in
            guard link.pastFrontier else { return false }
            link.waiter = waiter
            return true
        }
    }

    /// Removes `member` and returns the waiter of the sibling whose turn has come, if any.
    mutating func remove(_ member: Member) -> UnsafeContinuation<Void, Never>? {
        // Moved out, leaving an empty link: no copy of the neighbours it names.
        let link = member.withLink { link in
            var taken = Link()
            swap(&taken, &link)
            return taken
        }
        guard link.isHosted else { return nil }
        count -= 1
        if let older = link.older {
            older.withLink { $0.younger = link.younger }
        } else {
            oldest = link.younger
        }
        if let younger = link.younger {
            younger.withLink { $0.older = link.older }
        } else {
            youngest = link.older
        }
        // Every member younger than `member` has one older sibling fewer: unless `member` was
        // younger than the frontier, the next one is now the one with `window` older ones.
        guard let current = frontier, !link.pastFrontier else { return nil }
        frontier = current == member ? link.younger : current.withLink { $0.younger }
        guard let next = frontier else { return nil }
        return next.withLink { link in
            link.pastFrontier = false
            defer { link.waiter = nil }
            return link.waiter
        }
    }
}
