// Opening a link's routes from a coordinator down: at each coordinator, the steps it takes
// are one move (`Routable+Moves.swift`), planned by `RoutePlan`.

enum LinkOpening {
    /// Opens `routes` (steps `routes.startIndex...` of a link) from `coordinator` down: each
    /// coordinator takes the steps of its own routes up to the one that leads into a child,
    /// which takes the next. Returns the coordinator the last step led to. Throws
    /// `DeepLinkError` for a step that is unhandled, fails or finds its coordinator ended;
    /// `CancellationError` if the task is cancelled.
    @discardableResult
    static func open(
        _ routes: ArraySlice<any Hashable & Sendable>, from coordinator: any Coordinator
    ) async throws -> any Coordinator {
        var current = coordinator
        var step = routes.startIndex
        while step < routes.endIndex {
            let (taken, next) = try await openAny(routes[step...], at: current)
            step += taken
            current = next
        }
        return current
    }

    /// The steps `coordinator` takes from the start of `routes`: how many, and where the
    /// link goes on.
    private static func openAny(
        _ routes: ArraySlice<any Hashable & Sendable>, at coordinator: any Coordinator
    ) async throws -> (taken: Int, next: any Coordinator) {
        guard let routable = coordinator as? any Routable else {
            throw unhandled(
                routes[routes.startIndex], step: routes.startIndex, at: coordinator,
                because: "it is not Routable (it takes no routes)")
        }
        return try await openTyped(routes, at: routable)
    }

    private static func openTyped<R: Routable>(
        _ routes: ArraySlice<any Hashable & Sendable>, at coordinator: R
    ) async throws -> (taken: Int, next: any Coordinator) {
        let (taken, next, _) = try await openOwn(
            routes.count, { routes[routes.startIndex + $0] }, from: routes.startIndex, at: coordinator,
            endsTheSteps: true)
        return (taken, next)
    }

