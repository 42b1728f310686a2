extension Flow {
    /// Replaces the whole stack of `navigation` with presentations of `screens`, owned by
    /// this coordinator, and returns them. What was on the stack before reports
    /// `.replaced`, most recent first — which ends the other coordinators whose main screen
    /// it was. If it held this coordinator's own main screen, the first new presentation
    /// becomes its main one, so the coordinator goes on with its new stack.
    ///
    /// Throws `CoordinatorError` `flowEnded` after the flow ended.
    ///
    /// Cancellation: if the calling task is already cancelled, throws `CancellationError`
    /// and changes nothing.
    @discardableResult
    public func setStack(_ screens: [any Screen], on navigation: NavigationPresenter) async throws -> [Presentation] {
        try Task.checkCancellation()
        let replacesOwnMain = navigation.stack.contains { $0.owner === node && $0.isMain }
        let presentations = try node.makePresentations(
            screens, on: navigation, firstRole: replacesOwnMain ? .main : .automatic)
        navigation.replaceStack(with: presentations).reportDismissals(.replaced)
        for presentation in presentations {
            try await node.didPresent(presentation)
        }
        return presentations
    }
}
