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

/// The state of a `HeadlessPresenter`, read the same way for every kind of presenter.
public protocol HeadlessPresenterState: Sendable {
    /// Every presentation on the surface: bottom first for stacks and modals, tab by tab
    /// for tab bars, slot by slot for containers.
    var presentations: [Presentation] { get }

    /// The presentations a person sees and can act on now: the top of a stack or of the
    /// modals, the selected tab's top, every slot's presentation.
    var visiblePresentations: [Presentation] { get }
}

extension NavigationPresenter: HeadlessPresenter {}
extension ModalNavigationPresenter: HeadlessPresenter {}
extension ModalPresenter: HeadlessPresenter {}
extension SlotPresenter: HeadlessPresenter {}
extension TabPresenter: HeadlessPresenter {}
extension TabNavigationPresenter: HeadlessPresenter {}
extension ContainerPresenter: HeadlessPresenter {}

extension NavigationPresenter.State: HeadlessPresenterState {
    /// The stack, root first.
    public var presentations: [Presentation] { stack }
    /// The top of the stack.
    public var visiblePresentations: [Presentation] { top.map { [$0] } ?? [] }
}

extension ModalPresenter.State: HeadlessPresenterState {
    /// The modals, bottom first.
    public var presentations: [Presentation] { modals }
    /// The topmost modal.
    public var visiblePresentations: [Presentation] { top.map { [$0] } ?? [] }
}

extension SlotPresenter.State: HeadlessPresenterState {
    /// The slot's presentation, if any.
    public var presentations: [Presentation] { presentation.map { [$0] } ?? [] }
    /// The slot's presentation, if any.
    public var visiblePresentations: [Presentation] { presentations }
}

extension TabPresenter.State: HeadlessPresenterState {
    /// Each tab's presentation, tab by tab.
    public var presentations: [Presentation] { tabs.compactMap(\.presentation) }
    /// The selected tab's presentation.
    public var visiblePresentations: [Presentation] { selectedTab?.presentation.map { [$0] } ?? [] }
}

extension TabNavigationPresenter.State: HeadlessPresenterState {
    /// Each tab's stack, tab by tab, root first.
    public var presentations: [Presentation] { tabs.flatMap(\.stack) }
    /// The top of the selected tab's stack.
    public var visiblePresentations: [Presentation] { selectedTab?.stack.last.map { [$0] } ?? [] }
}

extension ContainerPresenter.State: HeadlessPresenterState {
    /// Each slot's presentation, slot by slot.
    public var presentations: [Presentation] { slots.compactMap(\.presentation) }
    /// Each slot's presentation: all are on screen at once.
    public var visiblePresentations: [Presentation] { presentations }
}
