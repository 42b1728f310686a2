/// Whether a presentation is its coordinator's main one.
///
/// A coordinator ends as `dismissed` when its main presentation leaves the screen without
/// the coordinator finishing first.
/// With several main presentations, it ends when the last of them leaves. Auxiliary
/// presentations come and go without ending it.
public enum PresentationRole: Sendable, Hashable {
    /// Main if it is the first presentation this coordinator makes, auxiliary otherwise.
    case automatic
    /// Main: when it leaves the screen, its coordinator ends.
    case main
    /// Auxiliary: leaving the screen does not end its coordinator.
    case auxiliary
}
