// Wraps members of Guides/GettingStarted.md's sign-up coordinator (its `start()`, the
// screens it asks).
private actor SignUp: Coordinator {
    let flow = Flow<Account>()
    let navigation = NavigationPresenter()
    let modal = ModalPresenter()

    // EXAMPLE
}
