/// A misuse of the coordinator runtime, with a message that says what to change.
///
/// Every misuse the runtime can detect is reported with one of these errors instead of a
/// crash, a hang or silence. Compare `code` to tell them apart:
///
/// ```swift
/// do {
///     try flow.finish(with: value)
/// } catch let error as CoordinatorError where error.code == .alreadyFinished {
///     // ...
/// }
/// ```
///
/// It says where the misuse happened in your code: the runtime's public calls (`flow.present`,
/// `flow.run`, `tree.open`, …) take `file` and `line` parameters that default to the
/// caller's `#fileID` and `#line` — leave them out — and an error they throw carries the
/// location of the call nearest to the misuse, so `CoordinatorError.notOwner: … (at
/// Movies/MovieCoordinator.swift:42)` names the `flow.dismiss` in your `start()`, not the
/// `tree.run` the error then came out of.
public struct CoordinatorError: Error, CustomStringConvertible {
    /// What went wrong. New codes may be added in later versions.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case alreadyRun
            case alreadyFinished
            case notRunning
            case flowEnded
            case notOwner
            case alreadyDismissed
            case notInStack
            case nothingToPop
            case nothingToDismiss
            case treeBusy
            case notAsking
            case alreadyAnswered
            case wrongAnswerType
            case noSuchSlot
            case duplicateSlot
            case noSuchColumn
            case replacesOwnMain
            case gestureInProgress
            case gestureEnded
            case noRoute
            case routeNotShown
            case notInStart
            case childGroupEnded
            case noRacers
            case invalidOptions
            case unsupportedOptions
            case noSuchDetent
            case invalidAlert
            case notInForm
            case formNotRepeatable
            case awaitsOwnRequest
            case flowGuarded
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A coordinator instance (or its `Flow`) was run a second time.
        public static let alreadyRun = Code(.alreadyRun)
        /// `finish` was called on a flow that has already ended.
        public static let alreadyFinished = Code(.alreadyFinished)
        /// The flow was used before its coordinator was run.
        public static let notRunning = Code(.notRunning)
        /// The flow was asked to present or start a child after it ended.
        public static let flowEnded = Code(.flowEnded)
        /// A coordinator tried to dismiss a presentation another coordinator owns.
        public static let notOwner = Code(.notOwner)
        /// A presentation was dismissed after it had already left the screen.
        public static let alreadyDismissed = Code(.alreadyDismissed)
        /// A navigation stack was asked to pop to a presentation it does not hold, or to show
        /// in its new stack one it cannot (another stack's, one that left, one given twice).
        public static let notInStack = Code(.notInStack)
        /// A navigation stack was asked to pop with nothing to pop.
        public static let nothingToPop = Code(.nothingToPop)
        /// A modal presenter was asked to dismiss with nothing presented.
        public static let nothingToDismiss = Code(.nothingToDismiss)
        /// A `CoordinatorTree` was asked to run a root while another root is running.
        public static let treeBusy = Code(.treeBusy)
        /// A presentation was answered, but it was shown with `present`, not `ask`.
        public static let notAsking = Code(.notAsking)
        /// A presentation was answered a second time.
        public static let alreadyAnswered = Code(.alreadyAnswered)
        /// A presentation was answered with a value of another type than its screen's `Answer`.
        public static let wrongAnswerType = Code(.wrongAnswerType)
        /// A tab or a container's slot was asked for by an index or name it does not have.
        public static let noSuchSlot = Code(.noSuchSlot)
        /// A container was given two slots with the same name, or a tab bar two tabs with the
        /// same title.
        public static let duplicateSlot = Code(.duplicateSlot)
        /// A split presenter was asked for a column it does not have (the supplementary
        /// column of a two-column split).
        public static let noSuchColumn = Code(.noSuchColumn)
        /// An auxiliary presentation (or a question) would replace its coordinator's own
        /// main presentation (a window's root), which would end the coordinator.
        public static let replacesOwnMain = Code(.replacesOwnMain)
        /// A user gesture was begun while another one was still in progress.
        public static let gestureInProgress = Code(.gestureInProgress)
        /// A user gesture was completed or cancelled after it had already ended.
        public static let gestureEnded = Code(.gestureEnded)
        /// A coordinator navigated forward to a route its `destination(for:)` has no
        /// destination for.
        public static let noRoute = Code(.noRoute)
        /// A coordinator went back to a route it does not show.
        public static let routeNotShown = Code(.routeNotShown)
        /// A child group was opened, or a child started in one, from a task other than the
        /// one running its coordinator's `start()`.
        public static let notInStart = Code(.notInStart)
        /// A child was started in a child group after `withChildGroup` returned.
        public static let childGroupEnded = Code(.childGroupEnded)
        /// A race was given an empty list of racers.
        public static let noRacers = Code(.noRacers)
        /// Presentation options contradict themselves: detents for a style that has none, no
        /// detents, a selected detent not among them, a fraction or height out of range.
        public static let invalidOptions = Code(.invalidOptions)
        /// A presenter cannot show a screen as its options say (`Presenter.check(_:)`), so
        /// nothing was shown.
        public static let unsupportedOptions = Code(.unsupportedOptions)
        /// A sheet was moved to a detent its options do not list.
        public static let noSuchDetent = Code(.noSuchDetent)
        /// An alert or a confirmation dialog was asked with no buttons, or with more than one
        /// cancel button.
        public static let invalidAlert = Code(.invalidAlert)
        /// A form's steps were asked outside its body's run: after `Flow.form` returned or
        /// threw, or while another of its steps was waiting.
        public static let notInForm = Code(.notInForm)
        /// A form's body, run again after a step back, did not ask the steps it asked before:
        /// another screen at a step, or it returned before the step a person went back to.
        public static let formNotRepeatable = Code(.formNotRepeatable)

