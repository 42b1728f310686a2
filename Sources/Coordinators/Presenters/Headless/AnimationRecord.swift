/// How a headless presenter's changes were animated: what a test reads to check that a
/// restoration or a deep link animated only its last change, or that a coordinator's
/// `animated: false` reached the presenter.
///
/// ```swift
/// let before = navigation.state.animation.animatedChanges
/// try await tree.restore(saved)
/// #expect(navigation.state.animation.animatedChanges - before <= 1)
/// ```
public struct AnimationRecord: Sendable, Hashable {
    /// How many changes were animated (of those `revision` counts).
    public var animatedChanges = 0
    /// Whether the last change was animated; `false` before any change.
    public var lastChangeAnimated = false

    /// A record of no change.
    public init() {}

    /// Counts one more change, animated or not.
    mutating func record(animated: Bool) {
        if animated { animatedChanges += 1 }
        lastChangeAnimated = animated
    }
}
