// Wraps a block of Guides/Testing.md that is part of a test's body: the kit's handle
// (`test`) and the presenters it names are in scope.
private func example(
    test: FlowTest<some Coordinator>,
    window: SlotPresenter,
    navigation: NavigationPresenter,
    modal: ModalPresenter,
    sheet: ModalPresenter,
    alerts: ModalPresenter
) async throws {
    // EXAMPLE
}
