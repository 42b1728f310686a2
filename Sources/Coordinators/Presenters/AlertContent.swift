/// An `Alert` or a `ConfirmationDialog`, whatever the type of its buttons' values: how a UI
/// presenter reads one it receives as `presentation.screen`, to show it and answer the button
/// a person taps, and how the runtime and the test kit read it.
///
/// ```swift
/// if let alert = presentation.screen as? any AlertContent {
///     let controller = UIAlertController(
///         title: alert.alertTitle, message: alert.alertMessage,
///         preferredStyle: alert.isConfirmationDialog ? .actionSheet : .alert)
///     for (index, button) in alert.buttonLabels.enumerated() {
///         controller.addAction(UIAlertAction(title: button.title, style: style(of: button.role)) { _ in
///             try? presentation.answer(alert.answer(forButtonAt: index))
///         })
///     }
/// }
/// ```
///
/// `Alert` and `ConfirmationDialog` adopt it; there is no need to adopt it yourself.
public protocol AlertContent: Screen {
    /// The title, if any.
    var alertTitle: String? { get }
    /// The text under the title, if any.
    var alertMessage: String? { get }
    /// Whether it is a confirmation dialog (an action sheet) rather than an alert.
    var isConfirmationDialog: Bool { get }
    /// Each button's title and role, in order.
    var buttonLabels: [(title: String, role: AlertButtonRole)] { get }
    /// The value of the button at `index` of `buttonLabels`: what to answer the presentation
    /// with when a person taps it (`Presentation.answer(_:)`).
    func answer(forButtonAt index: Int) -> any Sendable
}

extension AlertContent {
    /// Whether it has a cancel button: then dismissing it without a button answers that
    /// button's value; without one, a person cannot dismiss it that way.
    var hasCancelButton: Bool { buttonLabels.contains { $0.role == .cancel } }

    /// The cancel button's value, if it has one.
    var cancelAnswer: (any Sendable)? {
        buttonLabels.firstIndex { $0.role == .cancel }.map(answer(forButtonAt:))
    }

    /// Throws `invalidAlert` unless a person can answer it: at least one button, and at most
    /// one cancel button (UIKit allows no more).
    func validate() throws(CoordinatorError) {
        let labels = buttonLabels
        guard !labels.isEmpty else {
            throw CoordinatorError(
                .invalidAlert, "\(screenName) has no buttons: a person could never answer it. Give it one at least.")
        }
        guard labels.count(where: { $0.role == .cancel }) <= 1 else {
            throw CoordinatorError(
                .invalidAlert, "\(screenName) has more than one cancel button; give it one at most.")
        }
    }
}
