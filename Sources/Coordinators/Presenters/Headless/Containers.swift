import Observation

/// A headless presenter that can be a part of a container: a tab, a slot.
protocol ContainerPart: AnyObject, Sendable {
    associatedtype PartState: HeadlessState
    var name: String { get }
    var store: HeadlessStore<PartState> { get }
}

extension SlotPresenter: ContainerPart {}
extension NavigationPresenter: ContainerPart {}

extension HeadlessStore {
    /// Makes each part's changes changes of this store: after a part changes, `copy`
    /// writes the part's current state into this state, as one change of `subject`.
    func republish<Subject: Observable & AnyObject & Sendable, Part: ContainerPart>(
        _ parts: [Part], as subject: Subject, _ keyPath: StateKeyPath<Subject, State>,
        copy: @escaping @Sendable (_ state: inout State, _ index: Int, _ partState: Part.PartState) -> Void
    ) {
        for (index, part) in parts.enumerated() {
            part.store.relayChanges { [weak subject, weak part] in
                guard let subject, let part else { return }
                // Lock order: this store's lock, then the part's. A part never calls this
                // while holding its own lock, so the order is never reversed.
                self.mutate(subject, keyPath, always: { copy(&$0, index, part.store.state) })
            }
        }
    }
}

/// A headless container that embeds its children's screens: a split view, a page, any
/// container of yours. The parent creates it with named slots, shows it as one of its own
/// screens, and hands each child the presenter of a slot; each child's root screen then
/// lives in that slot.
///
/// Each slot is a `SlotPresenter`: one presentation at a time, replaced as a whole. The
/// container's state lists every slot, in order, as plain values; it changes (and is
/// published through Observation) whenever a slot changes. Not bound to the main actor.
///
/// ```text
///   split view ┬ primary:   [Mailboxes]   ← MailboxesCoordinator (child 1)
///              └ secondary: [Message]     ← MessageCoordinator (child 2)
/// ```
///
/// ```swift
/// let split = ContainerPresenter(slots: ["primary", "secondary"])
/// try await flow.present(SplitScreen(split), on: window)
/// let primary = flow.start(MailboxesCoordinator(on: try split.presenter(forSlot: "primary")))
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
    /// One presenter per slot, in slot order.
    private let parts: [SlotPresenter]
    private let store: HeadlessStore<State>

    /// Creates a container with empty slots named `slots`, in that order.
    public init(name: String = "container", slots: [String]) {
        self.name = name
        parts = slots.map { SlotPresenter(name: "\(name).\($0)") }
        store = HeadlessStore(State(slots: slots.map { Slot(name: $0) }))
        store.republish(parts, as: self, \.state) { state, index, slot in
            state.slots[index].presentation = slot.presentation
        }
    }

    /// The container now.
    public var state: State { store.read(self, \.state) }

    /// The presenter of the slot named `name`: hand it to the child whose screen goes there.
    ///
    /// Throws `CoordinatorError` `noSuchSlot` if there is no such slot.
    public func presenter(forSlot name: String) throws(CoordinatorError) -> SlotPresenter {
        guard let index = store.state.slots.firstIndex(where: { $0.name == name }) else {
            throw CoordinatorError(
                .noSuchSlot,
                "\(self.name) has no slot named \"\(name)\"; its slots are \(store.state.slots.map(\.name)).")
        }
        return parts[index]
    }

    /// Returns once `condition` holds for the container (at once if it holds now).
    ///
    /// `condition` is evaluated after each change, outside the presenter's lock, possibly
    /// on another thread; keep it quick and free of side effects.
    ///
    /// Cancellation: cancelling the waiting task throws `CancellationError`.
    public func waitUntil(_ condition: @escaping @Sendable (State) -> Bool) async throws {
        try await store.waitUntil(condition)
    }
}
