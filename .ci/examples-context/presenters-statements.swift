// Wraps a block of Guides/Presenters.md's statements (a test's): the presenters it names,
// a question (`alert`) and a sheet (`results`) the test kept, the tree and a saved state
// (`saved`) are in scope.
private func example(
    navigation: NavigationPresenter,
    modal: ModalPresenter,
    tabs: TabPresenter,
    alert: Presentation,
    results: Presentation,
    tree: CoordinatorTree,
    saved: NavigationState
) async throws {
    // EXAMPLE
}
