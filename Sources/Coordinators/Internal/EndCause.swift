/// Why a flow ends, before it is typed into a `FlowOutcome`. The first cause recorded wins.
enum EndCause: Sendable {
    case finished(any Sendable)
    case failed(any Error)
    case cancelled
    case dismissed(DismissalReason)
}

extension LifecycleEvent.Kind {
    /// The end event of a flow that ended for `cause`. (The engine records an `EndCause`;
    /// its events are the public kinds, so no third enum mirrors them.) Built only when
    /// someone listens: the failure's description is made here.
    static func ended(_ cause: EndCause) -> Self {
        switch cause {
        case .finished: .finished
        case .failed(let error): .failed(String(describing: error))
        case .cancelled: .cancelled
        case .dismissed(let reason): .endedByDismissal(reason)
        }
    }
}

extension EndCause {
    /// How a flow whose `start()` threw `error` ends: `cancelled` for a `CancellationError`,
    /// `failed` otherwise. Never inlined: keeps the caller's async frame small
    /// (idleCoordinatorMemory).
    @inline(never)
    init(thrown error: any Error) {
        self = error is CancellationError ? .cancelled : .failed(error)
    }

    /// A few words for error messages: "finished", "failed: …", "cancelled", "dismissed byUser".
    var summary: String {
        switch self {
        case .finished: "finished"
        case .failed(let error): "failed: \(error)"
        case .cancelled: "cancelled"
        case .dismissed(let reason): "dismissed \(reason)"
        }
    }
}
