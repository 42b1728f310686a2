/// A tab bar: a container of presenters, one per tab (not itself a `Presenter`), with items
/// and a selection — what routes and deep links need to pick a tab, whatever tab bar the
/// app uses.
///
/// The headless `TabPresenter` is a tab bar presenter; a UIKit one (a
/// `UITabBarController`) or a SwiftUI one (a `TabView`) can be too. The parent shows the tab
/// bar as its main screen and hands each tab's presenter to the child coordinator of that
/// tab. An implementer:
///
/// - gives each tab a presenter of the kind its item's `content` names: one that shows one
///   screen, or a navigation stack (a `UINavigationController`, a `NavigationStack`);
/// - keeps `tabItems`, `tabPresenters` and `selectedTabIndex` in step with the bar, in bar
///   order, the same number of items as presenters;
/// - in `select(_:)`, selects the tab as the app would (nothing leaves the screen);
/// - in `setTabs(_:)`, keeps the tabs whose title remains with the same content (with their
///   presenters and what they show), removes the others — calling
///   `reportDismissal(.replaced)` for every presentation a removed tab showed, most recent
///   first, which ends the coordinators whose main screen it was — and adds an empty
///   presenter for each other item;
/// - throws, changing nothing, when it cannot do what it is asked (the headless ones throw
///   a `CoordinatorError`).
///
/// ```swift
/// try await tabs.selectTab(titled: "Search")
/// try await tabs.selectTab(showing: message)             // the tab whose presenter shows it
/// try await tabs.setTabs([home, search])                 // "Profile" goes, with its flow
/// ```
public protocol TabBarPresenter: AnyObject, Sendable {
    /// The tabs' items, in the order the bar shows them.
    var tabItems: [TabItem] { get }

    /// Each tab's presenter, where the coordinator of that tab shows its screens, in bar
    /// order.
    var tabPresenters: [any Presenter] { get }

    /// The selected tab's index.
    var selectedTabIndex: Int { get }

    /// Selects tab `index`, as the app does.
    ///
    /// Throws if there is no such tab, changing nothing (the headless presenters:
    /// `CoordinatorError` `noSuchSlot`).
    ///
    /// Cancellation: up to the presenter; the headless ones apply it at once.
    func select(_ index: Int) async throws

    /// Sets the tabs after creation, matched by title and content: a tab whose title is in
    /// `items` with the same content keeps its presenter and what it shows (it may move; its
    /// item is replaced); any other tab leaves the bar, and every presentation it showed
    /// reports `.replaced`, most recent first; any other item gets a new, empty presenter.
    /// The selection stays on its tab if that remains, else it moves to the first tab.
    ///
    /// Throws if it cannot set them, changing nothing (the headless presenters:
    /// `CoordinatorError` `duplicateSlot` if two items have the same title).
    ///
    /// Cancellation: up to the presenter; the headless ones apply it at once.
    func setTabs(_ items: [TabItem]) async throws
}

extension TabBarPresenter {
    /// Selects the tab whose presenter is `presenter` (the same instance).
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if no tab of this bar has that presenter;
    /// rethrows what `select(_:)` throws.
    ///
    /// Cancellation: as `select(_:)`.
    public func selectTab(of presenter: any Presenter, file: String = #fileID, line: Int = #line) async throws {
        guard let index = tabPresenters.firstIndex(where: { $0 === presenter }) else {
            throw CoordinatorError(
                .noSuchSlot,
                "selectTab(of:) was given \(presenter), which is not the presenter of a tab of \(barDescription). "
                    + "Pass one of its tabPresenters."
            ).located(at: file, line)
        }
        try await select(index, locatedAt: file, line)
    }

    /// Selects the tab that shows `presentation`: the tab whose presenter is its `presenter`.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if it is shown by no tab of this bar; rethrows
    /// what `select(_:)` throws.
    ///
    /// Cancellation: as `select(_:)`.
    public func selectTab(
        showing presentation: Presentation, file: String = #fileID, line: Int = #line
    ) async throws {
        guard let index = tabPresenters.firstIndex(where: { $0 === presentation.presenter }) else {
            throw CoordinatorError(
                .noSuchSlot,
                "selectTab(showing:) was given \(presentation), which no tab of \(barDescription) shows (it is on "
                    + "\(presentation.presenter))."
            ).located(at: file, line)
        }
        try await select(index, locatedAt: file, line)
    }

    /// Selects the first tab titled `title`.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if no tab has that title; rethrows what
    /// `select(_:)` throws.
    ///
    /// Cancellation: as `select(_:)`.
    public func selectTab(titled title: String, file: String = #fileID, line: Int = #line) async throws {
        guard let index = tabItems.firstIndex(where: { $0.title == title }) else {
            throw CoordinatorError(.noSuchSlot, "\(barDescription) has no tab titled \"\(title)\".").located(
                at: file, line)
        }
        try await select(index, locatedAt: file, line)
    }

    /// `select(index)`, with a `CoordinatorError` it throws located at the caller's call.
    private func select(_ index: Int, locatedAt file: String, _ line: Int) async throws {
        do { try await select(index) } catch { throw CoordinatorError.located(error, at: file, line) }
    }

    /// `TabPresenter (tabs: ["Home", "Search"])`, for messages.
    private var barDescription: String { "\(type(of: self)) (tabs: \(tabItems.map(\.title)))" }
}
