import Coordinators

// The cinema's ticket office: how its screens are shown. The seat map is a sheet that opens
// at medium height and a person may drag up; the questions are an alert and a confirmation
// dialog, values whose buttons answer; the receipt appears without animation.

/// The seat map, shown as a sheet; it lays the hall out for the height it rests at.
struct SeatMapScreen: Screen {
    let movie: String
    let router: Router<Never, TicketsCoordinator.ScreenAction>
    var screenName: String { "SeatMapScreen(\(movie))" }
}

/// What a booking came to.
struct ReceiptScreen: Screen {
    let tickets: Int
    var screenName: String { "ReceiptScreen(\(tickets) tickets)" }
}

actor TicketsCoordinator: Coordinator {
    /// The seat map's buttons.
    enum ScreenAction: Sendable {
        case buy
        case deleteBooking
    }

    let flow = Flow<Void>()
    let movie: String
    let modal: ModalPresenter
    private var seatMap: Presentation?
    private(set) var booked = 0
    /// What the last question the seat map asked was answered: tickets, or whether to delete.
    private(set) var lastAnswer: String?

    init(movie: String, modal: ModalPresenter) {
        self.movie = movie
        self.modal = modal
    }

    /// Shows the seat map as a sheet at medium height, with a grabber to pull it up, and
    /// runs until the person closes it.
    func start() async throws {
        seatMap = try await flow.present(
            SeatMapScreen(movie: movie, router: router), on: modal,
            options: PresentationOptions(style: .sheet, detents: SheetDetents([.medium, .large], showsGrabber: true)))
        try await flow.finished
    }

    /// How the seat map lays the hall out: the height the sheet rests at now, which a
    /// person changes by dragging it.
    func seatMapLayout() -> String {
        switch seatMap?.selectedDetent {
        case .large?: "the sheet rests at large: the whole hall, 12 rows"
        case let detent?: "the sheet rests at \(detent): the best 4 rows"
        case nil: "no seat map"
        }
    }

    func perform(_ action: ScreenAction) async throws {
        switch action {
        case .buy: lastAnswer = "\(try await buy())"
        case .deleteBooking: lastAnswer = "\(try await deleteBooking())"
        }
    }

    /// "Buy": an alert asks how many tickets. Tapping outside it answers its cancel button's
    /// value, 0. A booking shows its receipt at once, without animation.
    private func buy() async throws -> Int {
        let tickets = try await flow.ask(
            Alert(
                title: "How many tickets?", message: movie,
                buttons: [AlertButton("One", value: 1), AlertButton("Two", value: 2), .cancel(value: 0)]),
            on: modal)
        if tickets > 0 {
            booked = tickets
            try await flow.present(ReceiptScreen(tickets: tickets), on: modal, role: .auxiliary, animated: false)
        }
        return tickets
    }

    /// "Delete booking": a confirmation dialog whose "Delete" is destructive. Returns whether
    /// the booking was deleted.
    private func deleteBooking() async throws -> Bool {
        let delete = try await flow.ask(
            ConfirmationDialog(
                title: "Delete your booking?", message: "\(booked) seats go back on sale.",
                buttons: [AlertButton("Delete", role: .destructive, value: true), .cancel(value: false)]),
            on: modal)
        if delete { booked = 0 }
        return delete
    }
}
