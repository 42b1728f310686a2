import Coordinators

/// What the shared test coordinators and presenters journal (`Branch`, `ShowsOneScreen`,
/// `RecordingPresenter`), and the tests that journal beside them: each case is a kind of
/// event, its payload the name of the screen, coordinator or call it happened to. It reads
/// as a short sentence ("present A", "deinit child") in failure messages.
enum JournalEntry: Hashable, Sendable, CustomStringConvertible {
    /// A presenter was asked to show the screen.
    case presented(String)
    /// A presenter was asked to take the screen away, for the reason.
    case dismissed(String, DismissalReason)
    /// A person removed the screen, on the presenter's own surface.
    case userRemoved(String)
    /// A coordinator's screen is up: its `present` returned.
    case shown(String)
    /// The confirmation of a person's dismissal was asked.
    case asked(String)
    /// An observed state changed.
    case changed(String)
    /// It began: a coordinator's `start()`, a turn.
    case started(String)
    /// It is about to be ended: recorded just before the test or the coordinator ends it.
    case finishing(String)
    /// The call returned (recorded as it returns).
    case returned(String)
    /// The coordinator ended so, as its parent or the test learned.
    case ended(String, Ending)
    /// The call threw a `CoordinatorError` with the code.
    case threw(String, CoordinatorError.Code)
    /// The wait threw `CancellationError`.
    case cancelled(String)
    /// The coordinator was released.
    case deinitialized(String)

    var description: String {
        switch self {
        case .presented(let screen): "present \(screen)"
        case .dismissed(let screen, let reason): "dismiss \(screen) \(reason)"
        case .userRemoved(let screen): "user removes \(screen)"
        case .shown(let screen): "shown \(screen)"
        case .asked(let name): "asked \(name)"
        case .changed(let name): "\(name) changed"
        case .started(let name): "\(name) started"
        case .finishing(let name): "finishing \(name)"
        case .returned(let call): "\(call) returned"
        case .ended(let name, let ending): "\(name) ended \(ending)"
        case .threw(let call, let code): "\(call) threw \(code)"
        case .cancelled(let wait): "\(wait) cancelled"
        case .deinitialized(let name): "deinit \(name)"
        }
    }

    /// The screen a presenter was asked to take away and why, if this entry records that.
    var dismissal: (screen: String, reason: DismissalReason)? {
        if case .dismissed(let screen, let reason) = self { (screen, reason) } else { nil }
    }
}

extension Sequence<JournalEntry> {
    /// The screens presenters were asked to show, in order.
    var presented: [String] {
        compactMap { if case .presented(let screen) = $0 { screen } else { nil } }
    }

    /// The screens presenters were asked to take away, in order.
    var dismissed: [String] { compactMap(\.dismissal?.screen) }

    /// How the coordinator `name` ended, if an entry records it.
    func ending(of name: String) -> Ending? {
        lazy.compactMap { if case .ended(name, let ending) = $0 { ending } else { nil } }.first
    }

    /// The coordinators released, in order.
    var deinitialized: [String] {
        compactMap { if case .deinitialized(let name) = $0 { name } else { nil } }
    }
}
