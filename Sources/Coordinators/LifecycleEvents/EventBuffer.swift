/// The unread events of one `LifecycleEvents` reader: a queue whose memory follows what is
/// unread, and that keeps at most a limit of them if the reader chose one.
///
/// A ring: reading frees the slot at once, so a reader that stays a few events behind holds
/// only those few, however many it has read. The ring doubles when full and halves when a
/// quarter full, so it holds at most four times the unread events (and never less than
/// `minimumCapacity` slots). Pure and synchronous; `EventSubscription` keeps it under its
/// lock.
struct EventBuffer<Element> {
    /// The fewest slots the ring keeps once it has grown.
    static var minimumCapacity: Int { 16 }

    private var slots: [Element?] = []
    private var head = 0
    /// How many events are unread.
    private(set) var count = 0
    /// How many events the policy dropped so far.
    private(set) var droppedCount = 0
    private let limit: Int?
    private let keepsNewest: Bool

    /// A buffer that follows `policy`.
    init(_ policy: LifecycleEvents.BufferingPolicy) {
        switch policy {
        case .unbounded:
            limit = nil
            keepsNewest = false
        case .bufferingOldest(let limit):
            self.limit = max(limit, 0)
            keepsNewest = false
        case .bufferingNewest(let limit):
            self.limit = max(limit, 0)
            keepsNewest = true
        }
    }

    /// The slots the ring holds now (what its memory is proportional to).
    var capacity: Int { slots.count }

    /// Adds `element` after the unread ones; at the limit, drops the oldest unread one
    /// (`bufferingNewest`) or `element` itself (`bufferingOldest`).
    mutating func append(_ element: Element) {
        if let limit, count >= limit {
            droppedCount += 1
            guard keepsNewest, count > 0 else { return }
            _ = removeFirst()
        }
        if count == slots.count {
            relayout(capacity: max(Self.minimumCapacity, slots.count * 2))
        }
        slots[(head + count) % slots.count] = element
        count += 1
    }

    /// Takes the oldest unread element, if any.
    mutating func removeFirst() -> Element? {
        guard count > 0 else { return nil }
        defer {
            slots[head] = nil
            head = (head + 1) % slots.count
            count -= 1
            if slots.count > Self.minimumCapacity && count <= slots.count / 4 {
                relayout(capacity: slots.count / 2)
            }
        }
        return slots[head]
    }

    /// Moves the unread elements to the front of a ring of `capacity` slots.
    private mutating func relayout(capacity: Int) {
        var resized = [Element?](repeating: nil, count: capacity)
        for offset in 0..<count {
            resized[offset] = slots[(head + offset) % slots.count]
        }
        slots = resized
        head = 0
    }
}
