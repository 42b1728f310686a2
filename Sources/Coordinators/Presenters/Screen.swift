/// Something a presenter can show: a description of a screen, not the screen itself.
///
/// Coordinators are actors, so what they hand to a presenter must be `Sendable`. Make a
/// screen a small value (often a struct holding a narrow delegate to its coordinator);
/// a UIKit or SwiftUI presenter turns it into a view on the main actor, a headless
/// presenter keeps it as it is so that tests can read it.
///
/// ```swift
/// struct LoginScreen: Screen {
///     let delegate: LoginCoordinator   // the screen calls its coordinator's actor methods
/// }
///
/// struct ColorPicker: Screen {
///     typealias Answer = Color         // `flow.ask(ColorPicker(), on: modal)` returns a Color
/// }
/// ```
public protocol Screen: Sendable {
    /// What the screen answers when a coordinator `ask`s it: a picker's choice, a form's
    /// content. `Never` (the default) for a screen that answers nothing.
    associatedtype Answer: Sendable = Never

    /// A short name for logs, snapshots and diagrams. Defaults to the type's name.
    var screenName: String { get }
}

extension Screen {
    /// The type's name, such as `LoginScreen`.
    public var screenName: String { String(describing: Self.self) }
}
