extension Flow {
    /// Replaces the whole stack of `navigation` with presentations of `screens`, owned by
    /// this coordinator, and returns them. What was on the stack before reports
    /// `.replaced`, most recent first — which ends the other coordinators whose main screen
    /// it was. If it held this coordinator's own main screen, the first new presentation
    /// becomes its main one, so the coordinator goes on with its new stack.
    ///
    /// `navigation` is any `StackPresenter`: the headless `NavigationPresenter` and
    /// `ModalNavigationPresenter`, or a UI presenter of your own.
    ///
    /// Throws `CoordinatorError` `flowEnded` after the flow ended; rethrows what
    /// `navigation.replaceStack(with:)` throws, and then nothing is shown and the stack is
    /// as the presenter left it.
    ///
    /// `animated: false` replaces it without animation (one transition either way).
    ///
    /// Cancellation: if the calling task is already cancelled, throws `CancellationError`
    /// and changes nothing. Once the presenter has been called, cancellation does not undo
    /// it (a UI presenter decides what it does with a cancelled task meanwhile).
    @discardableResult
    public nonisolated(nonsending) func setStack(
        _ screens: [any Screen], on navigation: some StackPresenter, animated: Bool = true,
        file: String = #fileID, line: Int = #line
    ) async throws -> [Presentation] {
        do {
            return try await replaceStack(with: screens, on: navigation, animated: animated)
        } catch {
            throw CoordinatorError.located(error, at: file, line)
        }
    }

    private func replaceStack(
        with screens: [any Screen], on navigation: some StackPresenter, animated: Bool
    ) async throws -> [Presentation] {
        try Task.checkCancellation()
        let replacesOwnMain = navigation.stack.contains { $0.owner === node && $0.isMain }
        let presentations = try node.makePresentations(
            screens, on: navigation, firstRole: replacesOwnMain ? .main : .automatic)
        do {
            try await navigation.replaceStack(with: presentations, animated: animated)
        } catch {
            for presentation in presentations { node.presentationFailed(presentation) }
            throw error
        }
        for presentation in presentations {
            if try node.didPresent(presentation) { try await node.dismissClaimedByTeardown(presentation) }
        }
        return presentations
    }
}
