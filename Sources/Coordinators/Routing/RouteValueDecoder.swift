/// Decodes a `T` from plain values through its `Decodable` conformance, as `JSONDecoder` would
/// from the same JSON.
///
/// An `.int` decodes into any integer type that holds it and into `Float` and `Double`; a
/// `.double` into an integer type only when it is a whole number that type holds. Anything that
/// does not fit throws a `DecodingError` with the coding path where it was found: a saved route
/// whose case an app update removed throws `typeMismatch` (as synthesized `Codable` reports an
/// unknown case), it never stops the program.
func decodeRoute<T: Decodable>(_ type: T.Type, from value: RouteValue) throws -> T {
    try RouteDecoder(value: value, codingPath: []).decodeValue(type)
}

/// The decoder handed to `init(from:)`: reads one value.
private struct RouteDecoder: Decoder {
    /// The value to read.
    let value: RouteValue
    /// The keys from the top-level value down to this one.
    let codingPath: [any CodingKey]

    /// Empty: routes are decoded without options.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Decodes a `T` from this decoder's value; a `RouteValue` is returned as it is.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == RouteValue.self, let routeValue = value as? T { return routeValue }
        return try T(from: self)
    }

    /// The decoder of `value` found under `key`.
    func child(_ value: RouteValue, key: any CodingKey) -> RouteDecoder {
        RouteDecoder(value: value, codingPath: codingPath + [key])
    }

    /// `valueNotFound` if the value is `null`, `typeMismatch` otherwise: it is not an `expected`.
    func mismatch(_ type: Any.Type, expected: String) -> DecodingError {
        if value == .null {
            return .valueNotFound(
                type,
                DecodingError.Context(codingPath: codingPath, debugDescription: "Expected \(expected) but found null.")
            )
        }
        return .typeMismatch(
            type,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "Expected \(expected) but found \(value.kindDescription)."
            )
        )
    }

    /// A keyed container over this position's object.
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw mismatch(KeyedDecodingContainer<Key>.self, expected: "an object")
        }
        return KeyedDecodingContainer(KeyedRouteDecoder<Key>(decoder: self, members: members))
    }

    /// An unkeyed container over this position's array.
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw mismatch((any UnkeyedDecodingContainer).self, expected: "an array")
        }
        return UnkeyedRouteDecoder(decoder: self, elements: elements)
    }

    /// This decoder, as the container of a single value.
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
}

extension RouteDecoder: SingleValueDecodingContainer {
    /// Whether the value is `null`.
    func decodeNil() -> Bool { value == .null }

    /// The boolean.
    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(type, expected: "a boolean") }
        return bool
    }

    /// The string.
    func decode(_ type: String.Type) throws -> String {
        guard case .string(let string) = value else { throw mismatch(type, expected: "a string") }
        return string
    }

    /// The number.
    func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
    /// The number, rounded to the nearest `Float`.
    func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
    /// The integer.
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    /// The integer.
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    /// The integer.
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    /// The integer.
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    /// The integer.
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    /// The integer.
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    /// The integer.
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    /// The integer.
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    /// The integer.
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    /// The integer.
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    /// Any value, through its own `init(from:)`.
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    /// The value as a `T`: an `.int` that `T` holds, or a `.double` that is a whole number `T`
    /// holds; `dataCorrupted` for any other number.
    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let converted: T?
        switch value {
        case .int(let integer): converted = T(exactly: integer)
        case .double(let double): converted = T(exactly: double)
        default: throw mismatch(type, expected: "a number")
        }
        guard let converted else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Found \(value.kindDescription), which does not fit in \(T.self)."
                )
            )
        }
        return converted
    }

    /// The value as a `T`: any number, rounded to the nearest `T`; `dataCorrupted` for a finite
    /// number too large for `T`.
    func floatingPoint<T: BinaryFloatingPoint>(_ type: T.Type) throws -> T {
        switch value {
        case .int(let integer):
            return T(integer)
        case .double(let double):
            let converted = T(double)
            guard converted.isFinite || !double.isFinite else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: codingPath,
                        debugDescription: "Parsed number \(double) does not fit in \(T.self)."
                    )
                )
            }
            return converted
        default:
            throw mismatch(type, expected: "a number")
        }
    }
}

