import Coordinators
import CoordinatorsTesting
import Testing

/// `SplitPresenter`: columns that are navigation stacks, collapsed into one stack in compact
/// width and side by side in regular width; a person's back gesture on it; routes, links and
/// restoration across a collapse.
@Suite(.timeLimit(.minutes(1)))
struct SplitPresenterTests {
    /// A mail app: shows the mailboxes as the root of the primary column, then shows each
    /// column's content as a child flow of its own when told (as a tap would).
    actor Mail: Coordinator {
        let flow = Flow<String>()
        let split: SplitPresenter
        init(split: SplitPresenter) { self.split = split }

        func start() async throws -> String {
            try await flow.present(TestScreen("mailboxes"), on: split.presenter(forColumn: .primary))
            return try await flow.finished
        }

        /// Starts a flow that shows `name` as its main screen in `column`.
        func show(_ name: String, in column: SplitPresenter.Column) throws -> ChildFlow<String> {
            try flow.start(Branch(name, on: split.presenter(forColumn: column)))
        }

        func done() throws { try flow.finish(with: "done") }
    }

    /// The same app with routes: a message is a child flow in the detail column.
    actor MailRoutes: Routable {
        enum Route: Hashable, Sendable, Codable {
            case mailboxes
            case message(Int)
        }
        let flow = Flow<Void>()
        let split: SplitPresenter
        init(split: SplitPresenter) { self.split = split }

        func start() async throws {
            try await go(.forward(to: .mailboxes))
            try await flow.finished
        }

        func destination(for route: Route) throws -> Destination? {
            switch route {
            case .mailboxes: .screen(TestScreen("mailboxes"), on: try split.presenter(forColumn: .primary))
            case .message(let id): .child(Branch("message \(id)", on: try split.presenter(forColumn: .detail)))
            }
        }
    }

    /// Shows `names` on `split`'s columns, one flow each, and waits until they are presented.
    private func show(
        _ names: [(String, SplitPresenter.Column)], on split: SplitPresenter, in test: FlowTest<Mail>
    ) async throws -> [ChildFlow<String>] {
        var children: [ChildFlow<String>] = []
        for (name, column) in names {
            children.append(try await test.root.show(name, in: column))
            _ = try await test.presentation(of: TestScreen.self, on: split, where: { $0.name == name })
        }
        try await split.waitUntil { $0.collapsedStack.allSatisfy(\.isPresented) }
        return children
    }

    private func names(_ stack: [Presentation]) -> [String] { stack.map(\.screen.screenName) }

    // MARK: Columns and state

    @Test func aSplitHasTwoOrThreeColumnsEachANavigationStackOfItsOwn() throws {
        let double = SplitPresenter(name: "mail")
        #expect(double.columns == [.primary, .detail])
        #expect(double.state.columns.map(\.column) == [.primary, .detail])
        #expect(double.state.horizontalSizeClass == .regular)
        #expect(!double.state.isCollapsed)
        #expect(try double.presenter(forColumn: .detail).name == "mail.detail")
        #expect(try double.presenter(forColumn: .primary) !== double.presenter(forColumn: .detail))

        let triple = SplitPresenter(style: .tripleColumn, horizontalSizeClass: .compact)
        #expect(triple.columns == [.primary, .supplementary, .detail])
        #expect(triple.state.isCollapsed)
        #expect(try triple.presenter(forColumn: .supplementary) === triple.presenter(forColumn: .supplementary))
        #expect(triple.state.collapsedStack.isEmpty && triple.state.top == nil)
    }

    @Test func askingATwoColumnSplitForItsSupplementaryColumnThrowsNoSuchColumn() {
        let split = SplitPresenter(name: "mail")
        let error = #expect(throws: CoordinatorError.self) { try split.presenter(forColumn: .supplementary) }
        #expect(error?.code == .noSuchColumn)
        #expect(error?.message.contains("mail has no supplementary column") == true)
        #expect(error?.message.contains(".tripleColumn") == true)
    }