    /// The steps `coordinator` takes from the first of `count` routes (`route(i)`, steps
    /// `firstStep...` of the link; a restoration decodes them first), as one move: how many it
    /// took, and where the link goes on. A step whose route is of another type that the steps
    /// reach at this coordinator makes the link unhandled there, and nothing moved here. Each
    /// route is cast when its step is taken, so a link through many coordinators of one
    /// route type costs each only its own steps.
    ///
    /// A restoration's routes (`.restoration`) are what the coordinator is to show: its plan
    /// never goes back (`RoutePlan` with `goesBack: false`), and starts before the first route
    /// shown for the first of the coordinator's saved routes; a step that focuses a tab does
    /// not select it — the selection is returned (`selectTab`), for the restoration to make
    /// once, for the last tab.
    ///
    /// Only the last move of a link or a restoration animates: with `endsTheSteps` (no steps
    /// follow these), the move that takes the last of them does; every other move does not,
    /// and a child it starts shows its first screens without animation until it accepts routes.
    static func openOwn<R: Routable>(
        _ count: Int, _ route: (Int) -> any Hashable & Sendable, from firstStep: Int, at coordinator: R,
        as kind: StepsKind = .link, endsTheSteps: Bool
    ) async throws -> (taken: Int, next: any Coordinator, selectTab: (@Sendable () async throws -> Void)?) {
        let node = coordinator.flow.node
        var taken = 0
        var step: Int { firstStep + taken }
        do {
            try await LinkFlight.waitUntilReady(node)
            var entries = coordinator.stackedEntries()
            // Most of a link's steps lead from a coordinator into a new child. A first step
            // that is not shown here is new whatever follows it, so its destination is asked
            // first, and a child is entered with no plan to make (`openDeepLink4Steps`).
            var firstDestination: Destination?
            if kind == .link, count > 0, let first = route(0) as? R.Route,
                !entries.contains(where: { ($0.tag.route as? R.Route).map { $0 == first } ?? false })
            {
                let destination = try await resolve(first, step: firstStep, at: coordinator)
                if case .child(let child, let onEnd) = destination.action {
                    taken = 1
                    let animated = endsTheSteps && count == 1
                    let next = try await coordinator.enterNewChild(child, for: first, animated: animated, onEnd: onEnd)
                    return (taken, next ?? child, nil)
                }
                firstDestination = destination
            }
            // A plain loop: this runs unspecialised (`R` is known only at run time), where a
            // generic algorithm such as `compactMap` costs metadata look-ups of its own
            // (`openDeepLink4Steps`).
            var shown: [R.Route] = []
            shown.reserveCapacity(entries.count)
            for entry in entries {
                if let route = entry.tag.route as? R.Route { shown.append(route) }
            }
            if shown.count != entries.count {  // never: a coordinator's routes are of its own type
                entries = entries.filter { $0.tag.route is R.Route }
            }
            let cursor: Int?
            switch kind {
            case .link: cursor = nil
            case .restoration(nil, _): cursor = -1
            case .restoration(let after?, _): cursor = entries.firstIndex { EntryIdentity($0) == after }
            }
            var plan = RoutePlan(shown: shown, cursor: cursor, goesBack: kind == .link)
            var screens: [Int: RouteScreen] = [:]
            var landing = RouteLanding.here
            var selectTab: (@Sendable () async throws -> Void)?
            steps: while taken < count {
                let given = route(taken)
                guard let route = given as? R.Route else {
                    throw unhandled(
                        given, step: step, at: coordinator,
                        because: "its routes are \(TypeNames.name(of: R.Route.self))")
                }
                taken += 1
                switch plan.step(route) {
                case .found(.shown(let index)):
                    if entries[index].child != nil, let child = entries[index].tag.child as? any Coordinator {
                        landing = .shownChild(child)
                        break steps
                    }
                case .found(.added):
                    continue
                case .new(let index):
                    let destination =
                        if taken == 1, let firstDestination {
                            firstDestination
                        } else {
                            try await resolve(route, step: step - 1, at: coordinator)
                        }
                    let (screen, next) = RouteLanding.of(destination, for: route)
                    if let screen {
                        screens[index] = screen
                        continue
                    }
                    landing = next
                    if case .focus(let route, let child, let tabs) = next {
                        plan.withdrawLast()  // a tab stands beside the stack of routes
                        if kind != .link, let tabs {
                            selectTab = { try await coordinator.selectTab(of: child, for: route, in: tabs) }
                            landing = .focus(route, child, tabs: nil)
                        }
                    }
                    break steps
                }
            }
            // A restoration that stops at a child with more of its routes to come keeps what
            // follows for them to keep or drop.
            let (keptShown, keptAdded) =
                if case .restoration(_, moreFollow: true) = kind, landing.child != nil {
                    plan.resultKeepingWhatFollows
                } else {
                    plan.result
                }
            let showing = keptAdded.isEmpty ? [] : keptAdded.compactMap { screens[$0] }
            if keptShown == entries.count, showing.isEmpty {
                // Nothing here changes: on into the child it shows, or done.
                switch landing {
                case .here: return (taken, coordinator, selectTab)
                case .shownChild(let child): return (taken, child, selectTab)
                case .newChild, .focus: break
                }
            }
            let animated = endsTheSteps && taken == count
            if keptShown == entries.count, showing.isEmpty, case .newChild(let route, let child, let onEnd) = landing {
                let next = try await coordinator.enterNewChild(child, for: route, animated: animated, onEnd: onEnd)
                return (taken, next ?? child, selectTab)
            }
            // What the plan keeps, to remove the rest of what is shown once the turn begins.
            let kept = keptShown == entries.count ? nil : Set(entries.prefix(keptShown).map(EntryIdentity.init))
            let next = try await coordinator.move(
                removing: { shown in kept.map { kept in shown().filter { !kept.contains(EntryIdentity($0)) } } ?? [] },
                showing: showing, landing: landing, animated: animated,
                asking: kind == .link ? .deepLink : .restoration,
                operation: kind == .link ? "for a link's step \(step - 1)" : "for a restoration's step \(step - 1)")
            return (taken, next ?? landing.child ?? coordinator, selectTab)
        } catch let error as DeepLinkError {
            throw error
        } catch let error as CoordinatorError where error.code == .flowGuarded && !Task.isCancelled {
            let at = firstStep + max(taken - 1, 0)
            let route = String(describing: route(max(taken - 1, 0)))
            throw DeepLinkError(
                .flowGuarded,
                "Step \(at) (\(DeepLinkError.excerpt(route))) stopped at \(name(of: coordinator)): \(error.message)",
                step: at, route: route, coordinator: name(of: coordinator), underlying: error)
        } catch {
            if Task.isCancelled { throw CancellationError() }
            let at = firstStep + max(taken - 1, 0)
            let route = count > 0 ? String(describing: route(max(taken - 1, 0))) : "(no route)"
            let shown = DeepLinkError.excerpt(route)
            if error is RoutesRefused || !node.withLock({ $0.machine.isRunning }) {
                throw DeepLinkError(
                    .targetEnded,
                    "Step \(at) (\(shown)) reached \(name(of: coordinator)), which ended before it could take it.",
                    step: at, route: route, coordinator: name(of: coordinator))
            }
            throw DeepLinkError(
                .stepFailed,
                "Step \(at) (\(shown)) failed at \(name(of: coordinator)): \(DeepLinkError.excerpt(describing: error))",
                step: at, route: route, coordinator: name(of: coordinator), underlying: error)
        }
    }

