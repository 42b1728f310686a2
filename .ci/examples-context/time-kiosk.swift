// Wraps members of Guides/Time.md's kiosk coordinator.
private actor Kiosk: Coordinator {
    let flow = Flow<Session>()
    let navigation = NavigationPresenter()

    // EXAMPLE
}
