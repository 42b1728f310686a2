/// A route encoded as plain values, the shape of JSON: what a saved navigation state holds.
///
/// `encodeRoute(_:)` turns any `Encodable` route into one and `decodeRoute(_:from:)` turns it
/// back. Its own `Codable` conformance writes natural JSON (`null`, `true`, `3`, `2.5`, `"a"`,
/// `[...]`, `{...}`) through any encoder and reads it back through any decoder, so a saved
/// state can be stored with `JSONEncoder` and restored with `JSONDecoder`.
///
/// JSON does not tell `3.0` from `3`: a `.double` that holds an integer may come back from JSON
/// as `.int`, which `decodeRoute(_:from:)` decodes into a `Double` all the same.
enum RouteValue: Sendable, Hashable {
    /// No value: a `nil` optional.
    case null

    /// A boolean.
    case bool(Bool)

    /// An integer: any integer type up to 64 bits that fits in an `Int64`.
    case int(Int64)

    /// A floating-point number, or an integer too large for an `Int64` read from JSON.
    case double(Double)

    /// A string.
    case string(String)

    /// An ordered list: an unkeyed container.
    case array([RouteValue])

    /// Named members: a keyed container, or an enum case with its associated values.
    case object([String: RouteValue])
}

extension RouteValue: Codable {
    /// Writes the value as its natural JSON: a scalar through a single value container, an
    /// array through an unkeyed container, an object through a keyed container.
    func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let members):
            var container = encoder.container(keyedBy: AnyKey.self)
            for (name, member) in members { try container.encode(member, forKey: AnyKey(stringValue: name)) }
        }
    }

    /// Reads any value without knowing its shape: `null`, a boolean, an integer that fits in an
    /// `Int64`, any other number, a string, an object, an array, trying them in that order.
    ///
    /// Booleans are tried before numbers so that `true` stays a `.bool` should a decoder also
    /// read it as a number, and `Int64` before `Double` so that `3` is an `.int` while `2.5` and
    /// an integer too large for an `Int64` are `.double`s.
    init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() {
                self = .null
                return
            }
            if let value = try? container.decode(Bool.self) {
                self = .bool(value)
                return
            }
            if let value = try? container.decode(Int64.self) {
                self = .int(value)
                return
            }
            if let value = try? container.decode(Double.self) {
                self = .double(value)
                return
            }
            if let value = try? container.decode(String.self) {
                self = .string(value)
                return
            }
        }
        if let container = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: RouteValue] = [:]
            for key in container.allKeys {
                members[key.stringValue] = try container.decode(RouteValue.self, forKey: key)
            }
            self = .object(members)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [RouteValue] = []
            if let count = container.count { elements.reserveCapacity(count) }
            while !container.isAtEnd {
                elements.append(try container.decode(RouteValue.self))
            }
            self = .array(elements)
            return
        }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "Expected null, a boolean, a number, a string, an object or an array."
            )
        )
    }
}