    /// The destination `coordinator` gives `route`, the link's step `step`; `unhandled` if none.
    private static func resolve<R: Routable>(_ route: R.Route, step: Int, at coordinator: R) async throws -> Destination
    {
        guard let destination = try await coordinator.destination(for: route) else {
            throw unhandled(route, step: step, at: coordinator, because: "its destination(for:) returned nil")
        }
        return destination
    }

    /// The error for a step no coordinator handles, after recording its lifecycle event.
    private static func unhandled(
        _ route: any Hashable & Sendable, step: Int, at coordinator: any Coordinator, because reason: String
    ) -> DeepLinkError {
        let node = node(of: coordinator)
        let description = String(describing: route)
        let shown = DeepLinkError.excerpt(description)
        node.context?.emit(node, LifecycleEvent.Kind.linkUnhandled(step: step, route: description))
        return DeepLinkError(
            .unhandled,
            "Step \(step) (\(shown), a \(TypeNames.name(of: type(of: route)))) stopped at "
                + "\(name(of: coordinator)): \(reason). Give that coordinator a route for it, or fix the link.",
            step: step, route: description, coordinator: name(of: coordinator))
    }

    /// `MoviesCoordinator #4`.
    static func name(of coordinator: any Coordinator) -> String {
        "\(TypeNames.name(of: type(of: coordinator))) \(node(of: coordinator).id)"
    }

    /// The node of a coordinator of any type.
    static func node(of coordinator: some Coordinator) -> Node { coordinator.flow.node }
}

/// Whose steps `LinkOpening.openOwn` takes.
enum StepsKind: Equatable {
    /// A link's: a path from what is shown.
    case link
    /// A restoration's: what the coordinator is to show, from before its first route (`nil`)
    /// or from the route the restoration's previous steps there ended at; `moreFollow` if
    /// more of its saved routes come after these.
    case restoration(after: EntryIdentity?, moreFollow: Bool)
}

/// Which screen or child a route entry is, to tell whether a move keeps it.
struct EntryIdentity: Hashable, Sendable {
    private let object: ObjectIdentifier

    /// The child `node` is, as an entry.
    init(child node: Node) {
        object = ObjectIdentifier(node)
    }

    init(_ entry: (tag: RouteTag, presentation: Presentation?, child: Node?)) {
        object =
            entry.child.map(ObjectIdentifier.init) ?? entry.presentation.map(ObjectIdentifier.init)
            ?? ObjectIdentifier(entry.tag)
    }
}
