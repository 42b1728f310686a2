import Coordinators
import Testing

/// What a `DeepLinkError`'s message embeds of the outside world — a URL, a route's text, the
/// error a parser or a destination threw — is bounded and escaped: a 1 MB URL does not make
/// a 1 MB message, and control, bidi and other invisible characters show as escapes instead
/// of reaching a log as they are.
@Suite(.timeLimit(.minutes(1)))
struct DeepLinkErrorTextTests {
    /// A parser that knows no URL.
    struct Rejects: DeepLinkParser {
        struct Unknown: Error {}
        func link(for url: String) throws -> DeepLink { throw Unknown() }
    }

    /// A parser whose error repeats the URL, as `DeepLinkParser`'s example does.
    struct Echoes: DeepLinkParser {
        struct UnknownURL: Error { let url: String }
        func link(for url: String) throws -> DeepLink { throw UnknownURL(url: url) }
    }

    /// A coordinator whose routes are search queries, each of which fails with an error that
    /// repeats the query.
    actor Lookup: Routable {
        typealias Route = String
        struct NotFound: Error { let query: String }
        let flow = Flow<Void>()
        let navigation: NavigationPresenter
        init(navigation: NavigationPresenter) { self.navigation = navigation }

        func start() async throws {
            try await flow.present(TestScreen("search"), on: navigation)
            try await flow.finished
        }

        func destination(for route: String) throws -> Destination? { throw NotFound(query: route) }
    }

