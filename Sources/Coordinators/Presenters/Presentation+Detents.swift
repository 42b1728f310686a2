// A sheet's selected detent: set from its options when it is made, changed when a person
// drags the sheet (its presenter reports it), read, awaited and observed by its coordinator.

extension Presentation {
    /// The detent a sheet rests at, and who waits for it to change. Part of the state: read
    /// and written only under the owner's lock.
    struct DetentState {
        var selected: SheetDetents.Detent
        /// Counts the changes, so that a waiter registers only if none came since it checked.
        var changes: UInt64 = 0
        var waiters = Waiters<SheetDetents.Detent>()
    }

    /// The detent the sheet rests at now: the one its options selected until a person drags
    /// it to another. `nil` for a presentation whose options have no detents.
    public var selectedDetent: SheetDetents.Detent? {
        withLock { $0.extras?.detent?.selected }
    }

    /// Tells the runtime that a person moved the sheet to `detent` (dragged it to medium, say):
    /// a presenter calls it from its delegate (`sheetPresentationControllerDidChangeSelectedDetentIdentifier`,
    /// a SwiftUI `selection` binding). Records it, sends the `detentChanged` lifecycle event,
    /// and wakes `waitForDetent(where:)`. Returns `false`, changing nothing, if it rests there
    /// already or is no longer on the surface.
    ///
    /// Throws `CoordinatorError` `noSuchDetent` if `detent` is not among its options' detents
    /// (or it has none), changing nothing.
    @discardableResult
    public func reportDetentChange(_ detent: SheetDetents.Detent) throws(CoordinatorError) -> Bool {
        guard let available = options.detents?.available, available.contains(detent) else {
            throw CoordinatorError(
                .noSuchDetent,
                "\(self) was moved to the detent \(detent), which its options do not list "
                    + "(\(options.detents.map { "\($0.available)" } ?? "no detents")).")
        }
        var waiters = Waiters<SheetDetents.Detent>.Taken()
        var listener: (any PresentationListener)?
        let changed = owner.announceDetentChange(self, to: detent) { announce -> Bool in
            let recorded = withStateInOwnersCriticalSection { state -> Bool in
                guard state.phase.isPresented, let current = state.extras?.detent, current.selected != detent else {
                    return false
                }
                state.extras?.detent?.selected = detent
                state.extras?.detent?.changes &+= 1
                waiters = state.extras?.detent?.waiters.takeAll() ?? Waiters.Taken()
                listener = state.listener
                return true
            }
            if recorded { announce() }
            return recorded
        }
        listener?.presentationDidChange()
        for waiter in waiters { waiter.resume(returning: detent) }
        return changed
    }

    /// Returns the detent the sheet rests at once `condition` holds for it — at once if it
    /// holds now, else at the first drag that makes it hold (`reportDetentChange(_:)`). No
    /// drag after the check is missed, even one made before the wait begins, so
    /// `waitForDetent { $0 != shown }` returns at once if the sheet left `shown` before the
    /// call, and otherwise at the first drag away from it.
    ///
    /// ```swift
    /// let filters = try await flow.present(FiltersScreen(), on: modal, options: sheetOptions)
    /// _ = try await filters.waitForDetent { $0 == .large }   // the person wants every filter
    /// ```
    ///
    /// Throws `CoordinatorError` `noSuchDetent` if its options have no detents,
    /// `alreadyDismissed` if it leaves the surface (or has left) before `condition` holds.
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError`; the sheet stays
    /// as it is.
    public func waitForDetent(
        where condition: @Sendable (SheetDetents.Detent) -> Bool
    ) async throws -> SheetDetents.Detent {
        while true {
            // Read under the lock, checked outside it (`condition` is the caller's code), then
            // waited for only if nothing changed in between.
            let (detent, changes) = try withLock { state throws(CoordinatorError) in
                if let reason = state.phase.dismissalReason { throw leftBeforeDetentChange(reason) }
                guard let detent = state.extras?.detent else {
                    throw CoordinatorError(
                        .noSuchDetent, "waitForDetent(where:) was called on \(id), whose options have no detents.")
                }
                return (detent.selected, detent.changes)
            }
            if condition(detent) { return detent }
            let moved = try await awaitValue { continuation in
                withLock { state -> WaitRegistration<SheetDetents.Detent> in
                    if let reason = state.phase.dismissalReason { return .failed(leftBeforeDetentChange(reason)) }
                    guard let current = state.extras?.detent, current.changes == changes else {
                        return .ready(state.extras?.detent?.selected ?? detent)
                    }
                    return .waiting(state.extras!.detent!.waiters.add(continuation))
                }
            } cancel: { id in
                self.withLock { $0.extras?.detent?.waiters.remove(id) }
            }
            // The drag that woke it, even if another moved the sheet on since.
            if condition(moved) { return moved }
        }
    }

    /// What a detent waiter throws once the presentation left for `reason`.
    func leftBeforeDetentChange(_ reason: DismissalReason) -> CoordinatorError {
        CoordinatorError(
            .alreadyDismissed, "The sheet left (\(reason)) before its detent changed; await presentation.dismissal too."
        )
    }
}
