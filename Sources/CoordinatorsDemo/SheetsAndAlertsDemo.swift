import Coordinators

/// How a screen is shown: a sheet with detents that a person drags, an alert and a
/// confirmation dialog answered by their buttons, and a screen shown without animation.
enum SheetsAndAlertsDemo {
    static func run() async throws {
        print("\n== How a screen is shown: a sheet's detents, alerts, a confirmation, animation ==")
        let navigation = NavigationPresenter()
        let modal = ModalPresenter()
        let tree = CoordinatorTree()
        var person = SimulatedPerson(navigation: navigation, modal: modal, tree: tree)
        let tickets = TicketsCoordinator(movie: "Nosferatu", modal: modal)
        async let outcome = tree.runForOutcome(tickets)
        try await person.buyTickets(with: tickets)
        print("  → tickets: \(await outcome); modals: \(modal.state.screenNames)")
    }
}

extension SimulatedPerson {
    /// Opens the seat map, drags it up, answers the alerts and the confirmation with their
    /// buttons, then closes it with a swipe down.
    mutating func buyTickets(with tickets: TicketsCoordinator) async throws {
        step("Tap “Tickets”: the seat map opens as a sheet at medium height, its grabber showing")
        await printEvents { $0.kind.presents("SeatMapScreen(Nosferatu)") }
        print("  → options: \(modal.state.top?.options ?? .automatic)")
        print("  → \(await tickets.seatMapLayout())")
        let seatMap = try seatMapRouter()

        step("Drag the sheet up: the presenter reports the new detent, the coordinator reads it")
        try modal.userSelectDetent(.large)
        await printEvents { $0.kind.movesSheet }
        print("  → \(await tickets.seatMapLayout())")

        step("Tap “Buy”: an alert asks how many tickets; tap outside it")
        let declined = seatMap.perform(.buy)
        await printEvents { $0.kind.presents("Alert(How many tickets?)") }
        print("  → shown: \(try buttons(Int.self))")
        try await modal.userDismiss()
        await printEvents { $0.kind.dismisses("Alert(How many tickets?)") }
        try await declined.value
        print("  → tapped outside: answered \(await tickets.lastAnswer ?? "") (the cancel button's value)")

        step("Tap “Buy” again, and “Two”: the receipt follows at once, without animation")
        let bought = seatMap.perform(.buy)
        await printEvents { $0.kind.presents("Alert(How many tickets?)") }
        try tap("Two", answering: Int.self)
        await printEvents { $0.kind.presents("ReceiptScreen(2 tickets)") }
        try await bought.value
        print("  → answered \(await tickets.lastAnswer ?? "") tickets")
        print("  → \(animation(of: modal.state))")
        try await modal.userDismiss()
        await printEvents { $0.kind.dismisses("ReceiptScreen(2 tickets)") }
        print("  → swiped the receipt away: \(animation(of: modal.state))")

        step("Tap “Delete booking”: a confirmation dialog, its “Delete” destructive; tap it")
        let deleted = seatMap.perform(.deleteBooking)
        await printEvents { $0.kind.presents("ConfirmationDialog(Delete your booking?)") }
        print("  → shown: \(try buttons(Bool.self))")
        try tap("Delete", answering: Bool.self)
        await printEvents { $0.kind.dismisses("ConfirmationDialog(Delete your booking?)") }
        try await deleted.value
        print("  → deleted: \(await tickets.lastAnswer ?? ""); booked now: \(await tickets.booked)")

        step("Swipe the seat map down: the ticket flow ends, dismissed by the user")
        try await modal.userDismiss()
        await printEvents { $0.coordinatorType == "TicketsCoordinator" && $0.kind.isEnd }
    }

    /// The router of the seat map, at the bottom of the modal surface: what its buttons use.
    private func seatMapRouter() throws -> Router<Never, TicketsCoordinator.ScreenAction> {
        let first = modal.state.modals.first
        guard let seatMap = first?.screen as? SeatMapScreen else { throw DemoError.unexpectedScreen(first) }
        return seatMap.router
    }

    /// Taps the button titled `title` of the alert or dialog on top of the modal surface, as
    /// a UI presenter does when a person taps it: answers its presentation with the button's
    /// value.
    private func tap<Value: Sendable>(_ title: String, answering _: Value.Type) throws {
        let top = modal.state.top
        guard let top, let button = alertButtons(Value.self, of: top)?.first(where: { $0.title == title }) else {
            throw DemoError.unexpectedScreen(top)
        }
        try top.answer(button.value)
    }

    /// `“One”, “Two”, “Cancel” (cancel)`: the buttons of the alert or dialog on top of the
    /// modal surface, with their roles.
    private func buttons<Value: Sendable>(_: Value.Type) throws -> String {
        let top = modal.state.top
        guard let top, let buttons = alertButtons(Value.self, of: top) else { throw DemoError.unexpectedScreen(top) }
        return buttons.map { "“\($0.title)”" + ($0.role == .default ? "" : " (\($0.role))") }.joined(separator: ", ")
    }

    private func alertButtons<Value: Sendable>(_: Value.Type, of presentation: Presentation) -> [AlertButton<Value>]? {
        (presentation.screen as? Alert<Value>)?.buttons ?? (presentation.screen as? ConfirmationDialog<Value>)?.buttons
    }

    /// `6 changes, 5 animated; the last animated: false`: which of the modal surface's
    /// changes animated (its `AnimationRecord`).
    private func animation(of state: ModalPresenter.State) -> String {
        "\(state.revision) modal changes, \(state.animation.animatedChanges) animated; "
            + "the last animated: \(state.animation.lastChangeAnimated)"
    }
}
