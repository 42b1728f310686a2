import Observation

/// A container's own state: only its revision (the slots' content lives in the slots).
struct ContainerRevision: HeadlessState {
    var revision = 0
}

/// A headless container that embeds its children's screens: a split view, a page, any
/// container of yours. The parent creates it with named slots, shows it as its main
/// screen, and hands each child the presenter of a slot; each child's root screen then
/// lives in that slot. It is not itself a `Presenter` but a container of presenters; when
/// the parent ends (its container screen gone, say), the children and their screens go
/// with it.
///
/// Each slot is a `SlotPresenter`: one presentation at a time, replaced as a whole. The
/// container's state lists every slot, in order, as plain values, read from the slots; it
/// changes (and is published through Observation) whenever a slot changes. Not bound to
/// the main actor.
///
/// ```text
///   split view ┬ primary:   [Mailboxes]   ← MailboxesCoordinator (child 1)
///              └ secondary: [Message]     ← MessageCoordinator (child 2)
/// ```
///
/// ```swift
/// let split = try ContainerPresenter(slots: ["primary", "secondary"])
/// try await flow.present(SplitScreen(split), on: window)     // the parent's main screen
/// let primary = try flow.start(MailboxesCoordinator(on: try split.presenter(forSlot: "primary")))
/// ```
public final class ContainerPresenter: Observable, Sendable {
    /// One slot, as plain values.
    public struct Slot: Sendable, Hashable {
        /// The slot's name.
        public var name: String
        /// What it shows, if anything.
        public var presentation: Presentation?
    }

    /// The container as plain values.
    public struct State: Sendable, Hashable, HeadlessState {
        /// The slots, in the order they were given.
        public var slots: [Slot]
        /// Counts the changes applied; any slot changing adds one.
        public var revision = 0

        /// What the slot named `name` shows, if anything.
        public func presentation(inSlot name: String) -> Presentation? {
            slots.first { $0.name == name }?.presentation
        }
    }

    /// A name for logs and snapshots.
    public let name: String
    /// The slots' names, in order.
    private let slotNames: [String]
    /// One presenter per slot, in slot order.
    private let parts: [SlotPresenter]
    private let store = HeadlessStore(ContainerRevision())

    /// Creates a container with empty slots named `slots`, in that order.
    ///
    /// Throws `CoordinatorError` `duplicateSlot` if two slots have the same name.
    public init(name: String = "container", slots: [String]) throws(CoordinatorError) {
        if let duplicate = slots.first(where: { name in slots.filter { $0 == name }.count > 1 }) {
            throw CoordinatorError(
                .duplicateSlot,
                "\(name) was given the slot name \"\(duplicate)\" twice (\(slots)); each slot needs its own name.")
        }
        self.name = name
        slotNames = slots
        // A slot's change is a change of the container. (The slot holds the container's
        // store, never the other way round: no cycle.)
        parts = slots.map { [store] in
            SlotPresenter(name: "\(name).\($0)", containerDidChange: { change in store.partDidChange(change) })
        }
    }

    /// The container now: each slot's content, read from the slots.
    public var state: State { compose(store.observed) }

    /// The presenter of the slot named `name`: hand it to the child whose screen goes there.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such slot.
    public func presenter(forSlot name: String) throws(CoordinatorError) -> SlotPresenter {
        guard let index = slotNames.firstIndex(of: name) else {
            throw CoordinatorError(
                .noSuchSlot, "\(self.name) has no slot named \"\(name)\"; its slots are \(slotNames).")
        }
        return parts[index]
    }

    /// Returns once `condition` holds for the container (at once if it holds now); see
    /// "Waiting for a state" in `Guides/Presenters.md`. `condition` is re-checked after each
    /// change of the container, and of its slots' presentations (`isPresented`, `isAnswered`,
    /// `dismissalReason`), so it may read their state.
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError`.
    public func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await store.waitUntil { [self] own in condition(compose(own)) }
    }

    private func compose(_ own: ContainerRevision) -> State {
        State(
            slots: zip(slotNames, parts).map { Slot(name: $0, presentation: $1.state.presentation) },
            revision: own.revision)
    }
}