/// The keyed container of `RouteDecoder`: reads an object's members.
private struct KeyedRouteDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The decoder of the object.
    let decoder: RouteDecoder
    /// The object's members.
    let members: [String: RouteValue]

    /// The keys down to the object.
    var codingPath: [any CodingKey] { decoder.codingPath }

    /// The members' names that `Key` spells: an enum's cases that still exist, for instance.
    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    /// Whether the object has a member under `key` (`null` or not).
    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    /// The decoder of the member under `key`; `keyNotFound` if there is none.
    func memberDecoder(_ key: any CodingKey) throws -> RouteDecoder {
        guard let member = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "No value associated with key \(key.stringValue)."
                )
            )
        }
        return decoder.child(member, key: key)
    }

    /// Whether the member under `key` is `null`; `keyNotFound` if there is none.
    func decodeNil(forKey key: Key) throws -> Bool { try memberDecoder(key).decodeNil() }
    /// The boolean under `key`.
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try memberDecoder(key).decode(type) }
    /// The string under `key`.
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try memberDecoder(key).decode(type) }
    /// The number under `key`.
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try memberDecoder(key).decode(type) }
    /// The number under `key`.
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try memberDecoder(key).decode(type) }
    /// The integer under `key`.
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try memberDecoder(key).decode(type) }
    /// The integer under `key`.
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try memberDecoder(key).decode(type) }
    /// The integer under `key`.
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try memberDecoder(key).decode(type) }
    /// The integer under `key`.
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try memberDecoder(key).decode(type) }
    /// The integer under `key`.
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try memberDecoder(key).decode(type) }
    /// The integer under `key`.
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try memberDecoder(key).decode(type) }
    /// The integer under `key`.
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try memberDecoder(key).decode(type) }
    /// The integer under `key`.
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try memberDecoder(key).decode(type) }
    /// The integer under `key`.
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try memberDecoder(key).decode(type) }
    /// The integer under `key`.
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try memberDecoder(key).decode(type) }
    /// Any value under `key`, through its own `init(from:)`.
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try memberDecoder(key).decodeValue(type) }

    /// A keyed container over the object under `key`.
    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try memberDecoder(key).container(keyedBy: type)
    }

    /// An unkeyed container over the array under `key`.
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try memberDecoder(key).unkeyedContainer()
    }

    /// A decoder of the superclass's members, under `super`: of `null` if there is no such member.
    func superDecoder() throws -> any Decoder { superDecoder(AnyKey.superKey) }

    /// A decoder of the value under `key`: of `null` if there is no such member.
    func superDecoder(forKey key: Key) throws -> any Decoder { superDecoder(key) }

    /// A decoder of the value under `key`, or of `null` if there is none, as `JSONDecoder` does.
    func superDecoder(_ key: any CodingKey) -> RouteDecoder {
        decoder.child(members[key.stringValue] ?? .null, key: key)
    }
}

/// The unkeyed container of `RouteDecoder`: reads an array's elements in order. A failed
/// decode leaves `currentIndex` where it was, as `JSONDecoder` does.
private struct UnkeyedRouteDecoder: UnkeyedDecodingContainer {
    /// The decoder of the array.
    let decoder: RouteDecoder
    /// The array's elements.
    let elements: [RouteValue]

    /// The index of the next element to decode.
    private(set) var currentIndex = 0

    /// The keys down to the array.
    var codingPath: [any CodingKey] { decoder.codingPath }

    /// The number of elements.
    var count: Int? { elements.count }

    /// Whether every element has been decoded.
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The decoder of the next element; `valueNotFound` (of `type`) at the end.
    func elementDecoder(_ type: Any.Type) throws -> RouteDecoder {
        let key = AnyKey(intValue: currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end.")
            )
        }
        return decoder.child(elements[currentIndex], key: key)
    }

    /// Decodes the next element with `decode` and moves past it if that succeeds.
    mutating func next<T>(_ type: Any.Type, _ decode: (RouteDecoder) throws -> T) throws -> T {
        let decoded = try decode(try elementDecoder(type))
        currentIndex += 1
        return decoded
    }

    /// Whether the next element is `null`, moving past it if it is; `valueNotFound` at the end.
    mutating func decodeNil() throws -> Bool {
        guard try elementDecoder(Never?.self).decodeNil() else { return false }
        currentIndex += 1
        return true
    }

    /// The next boolean.
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $0.decode(type) } }
    /// The next string.
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { try $0.decode(type) } }
    /// The next number.
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try $0.decode(type) } }
    /// The next number.
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { try $0.decode(type) } }
    /// The next integer.
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try $0.decode(type) } }
    /// The next integer.
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try $0.decode(type) } }
    /// The next integer.
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { try $0.decode(type) } }
    /// The next integer.
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { try $0.decode(type) } }
    /// The next integer.
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try $0.decode(type) } }
    /// The next integer.
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try $0.decode(type) } }
    /// The next integer.
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { try $0.decode(type) } }
    /// The next integer.
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) { try $0.decode(type) } }
    /// The next integer.
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) { try $0.decode(type) } }
    /// The next integer.
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { try $0.decode(type) } }
    /// The next value, through its own `init(from:)`.
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try $0.decodeValue(type) } }

    /// A keyed container over the next element, an object.
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
    }

    /// An unkeyed container over the next element, an array.
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
    }

    /// A decoder of the next element.
    mutating func superDecoder() throws -> any Decoder { try next((any Decoder).self) { $0 } }
}

extension RouteValue {
    /// What the value is, for error messages: `null`, `a boolean`, `the number 3`, ...
    fileprivate var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int(let integer): "the number \(integer)"
        case .double(let double): "the number \(double)"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
