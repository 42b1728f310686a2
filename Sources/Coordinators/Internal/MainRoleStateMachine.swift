/// Which of a coordinator's presentations are main, and what a presentation's arrival or
/// departure means for its flow: a presentation recorded, failed, or gone from the screen.
///
/// Pure and synchronous: events in, decisions out. `Node` keeps it inside its lock, next to
/// the presentations it owns, and carries out what it decides. Each (state, event) pair is
/// unit tested. One byte, so that it sits in the lifecycle machine's tail padding
/// (idleCoordinatorMemory).
///
/// The role it is given is already resolved where a coordinator replaces its own main
/// presentation (`Flow+Presenting`, `Flow+Stack`: a new root takes the role over as `.main`).
///
/// ```text
///   no main ──recorded(.automatic / .main)──▶ has main ──failed (the only main)──▶ no main
///   has main: a main presentation gone from the screen, no other main left, the flow
///   running ──▶ the flow ends as dismissed
/// ```
struct MainRoleStateMachine {
    /// Whether a main presentation was made and did not fail. A main presentation leaving
    /// the screen does not give the role back: while another main one remains, or before the
    /// flow's end is recorded, a later `.automatic` presentation is auxiliary.
    private(set) var hasMain = false

    /// What a presentation gone from the screen means for the flow.
    enum Departure: Equatable {
        /// Nothing: it was auxiliary, another main presentation remains, or the flow is
        /// ending already.
        case nothing
        /// The flow ends, as dismissed: its last main presentation left.
        case endsFlow
    }

    /// A presentation with `role` is being made: returns whether it is main. `.automatic`
    /// is main for the coordinator's first presentation only.
    mutating func recorded(_ role: PresentationRole) -> Bool {
        let isMain =
            switch role {
            case .automatic: !hasMain
            case .main: true
            case .auxiliary: false
            }
        hasMain = hasMain || isMain
        return isMain
    }

    /// A presentation was never shown (its presenter threw, or its batch failed), and was
    /// forgotten. If it was the only main one (`mainRemains`: another main presentation is
    /// still recorded), the role is given back: the next `.automatic` presentation is main.
    mutating func failed(wasMain: Bool, mainRemains: Bool) {
        if wasMain && !mainRemains { hasMain = false }
    }

    /// A shown presentation left the screen, and was forgotten. The decision does not
    /// depend on the role's state, which a departure leaves as it is (see `hasMain`).
    /// `mainRemains` is read only for a main one, while the flow runs.
    static func left(wasMain: Bool, flowRunning: Bool, mainRemains: @autoclosure () -> Bool) -> Departure {
        wasMain && flowRunning && !mainRemains() ? .endsFlow : .nothing
    }
}
