/// Encodes `value` as plain values, the shape of JSON, through its `Encodable` conformance.
///
/// Integers become `.int`, `Float` and `Double` become `.double`, and a `nil` optional becomes
/// `.null`, or is left out of its object by `encodeIfPresent` (as synthesized `Codable` does).
/// The tree is the one `JSONEncoder` writes, read back as a `RouteValue`. A `UInt` or `UInt64` above
/// `Int64.max` throws `EncodingError.invalidValue`: a `.double` would lose its low bits, and a
/// restored route must be the one saved. So does a value that encodes nothing at the top level,
/// or an `encode(to:)` that asks one position for two kinds of container (which `JSONEncoder`
/// stops the program for).
func encodeRoute(_ value: some Encodable) throws -> RouteValue {
    let root = EncodingSlot()
    let session = EncodingSession()
    try RouteEncoder(slot: root, codingPath: [], session: session).encodeValue(value)
    if let error = session.error { throw error }
    guard root.kind != .empty else {
        throw EncodingError.invalidValue(
            value,
            EncodingError.Context(codingPath: [], debugDescription: "Top-level \(type(of: value)) encoded no value.")
        )
    }
    return root.routeValue
}

/// One position of the value being encoded, filled in by the containers an `encode(to:)` asks
/// for; a class so that a nested container keeps writing into its parent.
private final class EncodingSlot {
    /// What the position holds so far.
    enum Kind {
        /// Nothing yet: a value that encodes nothing nested in another is an empty object.
        case empty
        /// A scalar or `null` in `value`, or a whole `RouteValue` encoded as such.
        case value
        /// An object whose members are in `members`.
        case object
        /// An array whose elements are in `elements`.
        case array
    }

    /// What the position holds so far.
    var kind = Kind.empty
    /// The value, when `kind` is `.value`.
    var value = RouteValue.null
    /// The members, when `kind` is `.object`.
    var members: [String: EncodingSlot] = [:]
    /// The elements, when `kind` is `.array`.
    var elements: [EncodingSlot] = []

    /// An empty position.
    init() {}

    /// A position holding `value`.
    init(_ value: RouteValue) {
        self.kind = .value
        self.value = value
    }

    /// The finished value.
    var routeValue: RouteValue {
        switch kind {
        case .empty: .object([:])
        case .value: value
        case .object: .object(members.mapValues { $0.routeValue })
        case .array: .array(elements.map { $0.routeValue })
        }
    }
}

/// What one `encodeRoute(_:)` call shares among its encoders: the first misuse of the
/// non-throwing container requests, thrown when the encoding ends.
private final class EncodingSession {
    /// The first misuse, if any.
    var error: EncodingError?

    /// Records a misuse at `codingPath` unless one is recorded already.
    func fail(_ value: Any, at codingPath: [any CodingKey], _ description: String) {
        guard error == nil else { return }
        error = .invalidValue(value, EncodingError.Context(codingPath: codingPath, debugDescription: description))
    }
}

/// The encoder handed to `encode(to:)`: writes into one slot.
private struct RouteEncoder: Encoder {
    /// Where the value goes.
    let slot: EncodingSlot
    /// The keys from the top-level value down to this one.
    let codingPath: [any CodingKey]
    /// Shared by the whole encoding.
    let session: EncodingSession

    /// Empty: routes are encoded without options.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The encoder for the position under `key`.
    func child(_ slot: EncodingSlot, key: any CodingKey) -> RouteEncoder {
        RouteEncoder(slot: slot, codingPath: codingPath + [key], session: session)
    }

    /// Encodes `value` into this encoder's slot; a `RouteValue` is stored as it is.
    func encodeValue<T: Encodable>(_ value: T) throws {
        if T.self == RouteValue.self, let routeValue = value as? RouteValue {
            slot.kind = .value
            slot.value = routeValue
        } else {
            try value.encode(to: self)
        }
    }

    /// Makes the slot an object (or keeps adding to the object it is); a slot holding anything
    /// else records a misuse and hands back a slot that is thrown away.
    func objectSlot() -> EncodingSlot {
        switch slot.kind {
        case .empty:
            slot.kind = .object
            return slot
        case .object:
            return slot
        case .value, .array:
            session.fail(slot.routeValue, at: codingPath, "Asked for a keyed container where a value was encoded.")
            let detached = EncodingSlot()
            detached.kind = .object
            return detached
        }
    }

    /// Makes the slot an array (or keeps appending to the array it is); a slot holding anything
    /// else records a misuse and hands back a slot that is thrown away.
    func arraySlot() -> EncodingSlot {
        switch slot.kind {
        case .empty:
            slot.kind = .array
            return slot
        case .array:
            return slot
        case .value, .object:
            session.fail(slot.routeValue, at: codingPath, "Asked for an unkeyed container where a value was encoded.")
            let detached = EncodingSlot()
            detached.kind = .array
            return detached
        }
    }

