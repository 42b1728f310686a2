// Wraps a block of statements in an async function (a test's body, the app's launch),
// given the tree and the presenters it names.
private func example(
    tree: CoordinatorTree,
    window: SlotPresenter,
    navigation: NavigationPresenter,
    modal: ModalPresenter
) async throws {
    // EXAMPLE
}
