/// A headless presenter that can be a part of a container: a tab, a slot.
protocol ContainerPart: AnyObject, Sendable {
    /// Creates a part that calls `containerDidChange` after each of its changes.
    init(name: String, containerDidChange: (@Sendable () -> Void)?)
}

extension SlotPresenter: ContainerPart {}
extension NavigationPresenter: ContainerPart {}
