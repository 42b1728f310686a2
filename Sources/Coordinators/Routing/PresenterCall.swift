/// One presenter's share of a move: what it removes and what it adds, in one `transition`.
struct PresenterCall {
    let presenter: any Presenter
    /// Oldest first.
    var removed: [Presentation] = []
    /// In the order they are shown.
    var added: [Presentation] = []

    /// The calls for removing `removed` and adding `added`, one per presenter: those that only
    /// remove first, the one that removes the most recent screen first; then those that add,
    /// those that also remove in that same order, the others in the order of what they add.
    static func group(removing removed: [Presentation], adding added: [Presentation]) -> [PresenterCall] {
        guard let first = removed.first?.presenter ?? added.first?.presenter else { return [] }
        if removed.allSatisfy({ $0.presenter === first }), added.allSatisfy({ $0.presenter === first }) {
            // One presenter, the common case: no table.
            let oldestFirst = removed.sorted { $0.id.rawValue < $1.id.rawValue }
            return [PresenterCall(presenter: first, removed: oldestFirst, added: added)]
        }
        var calls: [PresenterCall] = []
        var index: [ObjectIdentifier: Int] = [:]
        func call(for presenter: any Presenter) -> Int {
            let key = ObjectIdentifier(presenter)
            if let found = index[key] { return found }
            calls.append(PresenterCall(presenter: presenter))
            index[key] = calls.count - 1
            return calls.count - 1
        }
        // Most recent first, so that the calls are made in that order; each call's own list is
        // turned round at the end.
        for presentation in removed.sorted(by: { $0.id.rawValue > $1.id.rawValue }) {
            calls[call(for: presentation.presenter)].removed.append(presentation)
        }
        for index in calls.indices { calls[index].removed.reverse() }
        for presentation in added {
            calls[call(for: presentation.presenter)].added.append(presentation)
        }
        return calls.filter { $0.added.isEmpty } + calls.filter { !$0.added.isEmpty }
    }
}
