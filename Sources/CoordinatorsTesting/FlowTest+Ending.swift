import Coordinators

// The end-of-test checks: the tree ended, the events were asserted, the screens left, the
// coordinators were released.

extension FlowTest {
    /// Runs the checks `withFlowTest` documents and throws everything they find as one
    /// failure.
    func checkAtEnd(_ atEnd: AtEnd) async throws {
        switch atEnd {
        case .cancelTree:
            // A tree cancels only a root that has begun to run: wait for it to begin.
            try await recorder.waitUntil { !$0.coordinators.isEmpty || $0.treeEnded }
            tree.cancel()
            try await waitForTreeEnd(failing: .timeLimit)
        case .expectEnded:
            try await waitForTreeEnd(failing: .treeStillRunning)
        }
        var failures = try await tapsFailed()
        let state = recorder.state
        if exhaustivity == .on, !state.unasserted.isEmpty {
            failures.append(
                FlowTestFailure(
                    .unexpectedEvents,
                    "\(state.unasserted.count) lifecycle event(s) were never asserted:\n"
                        + state.unasserted.map { "    \($0)" }.joined(separator: "\n")
                        + "\nAssert them with expectEvents, skip them with skipEvents(), or use exhaustivity: .off."))
        }
        failures += screensLeft(state)
        heldRoot.withLock { $0 = nil }
        let leaked = recorder.state.coordinators.filter { $0.object != nil }
        if !leaked.isEmpty {
            failures.append(
                FlowTestFailure(
                    .leaked,
                    "not released after the tree ended: "
                        + leaked.map { "\($0.typeName) \($0.id)" }.joined(separator: ", ")
                        + ". Something still holds them: a task or closure they started, a reference cycle, or "
                        + "a variable of the test (create coordinators inside the root expression)."))
        }
        if !failures.isEmpty { throw FlowTestFailure(combining: failures) }
    }

    /// Waits until the run returned and its last event was recorded; if the time limit is
    /// reached first, the failure is of `kind`.
    private func waitForTreeEnd(failing kind: FlowTestFailure.Kind) async throws {
        let found = { @Sendable [tree] in
            "\(tree.snapshot())\nEnd the flow in the test (finish it, or act as the person who ends it), or pass "
                + "atEnd: .cancelTree."
        }
        try await recorder.awaiting("the tree to end", found: found, failing: kind) {
            try await recorder.waitUntil(\.treeEnded)
        }
    }

    /// Waits for the actions tapped to return; those that threw an error nobody awaited.
    private func tapsFailed() async throws -> [FlowTestFailure] {
        let taps = taps.withLock { $0 }
        guard !taps.isEmpty else { return [] }
        return try await recorder.awaiting(
            "the actions tapped to return",
            found: { [recorder] in "still running: \(recorder.state.actionsRunning.joined(separator: ", "))" },
            until: { () async -> [FlowTestFailure] in
                var failures: [FlowTestFailure] = []
                for tap in taps {
                    guard let (screen, error) = await tap.unobservedError() else { continue }
                    failures.append(
                        FlowTestFailure(
                            .actionFailed,
                            "an action of \(screen) threw \(error), and the test did not await it. Await the tap's "
                                + "value where the test expects an error."))
                }
                return failures
            })
    }

    /// Screens presented and never dismissed, and presenters that still show something.
    private func screensLeft(_ state: FlowTestRecorder.State) -> [FlowTestFailure] {
        var shown: [PresentationInfo] = []
        for event in state.events {
            switch event.kind {
            case .presented(let info): shown.append(info)
            case .dismissed(let info, _): shown.removeAll { $0.id == info.id }
            default: break
            }
        }
        var failures: [FlowTestFailure] = []
        if !shown.isEmpty {
            failures.append(
                FlowTestFailure(
                    .screensLeft,
                    "presented and never dismissed: \(shown.map(\.description).joined(separator: ", "))."))
        }
        for presenter in state.presenters.values {
            let left = presenter.describedPresentations
            if !left.isEmpty {
                failures.append(FlowTestFailure(.screensLeft, "\"\(presenter.name)\" still shows \(left)."))
            }
        }
        return failures
    }
}

extension HeadlessPresenter {
    /// The screens on its surface, by name (`[HomeScreen, DetailScreen]`), or `""` if none.
    var describedPresentations: String {
        let presentations = state.presentations
        return presentations.isEmpty ? "" : "[\(presentations.map(\.screen.screenName).joined(separator: ", "))]"
    }

    /// What it shows, for a failure's "There:": `"navigation" shows [HomeScreen, DetailScreen
    /// (being presented)]`, or `"navigation" shows nothing`.
    var describedSurface: String {
        let presentations = state.presentations
        guard !presentations.isEmpty else { return "\"\(name)\" shows nothing" }
        let screens = presentations.map { presentation in
            let name = presentation.screen.screenName
            if presentation.isPresented { return name }
            return presentation.dismissalReason == nil ? "\(name) (being presented)" : "\(name) (dismissed)"
        }
        return "\"\(name)\" shows [\(screens.joined(separator: ", "))]"
    }
}
