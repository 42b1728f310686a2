import Coordinators

/// A screen identified by a name.
struct TestScreen: Screen {
    let name: String
    init(_ name: String) { self.name = name }
    var screenName: String { name }
}
