/// The children a node hosts in its task group, in the order they were added to it, so that
/// while the node is ending no child leaves the group ahead of many older siblings.
///
/// Why: Swift 6.3's task group links its children in a singly linked list, in the order they
/// were added, and removing a finished child walks that list from its first child to find
/// the predecessor: a child that finishes while `k` older siblings are still in the group
/// costs `k` steps. When the 100,000 children of one coordinator are cancelled together,
/// the order in which they finish is up to the scheduler and to their teardowns (a
/// presenter that takes longer for some screens, a child whose thread is preempted); when
/// half of them finished ahead of the other half, cancelling them took minutes instead of
/// a fraction of a second.
///
/// So while its parent is ending, a hosting task returns (and leaves the group) only if at
/// most `window` older siblings are still in it; otherwise it waits, its teardown complete
/// (outcome reported, screens dismissed): only the task's return waits, and the parent
/// waits for every child anyway. Each removal then walks at most `window` steps past the
/// children this list knows of, whatever the order, and a few stragglers hold nobody up.
///
/// A doubly linked list threaded through the children's nodes (`Node.hostedLink`), plus the
/// `frontier`: the child with exactly `window` older siblings in the group. A child may
/// leave unless it is younger than the frontier; each removal moves the frontier by at most
/// one child, and wakes that child if it waits. Everything is O(1). Pure and synchronous: it
/// lives in the parent's locked state, and the links in the children are only touched under
/// that lock; the caller resumes the waiter it returns after unlocking.
struct HostedChildren {
    /// How many older siblings a child may leave behind in the group.
    static let window = 32

    /// A child's place among its parent's hosted children. Stored in the child's node, but
    /// read and written only under the parent's lock.
    struct Link {
        fileprivate var isHosted = false
        /// Whether the child is younger than the frontier (it must wait to leave).
        fileprivate var pastFrontier = false
        /// The next older and next younger child still in the group.
        fileprivate var older: Node?
        fileprivate var younger: Node?
        /// The child's task, waiting for its turn to leave.
        fileprivate var waiter: UnsafeContinuation<Void, Never>?
    }

    private(set) var count = 0
    private var oldest: Node?
    private var youngest: Node?
    /// The child with exactly `window` older siblings in the group, if there are that many.
    private var frontier: Node?

    /// What a child that has finished its teardown does next (see `depart`).
    enum Departure {
        /// It was not added to the group through the mailbox (the root, or a child run from
        /// `start()` in the start task): nothing to do.
        case notHosted
        /// It has left; resume the sibling whose turn has come, if any.
        case left(UnsafeContinuation<Void, Never>?)
        /// Its parent is ending and too many older siblings are still in the group: `wait`,
        /// then `remove`.
        case mustWait
    }

    /// Records `child` as the youngest child in the group.
    mutating func append(_ child: Node) {
        precondition(!child.hostedLink.isHosted, "a child is hosted once")
        child.hostedLink = Link(isHosted: true, pastFrontier: count > Self.window, older: youngest)
        if let youngest {
            youngest.hostedLink.younger = child
        } else {
            oldest = child
        }
        youngest = child
        if count == Self.window { frontier = child }
        count += 1
    }

    /// `child` has finished its teardown. It leaves now unless its parent is ending and more
    /// than `window` older siblings are still in the group.
    mutating func depart(_ child: Node, parentEnding: Bool) -> Departure {
        guard child.hostedLink.isHosted else { return .notHosted }
        if parentEnding && child.hostedLink.pastFrontier { return .mustWait }
        return .left(remove(child))
    }

    /// Registers the waiter of `child`, unless its turn has come meanwhile: then returns
    /// `false` and the caller resumes it at once.
    mutating func wait(_ child: Node, _ waiter: UnsafeContinuation<Void, Never>) -> Bool {
        guard child.hostedLink.pastFrontier else { return false }
        child.hostedLink.waiter = waiter
        return true
    }

    /// Removes `child` and returns the waiter of the sibling whose turn has come, if any.
    mutating func remove(_ child: Node) -> UnsafeContinuation<Void, Never>? {
        let link = child.hostedLink
        guard link.isHosted else { return nil }
        child.hostedLink = Link()
        count -= 1
        if let older = link.older {
            older.hostedLink.younger = link.younger
        } else {
            oldest = link.younger
        }
        if let younger = link.younger {
            younger.hostedLink.older = link.older
        } else {
            youngest = link.older
        }
        // Every child younger than `child` has one older sibling fewer: unless `child` was
        // younger than the frontier, the next child is now the one with `window` older ones.
        guard let current = frontier, !link.pastFrontier else { return nil }
        frontier = current === child ? link.younger : current.hostedLink.younger
        guard let next = frontier else { return nil }
        next.hostedLink.pastFrontier = false
        defer { next.hostedLink.waiter = nil }
        return next.hostedLink.waiter
    }
}
