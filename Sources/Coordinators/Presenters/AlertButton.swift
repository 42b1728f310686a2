/// A button of an `Alert` or a `ConfirmationDialog`: its title, its role, and the value
/// `flow.ask` returns when a person taps it.
///
/// ```swift
/// AlertButton("Delete", role: .destructive, value: Choice.delete)
/// AlertButton.cancel(value: Choice.keep)
/// ```
public struct AlertButton<Value: Sendable>: Sendable {
    /// The button's title.
    public var title: String
    /// The button's role.
    public var role: AlertButtonRole
    /// What `flow.ask` returns when a person taps it.
    public var value: Value

    /// A button titled `title` with `role` (`.default` unless given) that answers `value`.
    public init(_ title: String, role: AlertButtonRole = .default, value: Value) {
        self.title = title
        self.role = role
        self.value = value
    }

    /// A cancel button, titled "Cancel" unless given, that answers `value`.
    public static func cancel(_ title: String = "Cancel", value: Value) -> AlertButton {
        AlertButton(title, role: .cancel, value: value)
    }
}
