import Coordinators

/// Every screen name that reached the given `.dismissed` events, in order.
func dismissedScreens(in events: [LifecycleEvent]) -> [String] {
    events.compactMap { event in
        if case .dismissed(let info, _) = event.kind { return info.screen }
        return nil
    }
}

/// Why `events` breaks the rule "a coordinator's end event is its last, and it has
/// exactly one", or `nil` if it keeps it.
func endEventIsLastBreach(in events: [LifecycleEvent]) -> String? {
    var ended: Set<CoordinatorID> = []
    for event in events {
        if ended.contains(event.coordinator) {
            return "\(event) came after the coordinator's end event"
        }
        if event.kind.isEnd { ended.insert(event.coordinator) }
    }
    let started = Set(events.map(\.coordinator))
    return started == ended ? nil : "coordinators without an end event: \(started.subtracting(ended))"
}

/// The presentations reported presented and not reported dismissed after that.
func presentedButNeverDismissed(in events: [LifecycleEvent]) -> [PresentationID] {
    var shown: [PresentationID] = []
    for event in events {
        switch event.kind {
        case .presented(let info): shown.append(info.id)
        case .dismissed(let info, _): shown.removeAll { $0 == info.id }
        default: break
        }
    }
    return shown
}

/// Drains a tree's events into an array; the sequence ends when the tree's run ends.
func collect(_ events: LifecycleEvents) async -> [LifecycleEvent] {
    var all: [LifecycleEvent] = []
    for await event in events { all.append(event) }
    return all
}
