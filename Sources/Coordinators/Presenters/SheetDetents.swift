/// The heights a sheet may rest at, the one it shows first, and whether its grabber shows:
/// what UIKit's `UISheetPresentationController.detents` and SwiftUI's
/// `.presentationDetents(_:selection:)` take.
///
/// ```swift
/// SheetDetents([.medium, .large], showsGrabber: true)             // opens at medium
/// SheetDetents([.fraction(0.25), .large], selected: .large)
/// ```
///
/// A person dragging the sheet to another detent is a gesture its presenter reports
/// (`Presentation.reportDetentChange(_:)`); the coordinator reads
/// `presentation.selectedDetent`, awaits `waitForDetent(where:)`, or observes the
/// `detentChanged` lifecycle event.
public struct SheetDetents: Sendable, Hashable, CustomStringConvertible {
    /// One height a sheet may rest at.
    public enum Detent: Sendable, Hashable, CustomStringConvertible {
        /// About half the screen (`.medium()`).
        case medium
        /// The full height (`.large()`).
        case large
        /// A fraction of the full height, greater than 0 and at most 1 (SwiftUI's
        /// `.fraction(_:)`, a custom detent in UIKit).
        case fraction(Double)
        /// A height in points, greater than 0 (SwiftUI's `.height(_:)`, a custom detent in
        /// UIKit).
        case height(Double)

        /// `medium`, `large`, `fraction(0.25)`, `height(200.0)`.
        public var description: String {
            switch self {
            case .medium: "medium"
            case .large: "large"
            case .fraction(let value): "fraction(\(value))"
            case .height(let value): "height(\(value))"
            }
        }
    }

    /// The detents, in the order given; never empty.
    public var available: [Detent]
    /// The detent the sheet shows first; one of `available`.
    public var selected: Detent
    /// Whether the sheet shows its grabber.
    public var showsGrabber: Bool

    /// The detents `available`, the sheet opening at `selected` (the first of `available`
    /// when `nil`). The runtime checks them when a screen is presented with them
    /// (`CoordinatorError` `invalidOptions`: none given, a selected one not among them, a
    /// fraction or height out of range).
    public init(_ available: [Detent], selected: Detent? = nil, showsGrabber: Bool = false) {
        self.available = available
        self.selected = selected ?? available.first ?? .large
        self.showsGrabber = showsGrabber
    }

    /// `[medium, large] (medium), grabber`.
    public var description: String {
        "[\(available.map(\.description).joined(separator: ", "))] (\(selected))\(showsGrabber ? ", grabber" : "")"
    }

    func validate(for screen: @autoclosure () -> String) throws(CoordinatorError) {
        guard !available.isEmpty else {
            throw CoordinatorError(
                .invalidOptions, "\(screen()) was given no detents; give at least one, or leave detents nil.")
        }
        guard available.contains(selected) else {
            throw CoordinatorError(
                .invalidOptions,
                "\(screen()) was given the selected detent \(selected), which is not among its detents \(available).")
        }
        for detent in available {
            switch detent {
            case .medium, .large: continue
            case .fraction(let value) where value > 0 && value <= 1: continue
            case .height(let value) where value > 0: continue
            case .fraction, .height:
                throw CoordinatorError(
                    .invalidOptions,
                    "\(screen()) was given the detent \(detent); a fraction is in (0, 1], a height above 0.")
            }
        }
    }
}
