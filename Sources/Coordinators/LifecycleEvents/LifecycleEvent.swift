/// Something that happened to a coordinator of a `CoordinatorTree`.
public struct LifecycleEvent: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// The coordinator began to run.
        case started
        /// One of its presentations is on screen.
        case presented(PresentationInfo)
        /// A person moved one of its sheets to this detent (`Presentation.reportDetentChange(_:)`).
        case detentChanged(PresentationInfo, SheetDetents.Detent)
        /// One of its presentations left the screen, for this reason.
        case dismissed(PresentationInfo, DismissalReason)
        /// It ended with an output; its subtree and screens are gone.
        case finished
        /// It ended with an error (described here); its subtree and screens are gone.
        case failed(String)
        /// It was cancelled; its subtree and screens are gone.
        case cancelled
        /// Its main presentation left the screen (for this reason), which ended it; its
        /// subtree and screens are gone.
        case endedByDismissal(DismissalReason)
        /// A deep link stopped at this coordinator: it has no route for the link's step at
        /// index `step` (0 for the first), described by `route`. The link's caller gets a
        /// `DeepLinkError` with code `unhandled`.
        case linkUnhandled(step: Int, route: String)
        /// This coordinator sent a flow event (of the type named here) that no ancestor
        /// handled: none that was running had a handler for its type. Its `send` returns a
        /// receipt whose `isHandled` is `false`.
        case flowEventUnhandled(String)
        /// A deep link or a restoration reached this coordinator while it holds its routes
        /// (`flow.holdingRoutes`): it waits until the coordinator is ready.
        case linkHeld
        /// A deep link or a restoration reached this coordinator before it was set up: it has
        /// not waited on the runtime yet (`flow.finished`, an answer, a child, a guarded body),
        /// so its `start()` may still be showing its first screens. The link waits until it does.
        case linkAwaitingSetUp
        /// A request one of its screens sent through its `Router` (described by `request`,
        /// such as `go(.forward(to: detail))`) failed with `error` (described): what the
        /// request's `value` throws, reported here too, so that a request nobody awaits does
        /// not fail silently. A request sent once the coordinator no longer runs fails in its
        /// request only: the coordinator's end event is its last.
        case screenRequestFailed(request: String, error: String)
        /// A guard of this coordinator's flow (`flow.guarding`) refused the move described
        /// here, which would have ended it — or, `timedOut`, did not answer within its timeout,
        /// which refuses too. The move changed nothing; its caller gets a `flowGuarded` error.
        case interruptionRefused(move: String, timedOut: Bool)

        /// Whether this event is the coordinator's last.
        public var isEnd: Bool {
            switch self {
            case .started, .presented, .detentChanged, .dismissed, .linkUnhandled, .flowEventUnhandled: false
            case .linkHeld, .linkAwaitingSetUp, .screenRequestFailed, .interruptionRefused: false
            case .finished, .failed, .cancelled, .endedByDismissal: true
            }
        }
    }

    /// What happened.
    public let kind: Kind
    /// The coordinator it happened to.
    public let coordinator: CoordinatorID
    /// That coordinator's type name.
    public let coordinatorType: String
    /// Its parent, or `nil` for the root.
    public let parent: CoordinatorID?

    /// `LoginCoordinator #3 presented p4 LoginScreen (main) on ModalPresenter`, and so on.
    public var description: String {
        let subject = "\(coordinatorType) \(coordinator)"
        switch kind {
        case .started: return "\(subject) started"
        case .presented(let info): return "\(subject) presented \(info)"
        case .detentChanged(let info, let detent): return "\(subject) moved \(info) to detent \(detent)"
        case .dismissed(let info, let reason): return "\(subject) dismissed \(info) (\(reason))"
        case .finished: return "\(subject) finished"
        case .failed(let error): return "\(subject) failed: \(error)"
        case .cancelled: return "\(subject) cancelled"
        case .endedByDismissal(let reason): return "\(subject) ended: main screen dismissed (\(reason))"
        case .linkUnhandled(let step, let route): return "\(subject) has no route for link step \(step) (\(route))"
        case .flowEventUnhandled(let eventType): return "\(subject) sent \(eventType), which no ancestor handles"
        case .linkHeld: return "\(subject) holds a link until it is ready"
        case .linkAwaitingSetUp: return "\(subject) keeps a link waiting until it is set up"
        case .screenRequestFailed(let request, let error):
            return "\(subject) was asked by a screen for \(request), which failed: \(error)"
        case .interruptionRefused(let move, let timedOut):
            let answer = timedOut ? "its guard did not answer in time, which refuses" : "its guard refused"
            return "\(subject) was not interrupted (\(answer)): \(move)"
        }
    }
}
