import Coordinators

// Assertions on the lifecycle events, exhaustive or not, with a diff.

extension FlowTest {
    /// Waits until the events listed have come, then checks them, each written as its
    /// `description` reads (`"LoginCoordinator #2 presented p3 LoginScreen (main) on
    /// NavigationPresenter"`). Coordinators and presentations share one counter, from 1 in
    /// each test, so identifiers are the same from run to run as long as the flow starts
    /// its coordinators and screens one after another; children started concurrently (tabs,
    /// `flow.start` from several tasks) may take their identifiers in either order — assert
    /// those with `exhaustivity: .off`, one child at a time.
    ///
    /// - With `exhaustivity: .on`, `expected` must be exactly the next events since the
    ///   last assertion, in order.
    /// - With `.off`, they must come in this order, among others.
    ///
    /// Throws `FlowTestFailure` `.unexpectedEvents` with a diff (`-` expected, `+` came) if
    /// they differ, or if the tree ends before enough events came.
    ///
    /// Cancellation: throws `CancellationError` while waiting.
    public func expectEvents(_ expected: [String]) async throws {
        switch exhaustivity {
        case .on: try await expectNextEvents(expected)
        case .off: try await expectEventsAmongOthers(expected)
        }
    }

    /// Marks every event so far as asserted: with `exhaustivity: .on`, the next
    /// `expectEvents` starts after them, and they do not fail the test at its end.
    public func skipEvents() {
        recorder.markAsserted(upTo: recorder.state.events.count)
    }

    private func expectNextEvents(_ expected: [String]) async throws {
        let start = recorder.state.asserted
        let end = start + expected.count
        try await recorder.awaiting(
            "\(expected.count) more lifecycle event(s)",
            found: { [recorder] in
                eventDiff(expected: expected, came: Array(recorder.state.descriptions[start...]))
            },
            until: { try await recorder.waitUntil { $0.events.count >= end || $0.treeEnded } })
        let came = Array(recorder.state.descriptions[start...].prefix(expected.count))
        guard came == expected else {
            throw FlowTestFailure(
                .unexpectedEvents,
                "the lifecycle events differ from those expected (- expected, + came):\n"
                    + eventDiff(expected: expected, came: came))
        }
        recorder.markAsserted(upTo: end)
    }

    private func expectEventsAmongOthers(_ expected: [String]) async throws {
        let start = recorder.state.asserted
        let matched = { @Sendable (state: FlowTestRecorder.State) -> Int? in
            matchInOrder(expected, in: Array(state.descriptions[start...])).map { start + $0 }
        }
        try await recorder.awaiting(
            "the lifecycle events \(expected) in this order",
            found: { [recorder] in
                eventDiff(expected: expected, came: Array(recorder.state.descriptions[start...]))
            },
            until: { try await recorder.waitUntil { matched($0) != nil || $0.treeEnded } })
        guard let end = matched(recorder.state) else {
            throw FlowTestFailure(
                .unexpectedEvents,
                "the tree ended before these lifecycle events came in this order (- expected, + came):\n"
                    + eventDiff(expected: expected, came: Array(recorder.state.descriptions[start...])))
        }
        recorder.markAsserted(upTo: end)
    }
}

/// The index just past the last of `expected` found in order in `events`, or `nil`.
func matchInOrder(_ expected: [String], in events: [String]) -> Int? {
    var next = expected.startIndex
    for (index, event) in events.enumerated() where next < expected.endIndex && event == expected[next] {
        next += 1
        if next == expected.endIndex { return index + 1 }
    }
    return expected.isEmpty ? 0 : nil
}

/// A line diff of two lists of events (longest common subsequence): `  ` both, `- ` only
/// expected, `+ ` only came.
func eventDiff(expected: [String], came: [String]) -> String {
    let n = expected.count
    let m = came.count
    var common = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
        for j in stride(from: m - 1, through: 0, by: -1) {
            common[i][j] =
                expected[i] == came[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
        }
    }
    var lines: [String] = []
    var i = 0
    var j = 0
    while i < n || j < m {
        if i < n, j < m, expected[i] == came[j] {
            lines.append("    \(expected[i])")
            i += 1
            j += 1
        } else if i < n, j == m || common[i + 1][j] >= common[i][j + 1] {
            lines.append("  - \(expected[i])")
            i += 1
        } else {
            lines.append("  + \(came[j])")
            j += 1
        }
    }
    return lines.isEmpty ? "    (no events)" : lines.joined(separator: "\n")
}
