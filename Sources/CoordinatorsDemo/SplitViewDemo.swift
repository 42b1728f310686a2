import Coordinators

/// A split view collapsing and expanding: a mail app's message stays where it is while the
/// window narrows and widens, a link lands on top of the collapsed stack, and a person's
/// swipe back from the message shows the mailboxes and ends the message's flow.
enum SplitViewDemo {
    static func run() async throws {
        print("\n== Split views: a mail app collapsing into one stack and expanding again ==")
        let split = SplitPresenter(name: "mail")
        let tree = CoordinatorTree()
        var person = SimulatedPerson(
            navigation: try split.presenter(forColumn: .primary), modal: ModalPresenter(), tree: tree)
        let mail = MailCoordinator(split: split)
        async let outcome = tree.runForOutcome(mail)
        try await person.readMail(with: mail, on: split)
        tree.cancel()
        print("  → the root ended: \(await outcome); \(columns(of: split.state))")
    }

    /// `primary ["MailboxesScreen"] │ detail ["MessageScreen(1)"]`: each column's stack.
    static func columns(of state: SplitPresenter.State) -> String {
        state.columns.map { "\($0.column) \($0.stack.map(\.screen.screenName))" }.joined(separator: " │ ")
    }
}

extension SimulatedPerson {
    /// Opens a message in a wide window, narrows it, follows a link, widens it, narrows it
    /// again and swipes back from the message.
    mutating func readMail(with mail: MailCoordinator, on split: SplitPresenter) async throws {
        step("The mail app starts in a wide window (regular width): its mailboxes in the primary column")
        await printEvents { $0.kind.presents("MailboxesScreen") }

        step("Tap message 1: its flow shows it in the detail column, beside the mailboxes")
        let primary = try split.presenter(forColumn: .primary)
        guard let mailboxes = primary.state.top?.screen as? MailboxesScreen else {
            throw DemoError.unexpectedScreen(primary.state.top)
        }
        try await mailboxes.router.go(.forward(to: .message(id: 1))).value
        await printEvents { $0.kind.presents("MessageScreen(1)") }
        print("  → \(SplitViewDemo.columns(of: split.state))")

        step("The window narrows (compact width): the columns collapse into one stack")
        split.setHorizontalSizeClass(.compact)
        print("  → collapsed stack: \(collapsed(split.state))")

        step("A link to message 2 arrives while collapsed: its flow shows it on top")
        try await tree.open(DeepLink(MailRoute.mailboxes, MailRoute.message(id: 2)))
        await printEvents { $0.kind.presents("MessageScreen(2)") }
        print("  → collapsed stack: \(collapsed(split.state))")
        print("  → routes: \(routes())")

        step("The window widens (regular width): each column shows what it holds")
        split.setHorizontalSizeClass(.regular)
        print("  → \(SplitViewDemo.columns(of: split.state))")

        step("The window narrows again; swipe back from the message: the mailboxes show, its flow ends")
        split.setHorizontalSizeClass(.compact)
        let wentBack = try await split.userPop()
        await printEvents { $0.coordinatorType == "MessageCoordinator" && $0.kind.isEnd }
        print("  → went back: \(wentBack); collapsed stack: \(collapsed(split.state))")
        print("  → routes: \(routes())")
    }

    /// `["MailboxesScreen", "MessageScreen(1)"], MessageScreen(1) on top; all still presented`:
    /// the one stack the columns collapse into, and whether its screens are all on screen still.
    private func collapsed(_ state: SplitPresenter.State) -> String {
        let stack = state.collapsedStack
        return "\(stack.map(\.screen.screenName)), \(state.top?.screen.screenName ?? "nothing") on top; "
            + (stack.allSatisfy(\.isPresented) ? "all still presented" : "some dismissed")
    }

    /// `mailboxes → message(id: 2)`: the mail coordinator's routes.
    private func routes() -> String {
        tree.snapshot().root?.routes.joined(separator: " → ") ?? "none"
    }
}
