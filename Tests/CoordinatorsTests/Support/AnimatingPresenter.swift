import Coordinators

/// A presenter that animates, as a UIKit one does: it puts each presentation on `surface`
/// at once, then returns from `present` only once the test ends the animation. With
/// `animatesDismissals`, it also waits for the test before it takes a presentation off the
/// surface. A person can act on the surface meanwhile.
final class AnimatingPresenter<Surface: Presenter>: Presenter {
    let surface: Surface
    private let animatesDismissals: Bool
    private let appearance = Gate()
    private let disappearance = Gate()
    private let disappearing = Gate()

    init(_ surface: Surface, animatesDismissals: Bool = false) {
        self.surface = surface
        self.animatesDismissals = animatesDismissals
    }

    func present(_ presentation: Presentation, animated: Bool) async throws {
        try await surface.present(presentation, animated: animated)
        await appearance.wait()
    }

    func dismiss(_ presentation: Presentation, reason: DismissalReason, animated: Bool) async throws {
        if animatesDismissals {
            disappearing.open()
            await disappearance.wait()
        }
        try await surface.dismiss(presentation, reason: reason, animated: animated)
    }

    /// Ends the appearance animation of every presentation, now and from now on.
    func endAnimation() { appearance.open() }

    /// Returns once a dismissal has started animating.
    func waitForDismissal() async { await disappearing.wait() }

    /// Ends the dismissal animation of every presentation, now and from now on.
    func endDismissalAnimation() { disappearance.open() }
}
