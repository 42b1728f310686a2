/// Why a deep link (or a restoration) did not open all the way.
///
/// The coordinators before the one it stopped at keep the steps they took. The coordinator it
/// stopped at is as it was if the step failed before anything moved there (its steps are one
/// move, made only once all of them are resolved and checked); a presenter that fails, or a
/// child that cannot start, stops the move after it began.
///
/// ```swift
/// do {
///     try await tree.open(link)
/// } catch let error as DeepLinkError where error.code == .superseded {
///     // a newer link took over
/// }
/// ```
///
/// The message is safe to log: the text it embeds from outside the library — the URL, a
/// step's route as text, the description of the error a parser, a destination or a presenter
/// threw — shows at most its first 500 characters (Unicode scalars, escapes included), then
/// `… (K more characters)`; and backslashes, control characters, bidi overrides and isolates,
/// zero-width and other invisible format characters, and line and paragraph separators are
/// escaped as a Swift string literal writes them (`\\`, `\n`, `\0`, `\u{202E}`). So a 1 MB URL
/// makes a message of about 1 KB, and a URL cannot forge log lines or reorder them on screen.
public struct DeepLinkError: Error, CustomStringConvertible {
    /// What stopped the link. New codes may be added in later versions.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case unhandled, superseded, malformedURL, targetEnded, stepFailed, flowGuarded
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// No coordinator handles the step: the coordinator it reached has no route of the
        /// step's type (or is not `Routable`), or its `destination(for:)` returned `nil`.
        /// A lifecycle event `linkUnhandled` records it too.
        public static let unhandled = Code(.unhandled)
        /// A newer link (or restoration) was opened in the same tree; this one was cancelled.
        public static let superseded = Code(.superseded)
        /// The `DeepLinkParser` threw for the URL (`underlying`); nothing was changed. The
        /// message quotes the URL and the parser's error bounded and escaped (see
        /// `DeepLinkError`): at most their first 500 characters each, then
        /// `… (K more characters)`.
        public static let malformedURL = Code(.malformedURL)
        /// The coordinator the step went into ended (or was ending) before it could take it, or
        /// while the step waited (a sub-flow its destination awaited): also what a link or a
        /// restoration gets when its tree is torn down under it.
        public static let targetEnded = Code(.targetEnded)
        /// Carrying the step out threw (`underlying`): `destination(for:)`, a presenter, or a
        /// misuse the runtime reports as a `CoordinatorError`.
        public static let stepFailed = Code(.stepFailed)
        /// The step's move would have ended a flow whose guard (`flow.guarding`) refused it, or
        /// did not answer within its timeout (`underlying`: the `CoordinatorError`
        /// `flowGuarded`); nothing moved at the coordinator it stopped at. A lifecycle event
        /// `interruptionRefused` records it too.
        public static let flowGuarded = Code(.flowGuarded)

        /// The code's name, such as `unhandled`.
        public var description: String { base.rawValue }
    }

    /// What stopped the link.
    public let code: Code
    /// The index in the link of the step it stopped at (0 for the first), if it stopped at one.
    public let step: Int?
    /// The route of that step, as text: all of it, as `String(describing:)` gives it — not
    /// bounded or escaped as in `message`, so that it can be compared with a route's text.
    /// It comes from the app's own route value, which may carry text from a URL: escape it
    /// before you log it on its own, or log `message` (or the error) instead.
    public let route: String?
    /// The coordinator it stopped at (`MoviesCoordinator #4`), if any.
    public let coordinator: String?
    /// The error behind it, for `malformedURL` and `stepFailed`.
    public let underlying: (any Error)?
    /// A sentence that says what happened and what to change, with what it quotes from outside
    /// the library bounded and escaped (see `DeepLinkError`).
    public let message: String

    init(
        _ code: Code, _ message: String, step: Int? = nil, route: String? = nil, coordinator: String? = nil,
        underlying: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.step = step
        self.route = route
        self.coordinator = coordinator
        self.underlying = underlying
    }

    /// `DeepLinkError.<code>: <message>`.
    public var description: String { "DeepLinkError.\(code): \(message)" }
}
