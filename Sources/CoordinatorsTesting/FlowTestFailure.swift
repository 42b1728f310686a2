/// Why a `FlowTest` failed: thrown by the kit's waits, actions and end-of-test checks, so
/// that Swift Testing and XCTest both report it as the test's failure.
///
/// The message says what was expected and what was there instead:
///
/// ```text
/// FlowTest: time limit of 5 seconds reached while waiting for LoginScreen to be visible on "navigation".
/// There: "navigation" shows [HomeScreen].
/// ```
public struct FlowTestFailure: Error, Sendable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Kind: Sendable, Hashable {
        /// The test ran past its time limit (`withFlowTest(timeLimit:)`).
        case timeLimit
        /// The tree ended while the test waited for something that can no longer happen.
        case treeEnded
        /// The lifecycle events differ from the ones expected.
        case unexpectedEvents
        /// A person's gesture changed nothing (a confirmation refused it, or there was
        /// nothing to remove).
        case gestureRefused
        /// A screen's action the test tapped threw an error that the test did not await
        /// (`Tap.value`).
        case actionFailed
        /// The tree was still running when the time limit was reached after the test's
        /// body (`atEnd: .expectEnded`).
        case treeStillRunning
        /// A presentation was still on screen after the tree ended.
        case screensLeft
        /// A coordinator was not released after the tree ended.
        case leaked
    }

    /// What kind of failure it is.
    public let kind: Kind
    /// What was expected and what was there instead.
    public let message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// `FlowTest: ` and the message.
    public var description: String { "FlowTest: \(message)" }
}

/// Several failures found at once (the end-of-test checks report everything they find).
extension FlowTestFailure {
    init(combining failures: [FlowTestFailure]) {
        self.init(failures[0].kind, failures.map(\.message).joined(separator: "\n"))
    }
}
