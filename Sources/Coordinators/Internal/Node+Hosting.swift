extension Node {
    /// Runs `coordinator` on this (bound) node in the calling task and returns how it ended,
    /// after the teardown is complete.
    ///
    /// The calling task owns one discarding task group. Its children are `start()` and every
    /// child coordinator this node starts, whichever task asked for it (see `spawn`). The
    /// group's body waits for mail; once the flow has an end cause it cancels the group.
    /// The teardown order of the brief follows from the structure:
    ///
    /// 1. leaving the group awaits every child task; each child coordinator first tears
    ///    down its own subtree in the same way, so the deepest coordinators end first;
    /// 2. the presentations this coordinator still owns are dismissed, most recent first;
    /// 3. the outcome is recorded, the parent forgets the node, waiters are resumed, and
    ///    the lifecycle event is sent;
    /// 4. this function returns, and with it the last reference the runtime held to the
    ///    coordinator. (A child its parent hosts in its group then returns from its task
    ///    when `leaveInTurn` lets it.)
    func host<C: Coordinator>(_ coordinator: C) async -> FlowOutcome<C.Output> {
        if Task.isCancelled {
            requestEnd(.cancelled)
        }
        let (context, isRunning) = state.withLock { ($0.context, $0.machine.isRunning) }
        context?.emit(self, .started)
        await withDiscardingTaskGroup { group in
            // A flow cancelled before it was hosted never calls `start()`. An immediate task
            // runs `start()` on this thread until it first suspends, instead of handing it
            // to another thread and waiting to be woken.
            if isRunning {
                group.addTaskStartingNow { await self.runStart(coordinator) }
            }
            // While this loop can wait, `start()` runs: its end (`startEnded`) is what wakes
            // the loop after a task cancellation, which leaves the loop asleep on purpose.
            while true {
                // Most often the mail is already there (a child that ran to its end while
                // being started): take it without an asynchronous call.
                let mail = if let ready = takeWaitingMail() { ready } else { await waitForMail() }
                // Children handed over with the end start cancelled: they end at once,
                // without running `start()`, as a flow cancelled before it is hosted does.
                if mail.end { group.cancelAll() }
                for job in mail.jobs {
                    group.addTaskStartingNow(operation: job)
                }
                if mail.end { break }
            }
        }
        let remaining = state.withLock { $0.presentations }
        if !remaining.isEmpty {
            await dismiss(remaining)
        }
        return FlowOutcome(completeTeardown())
    }

    private func runStart<C: Coordinator>(_ coordinator: C) async {
        let task = TaskIdentity.current
        state.withLock { $0.startTask = task }
        let cause: EndCause
        do {
            cause = .finished(try await coordinator.start())
        } catch is CancellationError {
            cause = .cancelled
        } catch {
            cause = .failed(error)
        }
        startEnded(cause)
    }

    /// Teardown step 2: dismiss what this coordinator still shows, most recent first.
    private func dismiss(_ remaining: [Presentation]) async {
        for presentation in remaining.reversed() {
            await presentation.tearDown()
        }
    }

    /// Teardown step 3: the outcome is final; tell the parent and everyone waiting.
    @inline(never)
    private func completeTeardown() -> EndCause {
        let (cause, parent, id, waiters, context) = state.withLock { state in
            let cause = state.machine.teardownCompleted()
            let parent = state.parent
            state.parent = nil
            defer { state.endWaiters = [] }
            return (cause, parent, state.id, state.endWaiters, state.context)
        }
        let departure =
            parent?.state.withLock { state in
                _ = state.children.removeValue(forKey: id.rawValue)
                return state.hosted.depart(self, parentEnding: !state.machine.isRunning)
            } ?? .notHosted
        context?.emit(self, .ended(cause))
        for waiter in waiters {
            waiter.resume(returning: cause)
        }
        switch departure {
        case .notHosted: break
        case .left(let sibling): sibling?.resume()
        case .mustWait: state.withLock { $0.waitsToLeave = true }
        }
        return cause
    }

    /// Teardown step 4, for a child this node hosts in its group, after `host` returned: if
    /// the child may not leave the group yet (`HostedChildren`), waits until few enough older
    /// siblings are left, then lets it leave and wakes the sibling whose turn that brings.
    /// Not cancellable: the task is cancelled already, and this node waits for its whole
    /// group anyway.
    @inline(never)
    func leaveInTurn(_ child: Node) async {
        guard child.state.withLock({ $0.waitsToLeave }) else { return }
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            if !state.withLock({ $0.hosted.wait(child, continuation) }) {
                continuation.resume()
            }
        }
        state.withLock { $0.hosted.remove(child) }?.resume()
    }

    // MARK: Presentations

    /// Creates a presentation of `screen` owned by this node and records it, before the
    /// presenter shows it, so that a teardown that starts meanwhile knows about it.
    func makePresentation(
        _ screen: any Screen,
        on presenter: any Presenter,
        role: PresentationRole,
        expecting expectedAnswer: ExpectedAnswer? = nil
    ) throws(CoordinatorError) -> Presentation {
        // Lock order: take the id from the tree before taking this node's lock.
        let id = PresentationID(rawValue: context?.makeID() ?? 0)
        return try state.withLock { state throws(CoordinatorError) -> Presentation in
            try state.machine.checkRunning(to: "present \(screen.screenName)", coordinator: Self.name(state))
            return Self.record(
                screen, id: id, role: role, on: presenter, owner: self, expecting: expectedAnswer, in: &state)
        }
    }

    /// Creates presentations of `screens` as one step: either the flow runs and all are
    /// recorded, or none is. The first gets `firstRole`, the others `.automatic`.
    func makePresentations(
        _ screens: [any Screen],
        on presenter: any Presenter,
        firstRole: PresentationRole
    ) throws(CoordinatorError) -> [Presentation] {
        // Lock order: take the ids from the tree before taking this node's lock.
        let ids = context?.makeIDs(screens.count) ?? 0..<UInt64(screens.count)
        return try state.withLock { state throws(CoordinatorError) -> [Presentation] in
            try state.machine.checkRunning(
                to: "present \(screens.map(\.screenName).joined(separator: ", "))", coordinator: Self.name(state))
            return zip(screens, ids).enumerated().map { index, element in
                Self.record(
                    element.0, id: PresentationID(rawValue: element.1), role: index == 0 ? firstRole : .automatic,
                    on: presenter, owner: self, expecting: nil, in: &state)
            }
        }
    }

    /// Creates a presentation owned by `owner` and records it in `state`.
    private static func record(
        _ screen: any Screen, id: PresentationID, role: PresentationRole, on presenter: any Presenter, owner: Node,
        expecting expectedAnswer: ExpectedAnswer?, in state: inout State
    ) -> Presentation {
        let isMain =
            switch role {
            case .automatic: !state.hasMain
            case .main: true
            case .auxiliary: false
            }
        state.hasMain = state.hasMain || isMain
        let presentation = Presentation(
            id: id, screen: screen, isMain: isMain, presenter: presenter, owner: owner, expectedAnswer: expectedAnswer)
        state.presentations.append(presentation)
        return presentation
    }

    /// The presenter has shown `presentation`. If this coordinator's teardown began while
    /// it was being shown, it is dismissed again and `flowEnded` is thrown.
    func didPresent(_ presentation: Presentation) async throws {
        switch presentation.markPresented() {
        case .presented:
            return
        case .alreadyGone(let reason):
            // Reported dismissed while it was being shown: the dismissal is already told.
            // If the teardown had claimed it, this flow has ended: say so, as below.
            if reason == .tornDown { try checkRunning(toPresent: presentation) }
        case .tearDown:
            await presentation.performDismissal(.tornDown)
            try checkRunning(toPresent: presentation)
        }
    }

    private func checkRunning(toPresent presentation: Presentation) throws(CoordinatorError) {
        try state.withLock { state throws(CoordinatorError) in
            try state.machine.checkRunning(
                to: "present \(presentation.screen.screenName)", coordinator: Self.name(state))
        }
    }

    /// A presentation this node owns has left the screen (for any reason; its event is
    /// sent): forget it. If it was the last main presentation of a running flow, the flow
    /// ends as dismissed.
    func presentationLeft(_ presentation: Presentation, reason: DismissalReason) {
        let endsFlow = state.withLock { state -> Bool in
            if let index = state.presentations.lastIndex(where: { $0 === presentation }) {
                state.presentations.remove(at: index)
            }
            return presentation.isMain && state.machine.isRunning && !state.presentations.contains { $0.isMain }
        }
        if endsFlow {
            requestEnd(.dismissed(reason))
        }
    }

    /// `presentation` was never shown (the presenter threw, or a batch it belonged to
    /// failed): forget it, and give the main role back if it had it.
    func presentationFailed(_ presentation: Presentation) {
        state.withLock { state in
            if let index = state.presentations.lastIndex(where: { $0 === presentation }) {
                state.presentations.remove(at: index)
            }
            if presentation.isMain && !state.presentations.contains(where: { $0.isMain }) {
                state.hasMain = false
            }
        }
        presentation.markFailed()
    }
}

extension DiscardingTaskGroup {
    /// Adds a child task that starts on the calling thread and runs there until it first
    /// suspends (SE-0472), instead of being handed to another thread; an ordinary child task
    /// where immediate tasks are not available. (For a non-isolated operation, as here: one
    /// isolated to an actor would first hop to it.)
    mutating func addTaskStartingNow(operation: sending @escaping @isolated(any) () async -> Void) {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            addImmediateTask(operation: operation)
        } else {
            addTask(operation: operation)
        }
    }
}
