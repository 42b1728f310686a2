/// Which presentation options each headless presenter honours (`Presenter.check(_:)`),
/// written once; the table is in `Guides/Presenters.md`.
enum OptionsRules {
    /// What a kind of surface can show.
    enum Surface {
        /// A navigation stack: pushed screens; no detents.
        case stack
        /// Screens presented over one another: every style but a push; detents for sheets.
        case modal
        /// A modal navigation stack: its root is presented (as a modal's), the rest pushed
        /// (a modal style on a pushed screen is ignored).
        case modalStack
        /// One screen in place of another (a window's root): only `.automatic`.
        case slot
    }

    /// Throws `unsupportedOptions`, naming the option, unless `surface` can show them.
    static func check(_ options: PresentationOptions, on surface: Surface, named name: String)
        throws(CoordinatorError)
    {
        let styleFits: Bool
        switch (surface, options.style) {
        case (_, .automatic): styleFits = true
        case (.stack, .push), (.modalStack, .push): styleFits = true
        case (.stack, _), (.slot, _): styleFits = false
        case (.modal, .push): styleFits = false
        case (.modal, _), (.modalStack, _): styleFits = true
        }
        guard styleFits else {
            throw CoordinatorError(
                .unsupportedOptions,
                "\(name) cannot show a screen with style \(options.style): \(what(surface)). Present it on a "
                    + "presenter that can, or leave the style .automatic.")
        }
        if options.detents != nil, surface == .stack || surface == .slot {
            throw CoordinatorError(
                .unsupportedOptions,
                "\(name) cannot show a screen with detents: \(what(surface)). Present the sheet on a modal presenter.")
        }
    }

    private static func what(_ surface: Surface) -> String {
        switch surface {
        case .stack: "a navigation stack pushes its screens"
        case .modal: "a modal surface presents its screens over one another, never pushes them"
        case .modalStack: "a modal navigation stack presents its root and pushes the rest"
        case .slot: "a slot shows one screen in place of another"
        }
    }
}