    @Test func aColumnsChangeIsAChangeOfTheSplit() async throws {
        let split = SplitPresenter()
        try await withFlowTest(of: Mail(split: split), atEnd: .cancelTree) { test in
            _ = try await test.presentation(of: TestScreen.self, on: split)
            let revision = split.state.revision
            _ = try await test.root.show("message", in: .detail)
            try await split.waitUntil { $0.stack(of: .detail).count == 1 }
            #expect(split.state.revision > revision)
            #expect(self.names(split.state.stack(of: .primary)) == ["mailboxes"])
        }
    }

    // MARK: Collapsing and expanding

    @Test func collapsingAndExpandingKeepEveryPresentationAndStackTheColumnsInOrder() async throws {
        let split = SplitPresenter(style: .tripleColumn)
        try await withFlowTest(of: Mail(split: split), atEnd: .cancelTree) { test in
            // Shown in another order than the columns': the collapsed stack is in column order.
            _ = try await self.show(
                [("message", .detail), ("inbox", .supplementary), ("thread", .detail)], on: split, in: test)
            let before = split.state
            #expect(self.names(before.stack(of: .detail)) == ["message", "thread"])

            split.setHorizontalSizeClass(.compact)
            let collapsed = split.state
            #expect(collapsed.isCollapsed)
            #expect(collapsed.revision == before.revision + 1, "one change of the split")
            #expect(self.names(collapsed.collapsedStack) == ["mailboxes", "inbox", "message", "thread"])
            #expect(collapsed.columns == before.columns, "the columns hold what they held")
            #expect(collapsed.collapsedStack.allSatisfy { $0.isPresented && $0.dismissalReason == nil })

            split.setHorizontalSizeClass(.compact)
            #expect(split.state.revision == collapsed.revision, "the same size class is no change")

            split.setHorizontalSizeClass(.regular)
            #expect(!split.state.isCollapsed)
            #expect(split.state.columns == before.columns)
            #expect(split.state.presentations.allSatisfy { $0.isPresented && $0.dismissalReason == nil })
        }
    }

    @Test func visiblePresentationsAreEachColumnsTopExpandedAndTheTopOfTheStackCollapsed() async throws {
        let split = SplitPresenter(style: .tripleColumn)
        try await withFlowTest(of: Mail(split: split), atEnd: .cancelTree) { test in
            _ = try await self.show([("inbox", .supplementary), ("message", .detail)], on: split, in: test)
            #expect(self.names(split.state.visiblePresentations) == ["mailboxes", "inbox", "message"])
            #expect(split.state.top?.screen.screenName == "message")

            split.setHorizontalSizeClass(.compact)
            #expect(self.names(split.state.visiblePresentations) == ["message"])
            #expect(self.names(split.state.presentations) == ["mailboxes", "inbox", "message"])
        }
    }

    @Test func aSplitCreatedCompactShowsOnlyTheTopOfTheStack() async throws {
        let split = SplitPresenter(horizontalSizeClass: .compact)
        try await withFlowTest(of: Mail(split: split), atEnd: .cancelTree) { test in
            _ = try await self.show([("message", .detail)], on: split, in: test)
            #expect(self.names(split.state.visiblePresentations) == ["message"])
            split.setHorizontalSizeClass(.regular)
            #expect(self.names(split.state.visiblePresentations) == ["mailboxes", "message"])
        }
    }

    // MARK: A person's back gesture

    @Test func goingBackFromACollapsedDetailShowsThePrimaryAndEndsTheDetailsFlow() async throws {
        let split = SplitPresenter()
        try await withFlowTest(of: Mail(split: split), atEnd: .cancelTree) { test in
            let detail = try await self.show([("message", .detail)], on: split, in: test)[0]
            split.setHorizontalSizeClass(.compact)

            try await test.swipeBack(on: split)
            #expect(await detail.outcome.isDismissedByUser)
            #expect(self.names(split.state.collapsedStack) == ["mailboxes"])
            #expect(split.state.stack(of: .detail).isEmpty)
            #expect(self.names(split.state.visiblePresentations) == ["mailboxes"])
        }
    }

