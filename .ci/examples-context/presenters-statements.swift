// Wraps a block of Guides/Presenters.md's statements (a test's): the presenters it names,
// and a question (`alert`) the test kept, are in scope.
private func example(
    navigation: NavigationPresenter,
    modal: ModalPresenter,
    tabs: TabPresenter,
    alert: Presentation
) async throws {
    // EXAMPLE
}
