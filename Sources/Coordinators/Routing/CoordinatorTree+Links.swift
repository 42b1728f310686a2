extension CoordinatorTree {
    /// Opens `link` from the root: the root takes the first route, and each route leads to the
    /// coordinator that takes the next (see `DeepLink`). Returns once every step is done.
    ///
    /// At each coordinator, the steps it takes are one move: compared with what it shows (a
    /// route shown already is kept, with the child it started), resolved (`destination(for:)`)
    /// before anything is removed there, and carried out with one call per presenter — so
    /// opening the same link twice changes nothing the second time. A step that leads into a
    /// child hands the rest to it once it is set up (it awaits `flow.finished`, an answer or a
    /// child of its own). A step may await a sub-flow first (see `Routable.destination(for:)`).
    /// If no root runs yet, the link waits for one. See "Deep links" in `Guides/Routing.md`.
    ///
    /// One link is in flight per tree: opening another (here, from a coordinator, or a
    /// restoration) supersedes this one.
    ///
    /// Throws `DeepLinkError`: `unhandled` (also a `linkUnhandled` lifecycle event),
    /// `targetEnded` (also when the tree is torn down while the link waits), `stepFailed`,
    /// `superseded`, `flowGuarded` (a step would end a guarded flow whose guard refused; also
    /// an `interruptionRefused` lifecycle event). The coordinators above the one it stopped at keep the steps they took;
    /// the one it stopped at is as it was when the step failed before it moved anything
    /// (unhandled, a destination that threw, `notOwner`), and keeps what moved otherwise (a
    /// presenter that failed, a child that could not start).
    ///
    /// Cancellation: cancelling the calling task stops the link as superseding does — the
    /// move under way completes, a child it started and that is not set up yet is ended — and
    /// throws `CancellationError`.
    public func open(_ link: DeepLink, file: String = #fileID, line: Int = #line) async throws {
        let routes = link.routes
        do {
            try await LinkFlight.fly("the link \(link)", in: context) { [context] in
                let root = try await context.runningRoot()
                guard let root = root as? any Coordinator else { return }
                try await LinkOpening.open(routes[...], from: root)
            }
        } catch {
            throw CoordinatorError.located(error, at: file, line)
        }
    }

    /// Opens the link `parser` makes of `url`, as `open(_:)` does.
    ///
    /// Throws `DeepLinkError` `malformedURL` (with the parser's error as `underlying`) if the
    /// parser throws — before anything changes, and without superseding the link in flight.
    ///
    /// Cancellation: as `open(_:)`.
    public func open(
        url: String, using parser: some DeepLinkParser, file: String = #fileID, line: Int = #line
    ) async throws {
        try await open(DeepLink.parsing(url, with: parser), file: file, line: line)
    }
}

extension CoordinatorTree {
    /// Whom the link (or restoration) in flight waits for and why, while it waits for a
    /// coordinator to be ready (`LinkFlight.waitDescription`): for the test kit's messages.
    package var waitingLink: String? {
        (context.linkInFlight as? LinkFlight)?.waitDescription
    }
}

extension DeepLink {
    /// The link `parser` makes of `url`; `malformedURL` if it throws.
    static func parsing(_ url: String, with parser: some DeepLinkParser) throws(DeepLinkError) -> DeepLink {
        do {
            return try parser.link(for: url)
        } catch {
            throw DeepLinkError(
                .malformedURL,
                "\(type(of: parser)) could not make a link of \"\(DeepLinkError.excerpt(url))\": "
                    + "\(DeepLinkError.excerpt(describing: error)). Nothing changed.",
                underlying: error)
        }
    }
}
