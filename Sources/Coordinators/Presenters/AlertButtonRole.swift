/// What an `AlertButton` does, which decides how it looks and where it goes (UIKit's
/// `UIAlertAction.Style`, SwiftUI's `ButtonRole`).
public enum AlertButtonRole: Sendable, Hashable, CustomStringConvertible {
    /// An ordinary choice.
    case `default`
    /// Leaves things as they were; also what dismissing without a button (a tap outside,
    /// a swipe) answers.
    case cancel
    /// Deletes or discards something; shown in red.
    case destructive

    /// `default`, `cancel`, `destructive`.
    public var description: String {
        switch self {
        case .default: "default"
        case .cancel: "cancel"
        case .destructive: "destructive"
        }
    }
}