    /// A keyed container writing this position's members.
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedRouteEncoder<Key>(encoder: self, object: objectSlot()))
    }

    /// An unkeyed container appending this position's elements.
    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedRouteEncoder(encoder: self, array: arraySlot())
    }

    /// This encoder, as the container of a single value.
    func singleValueContainer() -> any SingleValueEncodingContainer { self }
}

extension RouteEncoder: SingleValueEncodingContainer {
    /// Throws `EncodingError.invalidValue` if this position holds something already.
    func claim(for value: Any) throws {
        guard slot.kind == .empty else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(codingPath: codingPath, debugDescription: "A value was encoded here already.")
            )
        }
    }

    /// Stores `value`, throwing if this position holds something already.
    func store(_ value: RouteValue) throws {
        try claim(for: value)
        slot.kind = .value
        slot.value = value
    }

    /// Stores `null`.
    func encodeNil() throws { try store(.null) }
    /// Stores a boolean.
    func encode(_ value: Bool) throws { try store(.bool(value)) }
    /// Stores a string.
    func encode(_ value: String) throws { try store(.string(value)) }
    /// Stores a number.
    func encode(_ value: Double) throws { try store(.double(value)) }
    /// Stores a number.
    func encode(_ value: Float) throws { try store(.double(Double(value))) }
    /// Stores an integer.
    func encode(_ value: Int) throws { try store(integer(value)) }
    /// Stores an integer.
    func encode(_ value: Int8) throws { try store(integer(value)) }
    /// Stores an integer.
    func encode(_ value: Int16) throws { try store(integer(value)) }
    /// Stores an integer.
    func encode(_ value: Int32) throws { try store(integer(value)) }
    /// Stores an integer.
    func encode(_ value: Int64) throws { try store(.int(value)) }
    /// Stores an integer, throwing if it is above `Int64.max`.
    func encode(_ value: UInt) throws { try store(integer(value)) }
    /// Stores an integer.
    func encode(_ value: UInt8) throws { try store(integer(value)) }
    /// Stores an integer.
    func encode(_ value: UInt16) throws { try store(integer(value)) }
    /// Stores an integer.
    func encode(_ value: UInt32) throws { try store(integer(value)) }
    /// Stores an integer, throwing if it is above `Int64.max`.
    func encode(_ value: UInt64) throws { try store(integer(value)) }

    /// Stores any value, through its own `encode(to:)`.
    func encode<T: Encodable>(_ value: T) throws {
        try claim(for: value)
        try encodeValue(value)
    }

    /// `value` as an `.int`, or `EncodingError.invalidValue` if it does not fit in an `Int64`.
    func integer(_ value: some FixedWidthInteger) throws -> RouteValue {
        guard let integer = Int64(exactly: value) else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "\(value) does not fit in an Int64; routes hold integers up to Int64.max."
                )
            )
        }
        return .int(integer)
    }
}

