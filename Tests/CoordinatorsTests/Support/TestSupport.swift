import Coordinators

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A screen identified by a name.
struct TestScreen: Screen {
    let name: String
    init(_ name: String) { self.name = name }
    var screenName: String { name }
}

/// A weak reference, to check that coordinators are released.
final class Weak<Object: AnyObject>: @unchecked Sendable {
    // Safety: written once in init; reading a weak reference is thread-safe.
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}

extension FlowOutcome {
    /// Whether the flow ended because a person dismissed its main screen.
    var isDismissedByUser: Bool {
        if case .dismissed(.byUser) = self { return true }
        return false
    }
}

/// Whether this process runs under ThreadSanitizer (`swift test --sanitize=thread`): its
/// runtime is loaded.
let runningUnderThreadSanitizer: Bool = {
    #if canImport(Darwin)
    let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
    let everyImage: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    return dlsym(everyImage, "__tsan_init") != nil
}()