    /// The message of the error that opening `url` with `parser` throws.
    private func message(opening url: String, with parser: some DeepLinkParser = Rejects()) async -> String? {
        let error = await #expect(throws: DeepLinkError.self) {
            try await CoordinatorTree().open(url: url, using: parser)
        }
        #expect(error?.code == .malformedURL)
        return error?.message
    }

    /// Whether `scalar` would not show as itself in a log: a control, format (bidi,
    /// zero-width) or line or paragraph separator character.
    private func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    private static let megabyte = 1_048_576

    @Test func aMegabyteURLGivesAMessageOfItsFirstFiveHundredCharactersAndHowManyMoreThereAre() async {
        let url = String(repeating: "x", count: Self.megabyte)
        let message = await message(opening: url)
        let shown = String(repeating: "x", count: 500) + "… (1048076 more characters)"
        #expect(message == "Rejects could not make a link of \"\(shown)\": Unknown(). Nothing changed.")
    }

    @Test func aParserErrorThatRepeatsTheURLIsBoundedToo() async throws {
        let url = String(repeating: "x", count: Self.megabyte)
        let message = try #require(await message(opening: url, with: Echoes()))
        #expect(message.unicodeScalars.count < 1_200)
        #expect(message.hasPrefix("Echoes could not make a link of \"xxx"))
        #expect(message.hasSuffix("more characters). Nothing changed."))
    }

    @Test func theBoundIsFiveHundredCharactersAndNeverCutsAnEscapeInTwo() async {
        let fiveHundred = String(repeating: "a", count: 500)
        #expect(await message(opening: fiveHundred)?.contains("\"\(fiveHundred)\": Unknown()") == true)
        #expect(await message(opening: fiveHundred + "b")?.contains("\"\(fiveHundred)… (1 more character)\"") == true)
        // The escape `\u{202E}` (8 characters) does not fit after 499: it is left out whole.
        let fourNinetyNine = String(repeating: "a", count: 499)
        let cut = await message(opening: fourNinetyNine + "\u{202E}bcd")
        #expect(cut?.contains("\"\(fourNinetyNine)… (4 more characters)\"") == true)
    }

    @Test func controlCharactersInAURLShowAsEscapes() async throws {
        let url = "movies/1\nINFO a forged log line\u{1B}[2J\u{0}\r\t\u{7F}\u{85}"
        let message = try #require(await message(opening: url))
        #expect(message.contains(#""movies/1\nINFO a forged log line\u{1B}[2J\0\r\t\u{7F}\u{85}""#))
        #expect(!message.unicodeScalars.contains(where: isInvisible))
    }

    @Test func bidiOverridesAndOtherInvisibleCharactersInAURLShowAsEscapes() async throws {
        let url =
            "abc\u{202E}fed\u{202C}\u{202A}\u{202B}\u{202D}\u{2066}x\u{2067}y\u{2068}z\u{2069}"
            + "\u{200E}\u{200F}\u{61C}\u{200B}\u{FEFF}\u{2028}\u{2029}"
        let message = try #require(await message(opening: url))
        #expect(
            message.contains(
                #""abc\u{202E}fed\u{202C}\u{202A}\u{202B}\u{202D}\u{2066}x\u{2067}y\u{2068}z\u{2069}"#
                    + #"\u{200E}\u{200F}\u{61C}\u{200B}\u{FEFF}\u{2028}\u{2029}""#))
        #expect(!message.unicodeScalars.contains(where: isInvisible))
    }

    @Test func aBackslashInAURLIsEscapedSoThatAnEscapeCannotBeForged() async {
        let message = await message(opening: #"a\u{202E}b\"#)
        #expect(message?.contains(#""a\\u{202E}b\\""#) == true)
    }

    @Test func anUnhandledStepsRouteIsBoundedAndEscapedInTheMessageAndWholeInRoute() async throws {
        let tree = CoordinatorTree()
        let navigation = NavigationPresenter()
        let run = Task { try await tree.run(Branch("plain", on: navigation)) }
        try await navigation.waitUntil { $0.stack.count == 1 }
        let route = "\u{202E}" + String(repeating: "x", count: Self.megabyte)
        let error = await #expect(throws: DeepLinkError.self) { try await tree.open(DeepLink(route)) }
        #expect(error?.code == .unhandled)
        let message = try #require(error?.message)
        #expect(message.unicodeScalars.count < 1_000)
        #expect(message.hasPrefix(#"Step 0 (\u{202E}xxx"#))
        #expect(message.contains("… (1048084 more characters), a String) stopped at Branch #1"))
        #expect(!message.unicodeScalars.contains(where: isInvisible))
        #expect(error?.route == route)
        tree.cancel()
        _ = await run.result
    }

    @Test func aFailedStepsRouteAndErrorAreBoundedAndEscapedInTheMessage() async throws {
        let tree = CoordinatorTree()
        let navigation = NavigationPresenter()
        let run = Task { try await tree.run(Lookup(navigation: navigation)) }
        try await navigation.waitUntil { $0.stack.count == 1 }
        let route = String(repeating: "x", count: Self.megabyte) + "\u{2066}"
        let error = await #expect(throws: DeepLinkError.self) { try await tree.open(DeepLink(route)) }
        #expect(error?.code == .stepFailed)
        #expect((error?.underlying as? Lookup.NotFound)?.query == route)
        let message = try #require(error?.message)
        #expect(message.unicodeScalars.count < 1_500)
        #expect(message.hasPrefix("Step 0 (xxx"))
        #expect(message.contains("… (1048077 more characters)) failed at "))
        #expect(message.contains(": NotFound(query: \"xxx"))
        #expect(!message.unicodeScalars.contains(where: isInvisible))
        #expect(error?.route == route)
        tree.cancel()
        _ = await run.result
    }

    @Test func aLinkOpenedBeforeTheRunIsBoundedAndEscapedInTheMessage() async throws {
        let huge = String(repeating: "x", count: 1_000_000) + "\u{202E}"
        let error = await #expect(throws: CoordinatorError.self) {
            try await Lookup(navigation: NavigationPresenter()).open(DeepLink(huge))
        }
        #expect(error?.code == .notRunning)
        #expect((error?.message.unicodeScalars.count ?? .max) < 1_000)
        #expect(error?.message.contains("more characters)") == true)
    }
}
