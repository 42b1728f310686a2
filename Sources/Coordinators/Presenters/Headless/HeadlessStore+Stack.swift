extension HeadlessStore where State: StackState {
    /// Pushes `presentation`, whose listener `listener` (the presenter) becomes.
    func push(_ presentation: Presentation, listener: any PresentationListener, animated: Bool) {
        mutate(
            animated: animated,
            always: { state in
                presentation.setListener(listener)
                state.stack.append(presentation)
            })
    }

    /// Removes `presentation` from wherever it is, in one step with everything above it
    /// if `takesAbove(index)` says so — what was above then reports `.byCoordinator` (the
    /// runtime records `presentation`'s own reason).
    func remove(
        _ presentation: Presentation, animated: Bool, takingAbove takesAbove: (_ index: Int) -> Bool = { _ in false }
    ) {
        let above = update(animated: animated) { state -> ([Presentation], changed: Bool) in
            guard let index = state.stack.lastIndex(of: presentation) else { return ([], changed: false) }
            guard takesAbove(index) else {
                state.stack.remove(at: index)
                return ([], changed: true)
            }
            defer { state.stack.removeSubrange(index...) }
            return (Array(state.stack[(index + 1)...]), changed: true)
        }
        above.reportDismissals(.byCoordinator)
    }

    /// Removes the top `count(stack)` presentations and reports them (most recent first).
    func popAll(
        reason: DismissalReason, animated: Bool = true,
        count: (_ stack: [Presentation]) throws(CoordinatorError) -> Int
    ) throws(CoordinatorError) {
        let removed = try update(animated: animated) { state throws(CoordinatorError) in
            let removed = Array(state.stack.suffix(try count(state.stack)))
            state.stack.removeLast(removed.count)
            return (removed, changed: !removed.isEmpty)
        }
        removed.reportDismissals(reason)
    }

    /// A person drags `sheet` (the presenter's, if any) to `detent`: the presentation reports
    /// it, and the drag is a change of the presenter (its revision, Observation), though the
    /// detent itself is the presentation's (`selectedDetent`). Returns `false` if the sheet
    /// rests there already. Throws `nothingToDismiss` with no sheet, `noSuchDetent` for a
    /// detent its options do not list.
    func dragSheet(
        _ sheet: Presentation?, to detent: SheetDetents.Detent, on name: String
    ) throws(CoordinatorError) -> Bool {
        guard let sheet else {
            throw CoordinatorError(.nothingToDismiss, "A sheet was dragged on \(name), which shows none.")
        }
        guard try sheet.reportDetentChange(detent) else { return false }
        update { _ in ((), changed: true) }
        return true
    }

    /// A person starts an interactive gesture over the top `count(stack)` presentations,
    /// leaving at least `minimumKept` below them.
    func beginUserGesture(
        keeping minimumKept: Int, count: (_ stack: [Presentation]) throws(CoordinatorError) -> Int
    ) throws(CoordinatorError) -> UserGesture {
        let planned = try beginGesture(count: count)
        return UserGesture(
            planned,
            complete: { await self.completeGesture(planned, keeping: minimumKept) },
            cancel: { self.cancelGesture(planned) })
    }
}
