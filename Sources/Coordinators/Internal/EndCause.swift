/// Why a flow ends, before it is typed into a `FlowOutcome`. The first cause recorded wins.
enum EndCause: Sendable {
    case finished(any Sendable)
    case failed(any Error)
    case cancelled
    case dismissed(DismissalReason)
}

extension FlowOutcome {
    /// Types an end cause recorded by the flow of a coordinator whose output is `Output`.
    init(_ cause: EndCause) {
        switch cause {
        case .finished(let value):
            // Only `Flow<Output>` records `.finished`, always with an `Output`.
            guard let output = value as? Output else {
                preconditionFailure("a Flow<\(Output.self)> finished with a \(type(of: value))")
            }
            self = .finished(output)
        case .failed(let error): self = .failed(error)
        case .cancelled: self = .cancelled
        case .dismissed(let reason): self = .dismissed(reason)
        }
    }
}
