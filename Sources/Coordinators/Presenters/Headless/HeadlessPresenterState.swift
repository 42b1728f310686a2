/// The state of a `HeadlessPresenter`, read the same way for every kind of presenter.
public protocol HeadlessPresenterState: Sendable {
    /// Every presentation on the surface: bottom first for stacks and modals, tab by tab
    /// for tab bars, slot by slot for containers, column by column for splits.
    var presentations: [Presentation] { get }

    /// The presentations a person sees and can act on now: the top of a stack or of the
    /// modals, the selected tab's top, every slot's presentation, each column's top (the
    /// top of the collapsed stack when a split is collapsed).
    var visiblePresentations: [Presentation] { get }
}

extension HeadlessPresenterState {
    /// The presentation on top: the top of a stack or of the modals, a slot's presentation,
    /// the selected tab's top, the last slot's presentation of a container, the top of a
    /// split's rightmost column that shows anything (of its collapsed stack, collapsed).
    public var top: Presentation? { visiblePresentations.last }

    /// The names of the screens of `presentations`, in the same order (`Screen.screenName`):
    /// what a test most often checks.
    public var screenNames: [String] { presentations.map(\.screen.screenName) }
}

extension NavigationPresenter.State: HeadlessPresenterState {
    /// The stack, root first.
    public var presentations: [Presentation] { stack }
    /// The top of the stack.
    public var visiblePresentations: [Presentation] { stack.last.map { [$0] } ?? [] }
}

extension ModalPresenter.State: HeadlessPresenterState {
    /// The modals, bottom first.
    public var presentations: [Presentation] { modals }
    /// The topmost modal.
    public var visiblePresentations: [Presentation] { modals.last.map { [$0] } ?? [] }
}

extension SlotPresenter.State: HeadlessPresenterState {
    /// The slot's presentation, if any.
    public var presentations: [Presentation] { presentation.map { [$0] } ?? [] }
    /// The slot's presentation, if any.
    public var visiblePresentations: [Presentation] { presentations }
}

extension TabPresenter.State: HeadlessPresenterState {
    /// What each tab shows, tab by tab, bottom first.
    public var presentations: [Presentation] { tabs.flatMap(\.presentations) }
    /// The top of the selected tab.
    public var visiblePresentations: [Presentation] { selectedTab?.top.map { [$0] } ?? [] }
}

extension ContainerPresenter.State: HeadlessPresenterState {
    /// Each slot's presentation, slot by slot.
    public var presentations: [Presentation] { slots.compactMap(\.presentation) }
    /// Each slot's presentation: all are on screen at once.
    public var visiblePresentations: [Presentation] { presentations }
}

extension SplitPresenter.State: HeadlessPresenterState {
    /// Each column's stack, column by column, root first: the collapsed stack.
    public var presentations: [Presentation] { collapsedStack }
    /// Expanded, each column's top, column by column: all are on screen at once. Collapsed,
    /// the top of the collapsed stack.
    public var visiblePresentations: [Presentation] {
        if isCollapsed { return collapsedStack.last.map { [$0] } ?? [] }
        return columns.compactMap(\.top)
    }
}
