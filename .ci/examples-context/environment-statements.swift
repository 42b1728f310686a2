// Wraps a block of Guides/Environment.md's statements: `flow` is a running coordinator's,
// and the app's session, a manual clock and a navigation stack are in scope.
private func example(
    flow: Flow<Void>,
    session: Session,
    clock: ManualClock,
    navigation: NavigationPresenter
) async throws {
    // EXAMPLE
}
