extension Node {
    /// A lifecycle event as the runtime records it.
    enum EventKind {
        case started
        case presented(PresentationInfo)
        case dismissed(PresentationInfo, DismissalReason)
        case ended(EndCause)
        case linkUnhandled(step: Int, route: String)
        case flowEventUnhandled(String)

        var `public`: LifecycleEvent.Kind {
            switch self {
            case .started: .started
            case .presented(let info): .presented(info)
            case .dismissed(let info, let reason): .dismissed(info, reason)
            case .ended(.finished): .finished
            case .ended(.failed(let error)): .failed(String(describing: error))
            case .ended(.cancelled): .cancelled
            case .ended(.dismissed(let reason)): .endedByDismissal(reason)
            case .linkUnhandled(let step, let route): .linkUnhandled(step: step, route: route)
            case .flowEventUnhandled(let eventType): .flowEventUnhandled(eventType)
            }
        }
    }
}
