// What Guides/ChildGroups.md's examples use without showing it.

struct Photo: Identifiable, Sendable {
    let id: Int
}

/// Uploads one photo; its output is the photo's identifier.
actor PhotoUploadCoordinator: Coordinator {
    let flow = Flow<Photo.ID>()
    let photo: Photo
    init(photo: Photo) { self.photo = photo }
    func start() async throws -> Photo.ID { photo.id }
}
