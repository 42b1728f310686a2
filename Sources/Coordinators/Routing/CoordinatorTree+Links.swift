extension CoordinatorTree {
    /// Opens `link` from the root: the root takes the first route, and each route leads to the
    /// coordinator that takes the next (see `DeepLink`). Returns once every step is done.
    ///
    /// Each step waits for the one before: a screen shown, a child started and set up (it
    /// awaits `flow.finished`, an answer or a child of its own). A route the coordinator shows
    /// already is gone back to (its routes above are removed); any other is shown. A step may
    /// await a sub-flow first (see `Routable.destination(for:)`). If no root runs yet, the
    /// link waits for one.
    ///
    /// One link is in flight per tree: opening another (here, from a coordinator, or a
    /// restoration) supersedes this one.
    ///
    /// Throws `DeepLinkError`: `unhandled` (also a `linkUnhandled` lifecycle event),
    /// `targetEnded`, `stepFailed`, `superseded`. The steps done before stay; the step it
    /// stopped at leaves nothing half-made.
    ///
    /// Cancellation: cancelling the calling task stops the link as superseding does — the
    /// step under way is torn down (a child it started is cancelled) — and throws
    /// `CancellationError`.
    public func open(_ link: DeepLink) async throws {
        let routes = link.routes
        try await LinkFlight.fly(in: context) { [context] in
            let root = try await context.runningRoot()
            guard let root = root as? any Coordinator else { return }
            try await LinkOpening.open(routes[...], from: root)
        }
    }

    /// Opens the link `parser` makes of `url`, as `open(_:)` does.
    ///
    /// Throws `DeepLinkError` `malformedURL` (with the parser's error as `underlying`) if the
    /// parser throws — before anything changes, and without superseding the link in flight.
    ///
    /// Cancellation: as `open(_:)`.
    public func open(url: String, using parser: some DeepLinkParser) async throws {
        try await open(DeepLink.parsing(url, with: parser))
    }
}

extension DeepLink {
    /// The link `parser` makes of `url`; `malformedURL` if it throws.
    static func parsing(_ url: String, with parser: some DeepLinkParser) throws(DeepLinkError) -> DeepLink {
        do {
            return try parser.link(for: url)
        } catch {
            throw DeepLinkError(
                .malformedURL, "\(type(of: parser)) could not make a link of \"\(url)\": \(error). Nothing changed.",
                underlying: error)
        }
    }
}
