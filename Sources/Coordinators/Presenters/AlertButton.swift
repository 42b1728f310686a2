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

/// An alert or a confirmation dialog, whatever its value type: what the runtime and the
/// test kit read (a cancel button's value, a button by title or role).
package protocol AlertContent: Sendable {
    /// The title shown.
    var alertTitle: String { get }
    /// Each button's title and role, in order.
    var buttonLabels: [(title: String, role: AlertButtonRole)] { get }
    /// The value of the button at `index` of `buttonLabels`.
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
}
