import Coordinators

/// Runs the cinema app with a scripted person tapping through it, and prints what the
/// runtime does: lifecycle events, the tree, the stacks.
@main
struct Demo {
    static func main() async throws {
        let navigation = NavigationPresenter()
        let modal = ModalPresenter()
        let tree = CoordinatorTree()
        var person = SimulatedPerson(navigation: navigation, modal: modal, tree: tree)

        print("== swift-coordinators demo: a cinema app, driven by a scripted person ==")
        let app = try AppCoordinator(navigation: navigation, modal: modal)
        async let outcome = tree.runForOutcome(app)
        try await person.use(app)

        print("\nThe root ended: \(await outcome)")
        print("The tree now: \(tree.snapshot())")
        print("Navigation stack: \(navigation.state.screenNames), modals: \(modal.state.screenNames)")

        try await RoutingDemo.run()
        try await SessionDemo.run()
        try await SheetsAndAlertsDemo.run()
        try await SplitViewDemo.run()
        try await CheckoutDemo.run()
    }
}

/// Acts as a person would: waits until a screen is visible, then taps or swipes. It reads
/// the tree's lifecycle events as it goes, printing each, so the output is in the order
/// things happened.
struct SimulatedPerson {
    let navigation: NavigationPresenter
    let modal: ModalPresenter
    let tree: CoordinatorTree
    private var events: LifecycleEvents.Iterator

    init(navigation: NavigationPresenter, modal: ModalPresenter, tree: CoordinatorTree) {
        self.navigation = navigation
        self.modal = modal
        self.tree = tree
        events = tree.events().makeAsyncIterator()
    }

    mutating func use(_ app: AppCoordinator) async throws {
        step("The app starts on the home screen")
        await printEvents { $0.coordinatorType == "AppCoordinator" && $0.kind.isPresented }

        // Every tap goes through the screen's router: it returns at once, as a button's action
        // does, and the coordinator carries the requests out in order.
        let home = try screen(HomeScreen.self, on: navigation.state.top).router

        step("Tap “Sign in”: a modal sign-in flow asks for an email, then a password")
        let signingIn = home.perform(.signIn)
        await printEvents { $0.coordinatorType == "EmailStep" && $0.kind.isPresented }
        print("\n  The tree while signing in:\n\(indented(tree.snapshot().description))\n")
        try screen(EmailScreen.self, on: modal.state.top).router.perform(.submit("ada@example.com"))
        await printEvents { $0.coordinatorType == "PasswordStep" && $0.kind.isPresented }
        try screen(PasswordScreen.self, on: modal.state.top).router.perform(.submit)
        await printEvents { $0.coordinatorType == "SignInCoordinator" && $0.kind.isEnd }
        try await signingIn.value
        print("  → sign-in: \(await app.lastSignIn.map { "\($0)" } ?? "none")")

        step("Open a movie and rate it: the movie flow asks a question and awaits the answer")
        let watching = home.perform(.showMovie(id: 1))
        await printEvents { $0.coordinatorType == "MovieCoordinator" && $0.kind.isPresented }
        let movie = try screen(MovieScreen.self, on: navigation.state.top).router
        let rating = movie.perform(.rate)
        await printEvents { $0.kind.presents("RatingScreen") }
        try modal.state.top?.answer(5)
        await printEvents { $0.kind.dismisses("RatingScreen") }
        try await rating.value
        print("  → rated 5 stars: the request returned once the rating was in")

        step("Write a review, then swipe back: “Discard your review?” — no, then yes")
        try await movie.perform(.writeReview).value
        await printEvents { $0.kind.presents("ReviewScreen") }
        let navigation = self.navigation
        async let firstSwipe = navigation.userPop()
        await printEvents { $0.kind.presents("DiscardReviewScreen") }
        try modal.state.top?.answer(false)
        await printEvents { $0.kind.dismisses("DiscardReviewScreen") }
        print("  → the swipe popped the review: \(try await firstSwipe); stack: \(navigation.state.screenNames)")
        async let secondSwipe = navigation.userPop()
        await printEvents { $0.kind.presents("DiscardReviewScreen") }
        try modal.state.top?.answer(true)
        await printEvents { $0.kind.dismisses("ReviewScreen") }
        print("  → the swipe popped the review: \(try await secondSwipe); stack: \(navigation.state.screenNames)")

        step("Swipe back from the movie: its flow ends, dismissed by the user")
        try await navigation.userPop()
        await printEvents { $0.coordinatorType == "MovieCoordinator" && $0.kind.isEnd }
        try await watching.value
        print("  → movie: \(await app.lastMovie.map { "\($0)" } ?? "none")")

        step("Open another movie, then log out while it is shown: the whole tree is cancelled")
        let interrupted = home.perform(.showMovie(id: 7))
        await printEvents { $0.coordinatorType == "MovieCoordinator" && $0.kind.isPresented }
        print("\n  The tree as Mermaid:\n\(indented(tree.snapshot().mermaid))\n")
        tree.cancel()
        await printEvents { $0.coordinatorType == "AppCoordinator" && $0.kind.isEnd }
        _ = await interrupted.result
        print("  → movie: \(await app.lastMovie.map { "\($0)" } ?? "none")")
    }

    /// Prints events until one matches `last` (inclusive).
    mutating func printEvents(until last: (LifecycleEvent) -> Bool) async {
        while let event = await events.next() {
            print("  • \(event)")
            if last(event) { return }
        }
    }

    func step(_ text: String) { print("\n▶ \(text)") }

    private func indented(_ text: String) -> String {
        text.split(separator: "\n").map { "    \($0)" }.joined(separator: "\n")
    }

    private func screen<S: Screen>(_: S.Type, on presentation: Presentation?) throws -> S {
        guard let screen = presentation?.screen as? S else { throw DemoError.unexpectedScreen(presentation) }
        return screen
    }
}

enum DemoError: Error {
    case unexpectedScreen(Presentation?)
    case noNavigationState
}

extension LifecycleEvent.Kind {
    var isPresented: Bool {
        if case .presented = self { return true }
        return false
    }

    func presents(_ screen: String) -> Bool {
        if case .presented(let info) = self { return info.screen == screen }
        return false
    }

    func dismisses(_ screen: String) -> Bool {
        if case .dismissed(let info, _) = self { return info.screen == screen }
        return false
    }

    /// A person moved a sheet to another detent.
    var movesSheet: Bool {
        if case .detentChanged = self { return true }
        return false
    }
}
