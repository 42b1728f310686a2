/// A coding key of any spelling: an object's member name, an array's index, or `super`.
struct AnyKey: CodingKey, Sendable, Hashable {
    /// The member name; `Index 3` for an array's index, as JSONEncoder spells it.
    let stringValue: String

    /// The array index, or `nil` for a member name.
    let intValue: Int?

    /// The key named `stringValue`.
    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    /// The key of the element at `intValue` in an array.
    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    /// The key `super`, under which `superEncoder()` and `superDecoder()` keep a superclass's members.
    static let superKey = AnyKey(stringValue: "super")
}
