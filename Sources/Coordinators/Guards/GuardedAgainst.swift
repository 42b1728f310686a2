/// What a guard protects its flow from (`flow.guarding(against:…)`).
public enum GuardedAgainst: Sendable, Hashable {
    /// Moves that would end the flow: a link's or a restoration's step, an ancestor's
    /// `go(.back…)`, a screen taking the place of its main one. The default.
    case ending
    /// Those, and moves that would hide the flow while it stays: selecting another tab over it
    /// (a route's `.tab` destination, a link's or a restoration's step into another tab, while
    /// the flow is in the tab that was selected), or a
    /// move of a coordinator outside it that covers the screen with a modal (a screen shown
    /// on a presenter whose next presentation covers what is shown, `Presenter.nextPresentCovers`,
    /// or with the style of a sheet, a form sheet, a full-screen cover or a popover). They ask
    /// with the cause `hiding`.
    case endingOrHiding
}
