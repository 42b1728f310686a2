/// A tab: what the tab bar shows for it (its title, image and badge), and whether its
/// content is one screen or a navigation stack.
public struct TabItem: Sendable, Hashable {
    /// What a tab holds.
    public enum Content: Sendable, Hashable {
        /// One screen at a time: presenting in the tab replaces what it showed.
        case screen
        /// A navigation stack: the first screen presented is the tab's root, later ones are
        /// pushed, and a tap on the selected tab pops it to the root.
        case stack
    }

    /// The tab's title.
    public var title: String
    /// The name of the tab's image in the app's assets, if any.
    public var imageName: String?
    /// The badge on the tab ("3", "new"), if any.
    public var badge: String?
    /// Whether the tab holds one screen or a navigation stack.
    public var content: Content

    /// Creates an item; its tab holds one screen unless `content` is `.stack`.
    public init(title: String, imageName: String? = nil, badge: String? = nil, content: Content = .screen) {
        self.title = title
        self.imageName = imageName
        self.badge = badge
        self.content = content
    }
}
