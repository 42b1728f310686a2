// Wraps a block that is (part of) the body of a coordinator's `start()`: `self` (the
// actor), its `flow` and the presenters it names are in scope.
private actor Example: Coordinator {
    let flow = Flow<Void>()
    let window = SlotPresenter()
    let navigation = NavigationPresenter()
    let modal = ModalPresenter()

    func start() async throws {
        // EXAMPLE
    }
}