    @Test func goingBackWhileCollapsedPopsTheTopOfTheDetailsStackFirst() async throws {
        let split = SplitPresenter(horizontalSizeClass: .compact)
        try await withFlowTest(of: Mail(split: split), atEnd: .cancelTree) { test in
            let detail = try await self.show([("message", .detail), ("reply", .detail)], on: split, in: test)
            try await test.swipeBack(on: split)
            #expect(await detail[1].outcome.isDismissedByUser)
            #expect(self.names(split.state.collapsedStack) == ["mailboxes", "message"])
            #expect(try test.root.flow.state == .running)
        }
    }

    @Test func thePrimarysRootCannotBePoppedWhileCollapsed() async throws {
        let split = SplitPresenter(horizontalSizeClass: .compact)
        try await withFlowTest(of: Mail(split: split), atEnd: .cancelTree) { test in
            let root = try await test.presentation(of: TestScreen.self, on: split)
            let revision = split.state.revision
            let error = await #expect(throws: CoordinatorError.self) { try await split.userPop() }
            #expect(error?.code == .nothingToPop)
            #expect(error?.message.contains("the primary's root") == true)
            #expect(throws: CoordinatorError.self) { try split.beginUserPop() }
            #expect(root.isPresented && split.state.revision == revision)
        }
    }

    @Test func expandedTheBackGesturePopsTheDetailColumnAndKeepsItsRoot() async throws {
        let split = SplitPresenter()
        try await withFlowTest(of: Mail(split: split), atEnd: .cancelTree) { test in
            let detail = try await self.show([("message", .detail), ("reply", .detail)], on: split, in: test)
            try await test.swipeBack(on: split)
            #expect(await detail[1].outcome.isDismissedByUser)
            #expect(self.names(split.state.stack(of: .detail)) == ["message"])

            let error = await #expect(throws: CoordinatorError.self) { try await split.userPop() }
            #expect(error?.code == .nothingToPop, "side by side, the detail column keeps its root")
            #expect(self.names(split.state.collapsedStack) == ["mailboxes", "message"])
        }
    }

    @Test func aConfirmationThatRefusesTheBackGestureChangesNothing() async throws {
        let split = SplitPresenter(horizontalSizeClass: .compact)
        try await withFlowTest(of: Mail(split: split), atEnd: .cancelTree) { test in
            let detail = try await self.show([("message", .detail)], on: split, in: test)[0]
            let message = try #require(split.state.top)
            let asked = Mutex(0)
            message.setUserDismissalConfirmation {
                asked.withLock { $0 += 1 }
                return false
            }
            let revision = split.state.revision
            #expect(try await !split.userPop())
            #expect(asked.withLock { $0 } == 1)
            #expect(split.state.revision == revision)
            #expect(message.isPresented && split.state.top == message)

            message.setUserDismissalConfirmation { true }
            #expect(try await split.userPop())
            #expect(await detail.outcome.isDismissedByUser)
        }
    }

    @Test func aSwipeBackInProgressIsInTheSplitsStateAndCancellingItChangesNothing() async throws {
        let split = SplitPresenter(horizontalSizeClass: .compact)
        try await withFlowTest(of: Mail(split: split), atEnd: .cancelTree) { test in
            let detail = try await self.show([("message", .detail)], on: split, in: test)[0]
            let message = try #require(split.state.top)
            let swipe = try split.beginUserPop()
            #expect(swipe.presentations == [message])
            #expect(split.state.gestureInProgress == [message])
            #expect(split.state.columns.last?.gestureInProgress == [message])
            let error = await #expect(throws: CoordinatorError.self) { try await split.userPop() }
            #expect(error?.code == .gestureInProgress)

            try swipe.cancel()
            #expect(split.state.gestureInProgress.isEmpty)
            #expect(message.isPresented)

            // Begun collapsed, completed after the split expanded: the person's swipe lands.
            let second = try split.beginUserPop()
            split.setHorizontalSizeClass(.regular)
            #expect(try await second.complete())
            #expect(await detail.outcome.isDismissedByUser)
            #expect(split.state.stack(of: .detail).isEmpty)
        }
    }

