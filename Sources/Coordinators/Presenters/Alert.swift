/// An alert as a value: a title, a message, and buttons that each answer a typed value.
/// `flow.ask` shows it and returns the value of the button a person taps.
///
/// ```swift
/// let choice = try await flow.ask(
///     Alert(title: "Delete draft?", message: "It cannot be undone.", buttons: [
///         AlertButton("Delete", role: .destructive, value: true),
///         .cancel(value: false),
///     ]),
///     on: modal)
/// ```
///
/// Show it with `flow.ask`: shown any other way, nobody receives its answer. Dismissing it
/// without a button (a tap outside) answers the cancel button's value; an
/// alert with no cancel button cannot be dismissed that way (the runtime shows it with
/// `allowsInteractiveDismissal: false`). A UI presenter maps it to `UIAlertController` or
/// SwiftUI's `.alert` (see `Guides/WritingAUIKitPresenter.md` and `Guides/SwiftUI.md`); the
/// headless presenters keep it as any screen, and the test kit taps its buttons
/// (`FlowTest.tap(button:)`).
public struct Alert<Value: Sendable>: Screen {
    /// What tapping a button answers.
    public typealias Answer = Value

    /// The title.
    public var title: String
    /// The text under the title, if any.
    public var message: String?
    /// The buttons, in the order given (a UI places the cancel button where its platform
    /// does).
    public var buttons: [AlertButton<Value>]

    /// An alert titled `title`, with `message` and `buttons`.
    public init(title: String, message: String? = nil, buttons: [AlertButton<Value>]) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }

    /// `Alert(Delete draft?)`.
    public var screenName: String { "Alert(\(title))" }
}

extension Alert: AlertContent {
    /// `title`.
    public var alertTitle: String? { title }
    /// `message`.
    public var alertMessage: String? { message }
    /// `false`.
    public var isConfirmationDialog: Bool { false }
    /// The buttons' titles and roles.
    public var buttonLabels: [(title: String, role: AlertButtonRole)] { buttons.map { ($0.title, $0.role) } }
    /// The value of the button at `index`.
    public func answer(forButtonAt index: Int) -> any Sendable { buttons[index].value }
}
