/// The host of a coordinator's jobs: the tasks that run for it in a task group it owns, as
/// opposed to its `start()`'s own task and that task's children. A job is handed over from
/// any task: a child started with `flow.start` (from `start()` too) or run from an actor
/// method a screen called, a flow event's handler, a child's own hosting loop. Its pure
/// state, kept in the node's locked state (`Node.Extras.host`); `Node+Host.swift` carries
/// its decisions out, and is the only place that hands a job over. Every member of the
/// group leaves it the same way, in turn (`depart`): a child as the last step of its
/// teardown, a child's loop when it returns.
///
/// It owns two things:
/// - the **mailbox** (`MailboxStateMachine`): the jobs handed over and not yet added to the
///   group, and whether the group's task (the hosting loop) has been asked for, runs, waits
///   for mail or has returned;
/// - the **members** (`HostedChildren`): the children and child loops in the group, in the
///   order they were added, and when each may leave it.
struct Host {
    typealias Mailbox = MailboxStateMachine<Job, UnsafeContinuation<Void, Never>>
    typealias Member = HostedChildren.Member

    /// One job. In a struct, because a generic container would keep a bare function
    /// re-abstracted, behind a thunk each way (childFlowRoundTripFromActorMethod).
    struct Job {
        let run: Node.Job
    }

    /// The jobs handed over and the loop that takes them.
    var mailbox = Mailbox()
    /// The children and child loops in the group, and when each may leave it.
    var members = HostedChildren()

    /// Hands over `run`, for `member` if it runs a child (or a child's loop); the flow runs
    /// (the node checked under the same lock). The member joins the group now, so that the
    /// group knows its members in the order their jobs will be added.
    mutating func handOver(_ run: @escaping Node.Job, for member: Member?) -> Mailbox.HandOver {
        if let member { members.append(member) }
        return mailbox.handOver(Job(run: run))
    }

    /// `member` has finished its work (a child's teardown, a loop's last job): it leaves now
    /// unless the flow is ending and too many older siblings are still in the group
    /// (`HostedChildren.depart`).
    mutating func depart(_ member: Member, parentEnding: Bool) -> HostedChildren.Departure {
        members.depart(member, parentEnding: parentEnding)
    }
}
