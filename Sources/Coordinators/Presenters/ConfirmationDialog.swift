/// A confirmation dialog as a value — an action sheet: an optional title and message, and
/// buttons that each answer a typed value. `flow.ask` shows it and returns the value of the
/// button a person taps.
///
/// ```swift
/// let signOut = try await flow.ask(
///     ConfirmationDialog(title: "Sign out?", buttons: [
///         AlertButton("Sign Out", role: .destructive, value: true),
///         .cancel(value: false),
///     ]),
///     on: modal, options: PresentationOptions(style: .popover(anchor: "account")))
/// ```
///
/// Show it with `flow.ask`, as an `Alert`. As with an alert, dismissing it without a button (a tap outside, a swipe down) answers
/// the cancel button's value, and one with no cancel button cannot be dismissed that way. A
/// UI presenter maps it to `UIAlertController` with `.actionSheet` or SwiftUI's
/// `.confirmationDialog`; on a regular-width iPad it is a popover, anchored as its options
/// say.
public struct ConfirmationDialog<Value: Sendable>: Screen {
    /// What tapping a button answers.
    public typealias Answer = Value

    /// The title, if any; SwiftUI shows it only when asked (`titleVisibility`).
    public var title: String?
    /// The text under the title, if any.
    public var message: String?
    /// The buttons, in the order given.
    public var buttons: [AlertButton<Value>]

    /// A dialog with `title`, `message` and `buttons`.
    public init(title: String? = nil, message: String? = nil, buttons: [AlertButton<Value>]) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }

    /// `ConfirmationDialog(Sign out?)`.
    public var screenName: String { "ConfirmationDialog(\(title ?? ""))" }
}

extension ConfirmationDialog: AlertContent {
    /// `title`.
    public var alertTitle: String? { title }
    /// `message`.
    public var alertMessage: String? { message }
    /// `true`.
    public var isConfirmationDialog: Bool { true }
    /// The buttons' titles and roles.
    public var buttonLabels: [(title: String, role: AlertButtonRole)] { buttons.map { ($0.title, $0.role) } }
    /// The value of the button at `index`.
    public func answer(forButtonAt index: Int) -> any Sendable { buttons[index].value }
}