    @Test func aColumnsOwnBackButtonStillPopsWithinTheColumn() async throws {
        let split = SplitPresenter(horizontalSizeClass: .compact)
        try await withFlowTest(of: Mail(split: split), atEnd: .cancelTree) { test in
            _ = try await self.show([("message", .detail)], on: split, in: test)
            let error = await #expect(throws: CoordinatorError.self) {
                try await split.presenter(forColumn: .detail).userPop()
            }
            #expect(error?.code == .nothingToPop, "the detail's own bar has no back button on its root")
            #expect(self.names(split.state.collapsedStack) == ["mailboxes", "message"])
        }
    }

    // MARK: Routes, links and restoration across a collapse

    @Test func aLinkArrivingWhileCollapsedShowsItsDetailOnTopAndInTheDetailColumnOnceExpanded() async throws {
        let split = SplitPresenter()
        try await withFlowTest(of: MailRoutes(split: split), atEnd: .cancelTree) { test in
            try await test.tree.open(DeepLink(MailRoutes.Route.mailboxes, MailRoutes.Route.message(1)))
            let first = try await test.presentation(of: TestScreen.self, on: split, where: { $0.name == "message 1" })
            #expect(self.names(split.state.stack(of: .detail)) == ["message 1"])

            split.setHorizontalSizeClass(.compact)
            #expect(split.state.top == first, "a detail shown while expanded is on top of the collapsed stack")

            try await test.tree.open(DeepLink(MailRoutes.Route.mailboxes, MailRoutes.Route.message(2)))
            _ = try await test.presentation(of: TestScreen.self, on: split, where: { $0.name == "message 2" })
            #expect(split.state.isCollapsed)
            #expect(self.names(split.state.collapsedStack) == ["mailboxes", "message 2"])
            #expect(self.names(split.state.visiblePresentations) == ["message 2"])
            #expect(first.dismissalReason == .tornDown, "the link's move ended the first message's flow")
            #expect(try test.root.routes == [.mailboxes, .message(2)])

            split.setHorizontalSizeClass(.regular)
            #expect(self.names(split.state.stack(of: .detail)) == ["message 2"])
            #expect(self.names(split.state.visiblePresentations) == ["mailboxes", "message 2"])

            // Back, collapsed: the primary shows, and the route is gone with its screen.
            split.setHorizontalSizeClass(.compact)
            try await test.swipeBack(on: split)
            #expect(self.names(split.state.collapsedStack) == ["mailboxes"])
            // The swipe recorded the end of the message's flow as it dismissed its screen.
            #expect(try test.root.routes == [.mailboxes])
        }
    }

    @Test func aSavedStateRestoresIntoACollapsedSplit() async throws {
        let expanded = SplitPresenter()
        let saved = try await withFlowTest(of: MailRoutes(split: expanded), atEnd: .cancelTree) { test in
            try await test.tree.open(DeepLink(MailRoutes.Route.mailboxes, MailRoutes.Route.message(7)))
            _ = try await test.presentation(of: TestScreen.self, on: expanded, where: { $0.name == "message 7" })
            return try #require(test.tree.navigationState())
        }

        let collapsed = SplitPresenter(horizontalSizeClass: .compact)
        try await withFlowTest(of: MailRoutes(split: collapsed), atEnd: .cancelTree) { test in
            _ = try await test.presentation(of: TestScreen.self, on: collapsed, where: { $0.name == "mailboxes" })
            let report = try await test.tree.restore(saved)
            #expect(report.isComplete)
            _ = try await test.presentation(of: TestScreen.self, on: collapsed, where: { $0.name == "message 7" })
            #expect(self.names(collapsed.state.collapsedStack) == ["mailboxes", "message 7"])
            #expect(self.names(collapsed.state.visiblePresentations) == ["message 7"])
            collapsed.setHorizontalSizeClass(.regular)
            #expect(self.names(collapsed.state.stack(of: .detail)) == ["message 7"])
            #expect(test.tree.navigationState() == saved)
        }
    }
}
