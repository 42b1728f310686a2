/// What a tab shows in the tab bar: its title, image and badge.
public struct TabItem: Sendable, Hashable {
    /// The tab's title.
    public var title: String
    /// The name of the tab's image in the app's assets, if any.
    public var imageName: String?
    /// The badge on the tab ("3", "new"), if any.
    public var badge: String?

    /// Creates an item.
    public init(title: String, imageName: String? = nil, badge: String? = nil) {
        self.title = title
        self.imageName = imageName
        self.badge = badge
    }
}
