/// A headless presenter seen as a surface of presentations: what the test kit
/// (`CoordinatorsTesting`) reads and waits on, whatever the kind of presenter.
///
/// Every headless presenter of this module adopts it. Adopt it in a presenter of your own
/// (a test double) to use it with the kit's waits and end-of-test checks.
public protocol HeadlessPresenter: AnyObject, Sendable {
    /// The presenter's state as plain values.
    associatedtype State: HeadlessPresenterState

    /// A name for logs and failure messages.
    var name: String { get }

    /// The current state.
    var state: State { get }

    /// Returns once `condition` holds for the state (at once if it holds now), checking it
    /// again whenever the state changes. The presenters of this module also check it again
    /// whenever a presentation they hold is marked presented, answered or dismissed; a
    /// presenter of your own need not (the kit's waits also check again on every lifecycle
    /// event, which follows those changes).
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError` — promptly: the
    /// test kit races this wait against others and cancels it when another one ends first.
    func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws
}

extension NavigationPresenter: HeadlessPresenter {}
extension ModalNavigationPresenter: HeadlessPresenter {}
extension ModalPresenter: HeadlessPresenter {}
extension SlotPresenter: HeadlessPresenter {}
extension TabPresenter: HeadlessPresenter {}
extension ContainerPresenter: HeadlessPresenter {}
extension SplitPresenter: HeadlessPresenter {}
