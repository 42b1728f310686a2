/// Why a `FlowTest` failed: thrown by the kit's waits, actions and end-of-test checks, so
/// that Swift Testing and XCTest both report it as the test's failure.
///
/// The message says what was expected and what was there instead:
///
/// ```text
/// FlowTest: time limit of 5.0 seconds reached while waiting for LoginScreen to be presented on "navigation".
/// There: "navigation" shows [HomeScreen]
/// ```
public struct FlowTestFailure: Error, Sendable, CustomStringConvertible {
    /// What kind of failure it is. (A struct, not an enum, so that kinds can be added
    /// without breaking a `switch`.)
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The test ran past its time limit (`withFlowTest(timeLimit:)`).
        public static let timeLimit = Kind("timeLimit")
        /// The tree ended while the test waited for something that can no longer happen.
        public static let treeEnded = Kind("treeEnded")
        /// The lifecycle events differ from the ones expected.
        public static let unexpectedEvents = Kind("unexpectedEvents")
        /// A person's gesture changed nothing (a confirmation refused it).
        public static let gestureRefused = Kind("gestureRefused")
        /// A screen's action the test tapped threw an error that the test did not await
        /// (`Tap.value`).
        public static let actionFailed = Kind("actionFailed")
        /// The tree was still running when the time limit was reached after the test's
        /// body (`atEnd: .expectEnded`).
        public static let treeStillRunning = Kind("treeStillRunning")
        /// A presentation was still on screen after the tree ended.
        public static let screensLeft = Kind("screensLeft")
        /// A coordinator was not released after the tree ended.
        public static let leaked = Kind("leaked")
        /// The test asked for something that cannot be: the root read after the test, a tab
        /// title that no tab has.
        public static let misuse = Kind("misuse")

        /// The kind's name: `leaked`.
        public var description: String { name }
    }

    /// What kind of failure it is; the first found, if the end-of-test checks found several.
    public var kind: Kind { kinds[0] }
    /// Every kind of failure found, in the order of the message's lines.
    public let kinds: [Kind]
    /// What was expected and what was there instead.
    public let message: String

    init(_ kind: Kind, _ message: String) {
        self.kinds = [kind]
        self.message = message
    }

    /// Several failures found at once (the end-of-test checks report everything they find).
    init(combining failures: [FlowTestFailure]) {
        kinds = failures.flatMap(\.kinds)
        message = failures.map(\.message).joined(separator: "\n")
    }

    private init(kinds: [Kind], message: String) {
        self.kinds = kinds
        self.message = message
    }

    /// The same failure, with `line` added to its message.
    func adding(_ line: String) -> FlowTestFailure {
        FlowTestFailure(kinds: kinds, message: message + "\n" + line)
    }

    /// `FlowTest: ` and the message.
    public var description: String { "FlowTest: \(message)" }
}