        /// A screen request of a coordinator (through its `Router`) awaited the outcome of
        /// another request of the same coordinator, still queued behind it: they run one at a
        /// time, so it would wait forever.
        public static let awaitsOwnRequest = Code(.awaitsOwnRequest)
        /// A move (`go(.back…)`) would have ended a flow whose guard (`flow.guarding`) refused
        /// it, or did not answer within its timeout; nothing moved. The message names the
        /// guarded coordinator and the move.
        public static let flowGuarded = Code(.flowGuarded)

        /// The code's name, such as `alreadyRun`.
        public var description: String { base.rawValue }
    }

    /// What went wrong.
    public let code: Code
    /// A sentence that says what happened and what to change.
    public let message: String
    /// Where the misuse happened: the file (`#fileID`) of the call in your code that the
    /// runtime refused — the call into this library nearest to the misuse, such as a
    /// `flow.present` in your `start()` rather than the `tree.run` the error then came out
    /// of — or, when no call of yours is to blame (a presenter's own method, say), the
    /// runtime's file that detected it.
    public private(set) var file: String
    /// The line in `file`.
    public private(set) var line: Int
    /// Whether `file` and `line` are those of a call in your code.
    public private(set) var isCallersLocation = false

    /// An error with `code` and `message`, located where it is made: for a presenter of your
    /// own that refuses what the runtime asks with the code its protocol names (`check(_:)`'s
    /// `unsupportedOptions`, a stack's `notInStack`), as the headless presenters do.
    public init(_ code: Code, _ message: String, file: String = #fileID, line: Int = #line) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
    }

    /// The error, located at the call `file`:`line` when that call is the user's (its
    /// module is not this library's nor its test kit's) and no call of the user's nearer to
    /// the misuse located it first.
    func located(at file: String, _ line: Int) -> CoordinatorError {
        guard !isCallersLocation, !Self.isOwnFile(file) else { return self }
        var located = self
        (located.file, located.line, located.isCallersLocation) = (file, line, true)
        return located
    }

    /// `error` located at the call `file`:`line` if it is a `CoordinatorError` (see
    /// `located(at:_:)`); any other error as it is.
    static func located(_ error: any Error, at file: String, _ line: Int) -> any Error {
        (error as? CoordinatorError)?.located(at: file, line) ?? error
    }

    /// Whether `fileID` (`Module/File.swift`) is in this library's module or its test kit's
    /// (the module's name followed by `Testing`), whose calls into the public API are not
    /// the user's.
    private static func isOwnFile(_ fileID: String) -> Bool {
        let module = fileID.prefix { $0 != "/" }
        return module == ownModule || module == ownModule + "Testing"
    }

    /// This library's module name, as `#fileID` spells it.
    private static let ownModule = String(#fileID.prefix { $0 != "/" })

    /// `CoordinatorError.<code>: <message> (at <file>:<line>)`, or `(detected at …)` when the
    /// location is the runtime's own.
    public var description: String {
        "CoordinatorError.\(code): \(message) (\(isCallersLocation ? "at" : "detected at") \(file):\(line))"
    }
}