/// The keyed container of `RouteEncoder`: each member is encoded by an encoder of its own.
private struct KeyedRouteEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    /// The encoder of the object.
    let encoder: RouteEncoder
    /// The object's slot.
    let object: EncodingSlot

    /// The keys down to the object.
    var codingPath: [any CodingKey] { encoder.codingPath }

    /// The encoder of the member under `key`, a new one replacing any encoded before.
    func memberEncoder(_ key: any CodingKey) -> RouteEncoder {
        let slot = EncodingSlot()
        object.members[key.stringValue] = slot
        return encoder.child(slot, key: key)
    }

    /// Stores `null` under `key`.
    mutating func encodeNil(forKey key: Key) throws { try memberEncoder(key).encodeNil() }
    /// Stores a boolean under `key`.
    mutating func encode(_ value: Bool, forKey key: Key) throws { try memberEncoder(key).encode(value) }
    /// Stores a string under `key`.
    mutating func encode(_ value: String, forKey key: Key) throws { try memberEncoder(key).encode(value) }
    /// Stores a number under `key`.
    mutating func encode(_ value: Double, forKey key: Key) throws { try memberEncoder(key).encode(value) }
    /// Stores a number under `key`.
    mutating func encode(_ value: Float, forKey key: Key) throws { try memberEncoder(key).encode(value) }
    /// Stores an integer under `key`.
    mutating func encode(_ value: Int, forKey key: Key) throws { try memberEncoder(key).encode(value) }
    /// Stores an integer under `key`.
    mutating func encode(_ value: Int8, forKey key: Key) throws { try memberEncoder(key).encode(value) }
    /// Stores an integer under `key`.
    mutating func encode(_ value: Int16, forKey key: Key) throws { try memberEncoder(key).encode(value) }
    /// Stores an integer under `key`.
    mutating func encode(_ value: Int32, forKey key: Key) throws { try memberEncoder(key).encode(value) }
    /// Stores an integer under `key`.
    mutating func encode(_ value: Int64, forKey key: Key) throws { try memberEncoder(key).encode(value) }
    /// Stores an integer under `key`, throwing if it is above `Int64.max`.
    mutating func encode(_ value: UInt, forKey key: Key) throws { try memberEncoder(key).encode(value) }
    /// Stores an integer under `key`.
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try memberEncoder(key).encode(value) }
    /// Stores an integer under `key`.
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try memberEncoder(key).encode(value) }
    /// Stores an integer under `key`.
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try memberEncoder(key).encode(value) }
    /// Stores an integer under `key`, throwing if it is above `Int64.max`.
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try memberEncoder(key).encode(value) }
    /// Stores any value under `key`, through its own `encode(to:)`.
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try memberEncoder(key).encodeValue(value) }

    /// A keyed container for the object under `key`.
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        memberEncoder(key).container(keyedBy: keyType)
    }

    /// An unkeyed container for the array under `key`.
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        memberEncoder(key).unkeyedContainer()
    }

    /// An encoder for the superclass's members, under `super`.
    mutating func superEncoder() -> any Encoder { memberEncoder(AnyKey.superKey) }

    /// An encoder for the value under `key`.
    mutating func superEncoder(forKey key: Key) -> any Encoder { memberEncoder(key) }
}

/// The unkeyed container of `RouteEncoder`: each element is encoded by an encoder of its own.
private struct UnkeyedRouteEncoder: UnkeyedEncodingContainer {
    /// The encoder of the array.
    let encoder: RouteEncoder
    /// The array's slot.
    let array: EncodingSlot

    /// The keys down to the array.
    var codingPath: [any CodingKey] { encoder.codingPath }

    /// The number of elements encoded so far.
    var count: Int { array.elements.count }

    /// The encoder of a new element at the end.
    func elementEncoder() -> RouteEncoder {
        let slot = EncodingSlot()
        let key = AnyKey(intValue: array.elements.count)
        array.elements.append(slot)
        return encoder.child(slot, key: key)
    }

    /// Appends `null`.
    mutating func encodeNil() throws { try elementEncoder().encodeNil() }
    /// Appends a boolean.
    mutating func encode(_ value: Bool) throws { try elementEncoder().encode(value) }
    /// Appends a string.
    mutating func encode(_ value: String) throws { try elementEncoder().encode(value) }
    /// Appends a number.
    mutating func encode(_ value: Double) throws { try elementEncoder().encode(value) }
    /// Appends a number.
    mutating func encode(_ value: Float) throws { try elementEncoder().encode(value) }
    /// Appends an integer.
    mutating func encode(_ value: Int) throws { try elementEncoder().encode(value) }
    /// Appends an integer.
    mutating func encode(_ value: Int8) throws { try elementEncoder().encode(value) }
    /// Appends an integer.
    mutating func encode(_ value: Int16) throws { try elementEncoder().encode(value) }
    /// Appends an integer.
    mutating func encode(_ value: Int32) throws { try elementEncoder().encode(value) }
    /// Appends an integer.
    mutating func encode(_ value: Int64) throws { try elementEncoder().encode(value) }
    /// Appends an integer, throwing if it is above `Int64.max`.
    mutating func encode(_ value: UInt) throws { try elementEncoder().encode(value) }
    /// Appends an integer.
    mutating func encode(_ value: UInt8) throws { try elementEncoder().encode(value) }
    /// Appends an integer.
    mutating func encode(_ value: UInt16) throws { try elementEncoder().encode(value) }
    /// Appends an integer.
    mutating func encode(_ value: UInt32) throws { try elementEncoder().encode(value) }
    /// Appends an integer, throwing if it is above `Int64.max`.
    mutating func encode(_ value: UInt64) throws { try elementEncoder().encode(value) }
    /// Appends any value, through its own `encode(to:)`.
    mutating func encode<T: Encodable>(_ value: T) throws { try elementEncoder().encodeValue(value) }

    /// A keyed container for a new object at the end.
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        elementEncoder().container(keyedBy: keyType)
    }

    /// An unkeyed container for a new array at the end.
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { elementEncoder().unkeyedContainer() }

    /// An encoder for a new element at the end.
    mutating func superEncoder() -> any Encoder { elementEncoder() }
}
