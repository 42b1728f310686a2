/// How a presenter shows a screen: its style, a sheet's detents, whether a person may swipe
/// it away, whether what lies behind stays interactive. Given with each presentation
/// (`flow.present`, `flow.ask`, `Destination.screen`, `flow.run` of a child that presents)
/// and handed to the presenter unchanged, as `presentation.options`.
///
/// ```swift
/// let filters = try await flow.present(
///     FiltersScreen(), on: modal,
///     options: PresentationOptions(style: .sheet, detents: SheetDetents([.medium, .large], showsGrabber: true)))
/// ```
///
/// A presenter that cannot honour an option says so before anything is shown
/// (`Presenter.check(_:)`, a `CoordinatorError` `unsupportedOptions`), or documents the
/// fallback it takes; the headless presenters' rules are in `Guides/Presenters.md`.
public struct PresentationOptions: Sendable, Hashable, CustomStringConvertible {
    /// How the screen is shown over, or among, what is already shown.
    public enum Style: Sendable, Hashable {
        /// The presenter's own way: pushed on a stack, presented as a sheet over a modal
        /// surface, replacing a window's root.
        case automatic
        /// Pushed on a navigation stack.
        case push
        /// A sheet over what is shown (`UIModalPresentationStyle.pageSheet`, SwiftUI's
        /// `.sheet`), sized by its detents.
        case sheet
        /// A form sheet: centred and smaller than the screen in regular width, a sheet in
        /// compact width (`.formSheet`).
        case formSheet
        /// Covers the whole screen (`.fullScreen`, SwiftUI's `.fullScreenCover`); it has no
        /// detents.
        case fullScreenCover
        /// A popover anchored to the source the UI knows by `anchor` (a button's name), as
        /// `UIPopoverPresentationController.sourceItem` or SwiftUI's `.popover` on a view.
        case popover(anchor: String)

        /// Whether a screen shown so covers what is shown (a sheet, a form sheet, a full-screen
        /// cover, a popover), whatever its presenter.
        var isModal: Bool {
            switch self {
            case .automatic, .push: false
            case .sheet, .formSheet, .fullScreenCover, .popover: true
            }
        }
    }

    /// How the screen is shown. `.automatic` by default.
    public var style: Style {
        get { values.style }
        set { values.style = newValue }
    }
    /// The heights a sheet may rest at, the one selected first, and whether its grabber
    /// shows; `nil` (the default) for the presenter's own (a large sheet).
    public var detents: SheetDetents? {
        get { values.detents }
        set { values.detents = newValue }
    }
    /// Whether a person may swipe the screen away (a sheet down, a pushed screen back).
    /// `false` does not offer the gesture at all (`isModalInPresentation`, SwiftUI's
    /// `.interactiveDismissDisabled()`); it is not a veto asked each time (see
    /// `Presentation.setUserDismissalConfirmation(_:)`). `true` by default.
    public var allowsInteractiveDismissal: Bool {
        get { values.allowsInteractiveDismissal }
        set { values.allowsInteractiveDismissal = newValue }
    }
    /// Whether the content behind a sheet stays interactive (not dimmed), as SwiftUI's
    /// `.presentationBackgroundInteraction(.enabled)` or UIKit's
    /// `largestUndimmedDetentIdentifier`. `false` by default.
    public var allowsInteractionBehind: Bool {
        get { values.allowsInteractionBehind }
        set { values.allowsInteractionBehind = newValue }
    }

    /// The options' values.
    private struct Values: Hashable, Sendable {
        var style = Style.automatic
        var detents: SheetDetents?
        var allowsInteractiveDismissal = true
        var allowsInteractionBehind = false
    }

    /// The values, kept in an immutable box that a change replaces; `nil` while every
    /// option is `.automatic`. One reference: a call passes options in a register, so the
    /// async frame of every coordinator that presents holds no copy of them
    /// (idleCoordinatorMemory).
    private final class Box: Sendable {
        let values: Values
        init(_ values: Values) { self.values = values }
    }

    private var box: Box?

    private var values: Values {
        get { box?.values ?? Values() }
        set { box = Box(newValue) }
    }

    /// Options with the given values; each defaults to the presenter's own way.
    public init(
        style: Style = .automatic, detents: SheetDetents? = nil, allowsInteractiveDismissal: Bool = true,
        allowsInteractionBehind: Bool = false
    ) {
        let values = Values(
            style: style, detents: detents, allowsInteractiveDismissal: allowsInteractiveDismissal,
            allowsInteractionBehind: allowsInteractionBehind)
        box = values == Values() ? nil : Box(values)
    }

    /// Equal when every option is.
    public static func == (lhs: PresentationOptions, rhs: PresentationOptions) -> Bool {
        lhs.box === rhs.box || lhs.values == rhs.values
    }

    /// Hashes every option.
    public func hash(into hasher: inout Hasher) { hasher.combine(values) }

    /// Every option as the presenter shows screens by default.
    public static var automatic: PresentationOptions { PresentationOptions(box: nil) }

    private init(box: Box?) { self.box = box }

    /// `style: sheet, detents: [medium, large] (medium), grabber`, listing what differs from
    /// `.automatic`.
    public var description: String {
        var parts = ["style: \(style)"]
        if let detents { parts.append("detents: \(detents)") }
        if !allowsInteractiveDismissal { parts.append("no interactive dismissal") }
        if allowsInteractionBehind { parts.append("interaction behind") }
        return parts.joined(separator: ", ")
    }

    /// Whether every option is as `.automatic` has it.
    var isAutomatic: Bool { box == nil || values == Values() }

    /// Throws `invalidOptions` if the options contradict themselves, whoever shows them.
    func validate(for screen: @autoclosure () -> String) throws(CoordinatorError) {
        if let detents {
            switch style {
            case .push, .fullScreenCover, .popover:
                throw CoordinatorError(
                    .invalidOptions,
                    "\(screen()) was given detents with style \(style); only a sheet (.sheet, .formSheet or "
                        + ".automatic on a modal presenter) has detents.")
            case .automatic, .sheet, .formSheet:
                break
            }
            try detents.validate(for: screen())
        }
    }
}
