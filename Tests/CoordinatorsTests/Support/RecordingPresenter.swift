import Coordinators

/// A custom presenter, written as a user would write one for UIKit: it keeps what it
/// shows, journals every call, and reports removals it makes on its own.
final class RecordingPresenter: Presenter {
    private let shown = Mutex<[Presentation]>([])
    let journal: Journal<JournalEntry>

    init(journal: Journal<JournalEntry>) { self.journal = journal }

    var screens: [String] { shown.withLock { $0.map(\.screen.screenName) } }

    func present(_ presentation: Presentation, animated: Bool) async throws {
        shown.withLock { $0.append(presentation) }
        journal.record(.presented(presentation.screen.screenName))
    }

    func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws {
        shown.withLock { $0.removeAll { $0 == presentation } }
        journal.record(.dismissed(presentation.screen.screenName, reason))
    }

    /// What the UI calls when a person swipes `screen` away.
    func userRemoves(_ screen: String) {
        let removed = shown.withLock { shown -> Presentation? in
            guard let index = shown.firstIndex(where: { $0.screen.screenName == screen }) else { return nil }
            return shown.remove(at: index)
        }
        journal.record(.userRemoved(screen))
        removed?.reportDismissal(.byUser)
    }
}
