import Coordinators

/// A presenter of a user's own, as one for UIKit would be: it records every call with the
/// options and the animation it was given, and shows the screens on a headless modal surface
/// (`surface`, for the test kit's waits); it refuses popovers, as a presenter that cannot
/// anchor one would.
final class OptionsRecordingPresenter: Presenter {
    /// What it shows.
    let surface = ModalPresenter(name: "user's presenter")
    /// One call, as the presenter received it.
    struct Call: Equatable, Sendable {
        enum Kind: Equatable, Sendable { case present, dismiss }
        let kind: Kind
        let screen: String
        let options: PresentationOptions
        let animated: Bool
    }

    private let calls = Mutex<[Call]>([])
    private let checks = Mutex<[PresentationOptions]>([])

    /// Every call so far, in order.
    var received: [Call] { calls.withLock { $0 } }

    /// The options of every `check(_:)` call so far, in order.
    var checked: [PresentationOptions] { checks.withLock { $0 } }

    func present(_ presentation: Presentation, animated: Bool) async throws {
        record(.present, presentation, animated)
        try await surface.present(presentation, animated: animated)
    }

    func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws {
        record(.dismiss, presentation, animated)
        try await surface.dismiss(presentation, reason: reason, animated: animated)
    }

    func check(_ options: PresentationOptions) throws(CoordinatorError) {
        checks.withLock { $0.append(options) }
        if case .popover = options.style {
            throw CoordinatorError(.unsupportedOptions, "This presenter cannot anchor a popover.")
        }
    }

    private func record(_ kind: Call.Kind, _ presentation: Presentation, _ animated: Bool) {
        calls.withLock {
            $0.append(
                Call(
                    kind: kind, screen: presentation.screen.screenName, options: presentation.options,
                    animated: animated))
        }
    }
}
