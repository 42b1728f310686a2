/// A weak reference, to check that coordinators are released.
final class Weak<Object: AnyObject>: @unchecked Sendable {
    // Safety: written once in init; reading a weak reference is thread-safe.
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
