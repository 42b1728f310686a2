/// A presenter that shows a navigation stack: `present` pushes, and the stack can be popped
/// to a presentation and replaced as a whole — what routes, deep links and
/// `Flow.setStack(_:on:)` need, whatever presenter the app uses.
///
/// The headless `NavigationPresenter` and `ModalNavigationPresenter` are stack presenters;
/// a UIKit one (`popToViewController`, `setViewControllers`) or a SwiftUI one (a
/// `NavigationStack(path:)`) can be too. On top of `Presenter`'s duties, an implementer:
///
/// - keeps `stack` in step with the surface, root first (`Flow.setStack` reads it to tell
///   whether the new stack replaces its coordinator's own main screen);
/// - in `pop(to:animated:)`, removes what is above the presentation and calls `reportDismissal(.byCoordinator)`
///   for each, most recent first;
/// - in `replaceStack(with:animated:)`, shows exactly the given presentations and calls
///   `reportDismissal(.replaced)` for each one that was on the stack and is not kept, most
///   recent first; a presentation that is not on the stack yet is a new one
///   (`Flow.setStack` made it for this presenter): show it, and do not call
///   `reportDismissal` for it — the runtime marks it presented once `replaceStack` returns.
/// - throws, changing nothing, when it cannot do what it is asked (the headless ones throw
///   a `CoordinatorError`).
///
/// ```swift
/// try await navigation.pop(to: inbox, animated: true)    // back to the inbox, whatever is above it
/// try await navigation.popToRoot(animated: false)
/// try await flow.setStack([Inbox(), Message(id)], on: navigation)   // a deep link
/// ```
public protocol StackPresenter: Presenter {
    /// The presentations on the stack, root first.
    var stack: [Presentation] { get }

    /// Removes every presentation above `presentation`, animated or not; each removed one
    /// reports `.byCoordinator` (the presenter calls `reportDismissal`), most recent first.
    ///
    /// Throws if `presentation` is not on the stack, changing nothing (the headless
    /// presenters: `CoordinatorError` `notInStack`).
    ///
    /// Cancellation: up to the presenter; the headless ones apply the pop at once, and a UI
    /// one should finish it (a screen half-popped helps no one).
    func pop(to presentation: Presentation, animated: Bool) async throws

    /// Pops everything above the root; each removed presentation reports `.byCoordinator`,
    /// most recent first.
    ///
    /// Throws if the stack is empty (the headless presenters and the default:
    /// `CoordinatorError` `nothingToPop`).
    ///
    /// Cancellation: as `pop(to:animated:)`.
    func popToRoot(animated: Bool) async throws

    /// Shows exactly `presentations`, root first, in place of the whole stack, animated or
    /// not (one transition); every
    /// presentation that was on the stack and is not in `presentations` reports `.replaced`,
    /// most recent first — which ends the coordinators whose main screen it was.
    ///
    /// `presentations` may keep presentations of the stack (in any order) and hold new ones
    /// that `Flow.setStack(_:on:)` made for this presenter. Coordinators call
    /// `flow.setStack`, which makes the new presentations; routing code may call this
    /// directly to rearrange what is already shown.
    ///
    /// Throws, changing nothing, if it cannot show them (the headless presenters:
    /// `CoordinatorError` `notInStack` for a presentation that is neither on the stack nor
    /// new for this presenter, or that is given twice).
    ///
    /// Cancellation: up to the presenter; the headless ones apply it at once.
    func replaceStack(with presentations: [Presentation], animated: Bool) async throws
}

extension StackPresenter {
    /// One call to the stack: `pop(to:animated:)` when the removed presentations are the top
    /// of the stack (above its root) and nothing is added, `present(_:animated:)` to push one
    /// presentation onto the stack as it is, and `replaceStack(with:animated:)` with the stack less `removed`,
    /// plus `added`, otherwise. Removed presentations that are no longer on the stack are
    /// left out.
    ///
    /// It reads `stack` and then makes the call: implement `transition` yourself to make
    /// it one atomic step of your surface.
    ///
    /// Cancellation: as `pop(to:animated:)`, `present(_:animated:)` and
    /// `replaceStack(with:animated:)`.
    public func transition(
        removing removed: [Presentation], adding added: [Presentation], animated: Bool
    ) async throws {
        let shown = stack
        let leaving = Set(removed)
        let kept = shown.filter { !leaving.contains($0) }
        if added.isEmpty {
            guard kept.count < shown.count else { return }
            if !kept.isEmpty, shown.starts(with: kept) {
                try await pop(to: kept[kept.count - 1], animated: animated)
            } else {
                try await replaceStack(with: kept, animated: animated)
            }
        } else if kept.count == shown.count, added.count == 1 {
            try await present(added[0], animated: animated)
        } else {
            try await replaceStack(with: kept + added, animated: animated)
        }
    }

    /// Pops everything above the root, as `pop(to:animated:)` to the first presentation of
    /// `stack`.
    ///
    /// Throws `CoordinatorError` `nothingToPop` if the stack is empty; rethrows what
    /// `pop(to:animated:)` throws (if the root changed meanwhile, say).
    ///
    /// Cancellation: as `pop(to:animated:)`.
    public func popToRoot(animated: Bool) async throws {
        guard let root = stack.first else {
            throw CoordinatorError(
                .nothingToPop, "popToRoot() was called on \(type(of: self)), whose stack is empty.")
        }
        try await pop(to: root, animated: animated)
    }
}
