import Foundation
import Testing

@testable import Coordinators

/// `encodeRoute` and `decodeRoute` save and restore routes (user enums with synthesized `Codable`) as
/// plain values, directly and through JSON, and fail with a thrown `DecodingError`, never a crash.
@Suite("RouteValue")
struct RouteValueTests {
    /// A screen inside a route: a nested enum.
    enum Tab: String, Codable, Hashable, Sendable {
        case inbox
        case archive
    }

    /// A struct inside a route.
    struct Filter: Codable, Hashable, Sendable {
        var tags: [String]
        var limit: Int
        var unread: Bool?
    }

    /// The routes of an app, with every kind of payload synthesized `Codable` handles.
    enum Route: Codable, Hashable, Sendable {
        case home
        case profile(userID: Int64, name: String)
        case article(String, Int)
        case mailbox(Tab, filter: Filter)
        case search(query: String?, page: Int?)
        case gallery([String], ratings: [String: Int])
        case place(latitude: Double, longitude: Double, satellite: Bool)
        case small(UInt8, Int16, UInt32, Float)
        indirect case back(Route?)
    }

    /// Routes holding one of each kind of payload.
    static let routes: [Route] = [
        .home,
        .profile(userID: 42, name: "Zoë 🚀 日本語"),
        .article("intro", -3),
        .mailbox(.archive, filter: Filter(tags: ["work", "🌍"], limit: 20, unread: true)),
        .mailbox(.inbox, filter: Filter(tags: [], limit: 0, unread: nil)),
        .search(query: "swift", page: nil),
        .search(query: nil, page: 2),
        .gallery(["a", "b"], ratings: ["a": 5, "b": -1]),
        .place(latitude: 52.52, longitude: -0.125, satellite: true),
        .small(255, -32_768, 4_000_000_000, 0.1),
        .back(.back(.profile(userID: Int64.min, name: ""))),
        .back(nil),
    ]

    /// Saves and restores through JSON, the way an app writes a navigation state to disk.
    static func throughJSON(_ value: RouteValue) throws -> RouteValue {
        try JSONDecoder().decode(RouteValue.self, from: JSONEncoder().encode(value))
    }

    /// The JSON text of `value`, with sorted keys.
    static func jsonText(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// What `JSONDecoder` reads from `text` as a `RouteValue`.
    static func fromJSON(_ text: String) throws -> RouteValue {
        try JSONDecoder().decode(RouteValue.self, from: Data(text.utf8))
    }

    @Test(arguments: routes)
    func everyRouteComesBackFromItsRouteValue(route: Route) throws {
        #expect(try decodeRoute(Route.self, from: encodeRoute(route)) == route)
    }

    @Test(arguments: routes)
    func everyRouteComesBackThroughJSON(route: Route) throws {
        let restored = try Self.throughJSON(encodeRoute(route))
        #expect(try decodeRoute(Route.self, from: restored) == route)
    }

    /// The routes without a `Float`, whose JSON is its shortest decimal, not its `Double`'s.
    static let routesWithoutFloats = routes.filter {
        if case .small = $0 { false } else { true }
    }

    @Test(arguments: routesWithoutFloats)
    func aRouteValueIsTheTreeJSONEncoderWrites(route: Route) throws {
        #expect(try encodeRoute(route) == Self.fromJSON(Self.jsonText(route)))
    }

    @Test func casesAreObjectsWithOneMemberNamedAfterTheCase() throws {
        #expect(try encodeRoute(Route.home) == .object(["home": .object([:])]))
        #expect(
            try encodeRoute(Route.profile(userID: 7, name: "Zoë"))
                == .object(["profile": .object(["userID": .int(7), "name": .string("Zoë")])])
        )
        let article = RouteValue.object(["article": .object(["_0": .string("a"), "_1": .int(1)])])
        #expect(try encodeRoute(Route.article("a", 1)) == article)
    }

    @Test func aNilOptionalIsLeftOutAndComesBackNil() throws {
        let value = try encodeRoute(Route.search(query: nil, page: 2))
        #expect(value == .object(["search": .object(["page": .int(2)])]))
        #expect(try decodeRoute(Route.self, from: value) == .search(query: nil, page: 2))
    }

    @Test func aNullMemberDecodesAsNil() throws {
        let value = RouteValue.object(["search": .object(["query": .null, "page": .null])])
        #expect(try decodeRoute(Route.self, from: value) == .search(query: nil, page: nil))
    }

    @Test func aRouteValueWritesNaturalJSON() throws {
        let value = RouteValue.array([
            .null, .bool(true), .int(3), .double(2.5), .string("a"), .array([]), .object(["k": .int(-1)]),
        ])
        #expect(try Self.jsonText(value) == #"[null,true,3,2.5,"a",[],{"k":-1}]"#)
    }

    @Test func jsonScalarsReadBackAsTheirOwnKind() throws {
        #expect(try Self.fromJSON("null") == .null)
        #expect(try Self.fromJSON("true") == .bool(true))
        #expect(try Self.fromJSON("false") == .bool(false))
        #expect(try Self.fromJSON("1") == .int(1))
        #expect(try Self.fromJSON("0") == .int(0))
        #expect(try Self.fromJSON("3") == .int(3))
        #expect(try Self.fromJSON("-9223372036854775808") == .int(.min))
        #expect(try Self.fromJSON("2.5") == .double(2.5))
        #expect(try Self.fromJSON("9223372036854775808") == .double(9_223_372_036_854_775_808))
        #expect(try Self.fromJSON(#""ü""#) == .string("ü"))
        #expect(try Self.fromJSON(#"{"a":[1,{}]}"#) == .object(["a": .array([.int(1), .object([:])])]))
    }

    @Test func aWholeDoubleComesBackFromJSONAsAnIntThatStillDecodesAsADouble() throws {
        let restored = try Self.throughJSON(encodeRoute(Route.place(latitude: 3, longitude: 0, satellite: false)))
        let place = RouteValue.object(["latitude": .int(3), "longitude": .int(0), "satellite": .bool(false)])
        #expect(restored == .object(["place": place]))
        #expect(try decodeRoute(Route.self, from: restored) == .place(latitude: 3, longitude: 0, satellite: false))
    }

    @Test func aRouteValueDecodesAsItself() throws {
        let value = RouteValue.object(["x": .double(3), "y": .array([.null])])
        #expect(try encodeRoute(value) == value)
        #expect(try decodeRoute(RouteValue.self, from: value) == value)
        #expect(try decodeRoute(RouteValue?.self, from: .null) == nil)
    }
}

/// What does not decode throws a `DecodingError` that says what and where.
extension RouteValueTests {
    /// The routes of an older version of the app.
    enum OldRoute: Codable {
        case home
        case removed(id: Int)
    }

    /// The routes after an update that removed `removed`.
    enum NewRoute: Codable, Equatable {
        case home
        case added
    }

    /// The error's kind and coding path: `typeMismatch at profile/userID`.
    static func described(_ error: (any Error)?) -> String {
        guard let error = error as? DecodingError else { return "not a DecodingError: \(String(describing: error))" }
        let (kind, context): (String, DecodingError.Context) =
            switch error {
            case .typeMismatch(_, let context): ("typeMismatch", context)
            case .valueNotFound(_, let context): ("valueNotFound", context)
            case .keyNotFound(let key, let context): ("keyNotFound \(key.stringValue)", context)
            case .dataCorrupted(let context): ("dataCorrupted", context)
            @unknown default: ("unknown", DecodingError.Context(codingPath: [], debugDescription: ""))
            }
        return "\(kind) at \(context.codingPath.map(\.stringValue).joined(separator: "/"))"
    }

    /// Decodes `value` as a `T`, describing the error it throws.
    static func failure<T: Decodable>(decoding value: RouteValue, as type: T.Type) -> String {
        do {
            return "decoded \(try decodeRoute(type, from: value))"
        } catch {
            return described(error)
        }
    }

    @Test func aRouteWhoseCaseWasRemovedThrowsInsteadOfCrashing() throws {
        let saved = try encodeRoute(OldRoute.removed(id: 1))
        #expect(Self.failure(decoding: saved, as: NewRoute.self) == "typeMismatch at ")
        #expect(throws: DecodingError.self) { try decodeRoute(NewRoute.self, from: Self.throughJSON(saved)) }
        #expect(try decodeRoute(NewRoute.self, from: encodeRoute(OldRoute.home)) == .home)
    }

    @Test func aMemberOfTheWrongTypeThrowsTypeMismatchWithItsPath() {
        let value = RouteValue.object(["profile": .object(["userID": .string("7"), "name": .string("a")])])
        #expect(Self.failure(decoding: value, as: Route.self) == "typeMismatch at profile/userID")
        #expect(Self.failure(decoding: .string("home"), as: Route.self) == "typeMismatch at ")
        #expect(Self.failure(decoding: .array([.int(1), .bool(true)]), as: [Int].self) == "typeMismatch at Index 1")
    }

    @Test func aMissingMemberThrowsKeyNotFound() {
        let value = RouteValue.object(["profile": .object(["userID": .int(7)])])
        #expect(Self.failure(decoding: value, as: Route.self) == "keyNotFound name at profile")
    }

    @Test func aNullWhereAValueIsNeededThrowsValueNotFound() {
        let value = RouteValue.object(["mailbox": .object(["_0": .string("inbox"), "filter": .null])])
        #expect(Self.failure(decoding: value, as: Route.self) == "valueNotFound at mailbox/filter")
        #expect(Self.failure(decoding: .null, as: Int.self) == "valueNotFound at ")
    }

    @Test func aNumberThatDoesNotFitItsTypeThrowsDataCorrupted() throws {
        #expect(Self.failure(decoding: .int(300), as: UInt8.self) == "dataCorrupted at ")
        #expect(Self.failure(decoding: .int(-1), as: UInt.self) == "dataCorrupted at ")
        #expect(Self.failure(decoding: .double(2.5), as: Int.self) == "dataCorrupted at ")
        #expect(Self.failure(decoding: .double(1e300), as: Float.self) == "dataCorrupted at ")
        #expect(try decodeRoute(UInt8.self, from: .int(255)) == 255)
        #expect(try decodeRoute(Int.self, from: .double(3)) == 3)
        #expect(try decodeRoute(UInt64.self, from: .double(9_223_372_036_854_775_808)) == 1 << 63)
        #expect(try decodeRoute(Float.self, from: .int(3)) == 3)
        #expect(try decodeRoute(Double.self, from: .double(.infinity)) == .infinity)
    }

    @Test func corruptJSONThrowsFromJSONDecoder() {
        #expect(throws: DecodingError.self) { try Self.fromJSON(#"{"home": "#) }
        #expect(throws: DecodingError.self) { try Self.fromJSON("") }
    }
}

/// What does not encode throws an `EncodingError` that says where.
extension RouteValueTests {
    /// Throws from `encode(to:)`, reporting the encoder's coding path.
    struct ReportsItsPath: Encodable {
        func encode(to encoder: any Encoder) throws {
            throw EncodingError.invalidValue(
                0, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: ""))
        }
    }

    /// Asks for a keyed container after encoding a single value.
    struct AsksForTwoContainers: Encodable {
        enum Key: CodingKey { case a }
        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(1)
            var keyed = encoder.container(keyedBy: Key.self)
            try keyed.encode(2, forKey: .a)
        }
    }

    /// Encodes nothing at all.
    struct EncodesNothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    /// The coding path of the `EncodingError` that encoding `value` throws, as key names.
    static func encodingPath(_ encode: () throws -> Void) -> [String]? {
        do {
            try encode()
            return nil
        } catch EncodingError.invalidValue(_, let context) {
            return context.codingPath.map(\.stringValue)
        } catch {
            return ["unexpected \(error)"]
        }
    }

    @Test func theCodingPathIsTheOneJSONEncoderGives() {
        let value = ["routes": [["x": [ReportsItsPath()]]]]
        let path = Self.encodingPath { _ = try encodeRoute(value) }
        #expect(path == ["routes", "Index 0", "x", "Index 0"])
        #expect(path == Self.encodingPath { _ = try JSONEncoder().encode(value) })
    }

    @Test func anUnsignedIntegerAboveInt64MaxThrowsInvalidValue() throws {
        #expect(Self.encodingPath { _ = try encodeRoute(["big": UInt64.max]) } == ["big"])
        #expect(Self.encodingPath { _ = try encodeRoute([UInt(Int64.max) + 1]) } == ["Index 0"])
        #expect(try encodeRoute(UInt64(Int64.max)) == .int(.max))
    }

    @Test func askingOnePositionForTwoKindsOfContainerThrows() {
        #expect(Self.encodingPath { _ = try encodeRoute(["a": AsksForTwoContainers()]) } == ["a"])
    }

    @Test func aValueThatEncodesNothingIsAnEmptyObjectInsideAndAnErrorAtTheTop() throws {
        #expect(try encodeRoute(["a": EncodesNothing()]) == .object(["a": .object([:])]))
        #expect(Self.encodingPath { _ = try encodeRoute(EncodesNothing()) } == [])
    }
}

/// Every container, nested container and super encoder or decoder works as `JSONEncoder`'s and
/// `JSONDecoder`'s do.
extension RouteValueTests {
    /// A hand-written `Codable` type that uses every kind of container.
    struct EveryContainer: Codable, Equatable {
        var name: String
        var x: Float
        var y: Double
        var rows: [[Int8]]
        var tags: [UInt16]
        var base: Int
        var flag: Bool?

        /// The object's members.
        enum Key: String, CodingKey { case name, point, rows, tags, flag }
        /// The point's members.
        enum Axis: String, CodingKey { case x, y }
        /// A tag's one member.
        enum TagKey: String, CodingKey { case tag }

        init(name: String, x: Float, y: Double, rows: [[Int8]], tags: [UInt16], base: Int, flag: Bool?) {
            (self.name, self.x, self.y, self.rows, self.tags, self.base, self.flag) = (
                name, x, y, rows, tags, base, flag
            )
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(name, forKey: .name)
            var point = container.nestedContainer(keyedBy: Axis.self, forKey: .point)
            try point.encode(x, forKey: .x)
            try point.encode(y, forKey: .y)
            var rowsContainer = container.nestedUnkeyedContainer(forKey: .rows)
            for row in rows {
                var rowContainer = rowsContainer.nestedUnkeyedContainer()
                for cell in row { try rowContainer.encode(cell) }
            }
            var tagsContainer = container.nestedUnkeyedContainer(forKey: .tags)
            for tag in tags {
                var tagContainer = tagsContainer.nestedContainer(keyedBy: TagKey.self)
                try tagContainer.encode(tag, forKey: .tag)
            }
            try Int32(tags.count).encode(to: tagsContainer.superEncoder())
            try base.encode(to: container.superEncoder())
            try flag.encode(to: container.superEncoder(forKey: .flag))
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            name = try container.decode(String.self, forKey: .name)
            let point = try container.nestedContainer(keyedBy: Axis.self, forKey: .point)
            x = try point.decode(Float.self, forKey: .x)
            y = try point.decode(Double.self, forKey: .y)
            var rowsContainer = try container.nestedUnkeyedContainer(forKey: .rows)
            rows = []
            while !rowsContainer.isAtEnd {
                var rowContainer = try rowsContainer.nestedUnkeyedContainer()
                var row: [Int8] = []
                while !rowContainer.isAtEnd { row.append(try rowContainer.decode(Int8.self)) }
                rows.append(row)
            }
            var tagsContainer = try container.nestedUnkeyedContainer(forKey: .tags)
            tags = []
            while tagsContainer.currentIndex < tagsContainer.count! - 1 {
                tags.append(try tagsContainer.nestedContainer(keyedBy: TagKey.self).decode(UInt16.self, forKey: .tag))
            }
            guard try Int32(from: tagsContainer.superDecoder()) == tags.count, tagsContainer.isAtEnd else {
                throw DecodingError.dataCorruptedError(in: tagsContainer, debugDescription: "Wrong count")
            }
            base = try Int(from: container.superDecoder())
            flag = try Bool?(from: container.superDecoder(forKey: .flag))
        }
    }

    /// Reads an object through every keyed and unkeyed decoding API, noting what it sees.
    struct ContainerProbe: Decodable {
        var notes: [String] = []

        /// The members it asks about.
        enum Key: String, CodingKey { case list, empty, flag, absent, nested }

        /// `"value"`, or the kind and path of the error `read` throws.
        static func outcome(_ read: () throws -> Any) -> String {
            do { return "\(try read())" } catch { return RouteValueTests.described(error) }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            notes.append("\(container.allKeys.map(\.stringValue).sorted())")
            notes.append("\(container.contains(.absent)) \(container.contains(.empty))")
            notes.append(Self.outcome { try container.decodeNil(forKey: .empty) })
            notes.append(Self.outcome { try container.decodeNil(forKey: .flag) })
            notes.append(Self.outcome { try container.decodeNil(forKey: .absent) })
            notes.append(Self.outcome { try container.decodeIfPresent(Int.self, forKey: .absent) as Any })
            notes.append(Self.outcome { try container.decodeIfPresent(Int.self, forKey: .empty) as Any })
            notes.append(Self.outcome { try container.decode(Int.self, forKey: .empty) })
            notes.append(Self.outcome { try container.decode(String.self, forKey: .flag) })
            notes.append(Self.outcome { try container.nestedContainer(keyedBy: Key.self, forKey: .flag).allKeys })
            notes.append(Self.outcome { try container.nestedContainer(keyedBy: Key.self, forKey: .empty).allKeys })
            notes.append(Self.outcome { try container.superDecoder().codingPath.map(\.stringValue) })
            notes.append(Self.outcome { try container.nestedUnkeyedContainer(forKey: .absent) })
            notes.append(Self.outcome { try Int?(from: container.superDecoder(forKey: .absent)) as Any })
            let nested = try container.nestedContainer(keyedBy: Key.self, forKey: .nested)
            notes.append(Self.outcome { try nested.decode(Int.self, forKey: .flag) })
            var list = try container.nestedUnkeyedContainer(forKey: .list)
            notes.append("\(String(describing: list.count)) \(list.currentIndex) \(list.isAtEnd)")
            notes.append(Self.outcome { try list.decodeNil() })
            notes.append(Self.outcome { try list.decode(String.self) })
            notes.append(Self.outcome { try list.decode(Int.self) })
            notes.append(Self.outcome { try list.decodeNil() })
            notes.append(Self.outcome { try list.nestedContainer(keyedBy: Key.self).allKeys })
            notes.append(Self.outcome { try list.decode(UInt8.self) })
            notes.append("\(list.currentIndex) \(list.isAtEnd)")
            notes.append(Self.outcome { try list.decode(String.self) })
            notes.append(Self.outcome { try list.decodeNil() })
            notes.append(Self.outcome { try list.nestedUnkeyedContainer().count as Any })
            notes.append(Self.outcome { try list.superDecoder().codingPath.map(\.stringValue) })
            notes.append("\(list.currentIndex) \(list.isAtEnd)")
        }
    }

    static let everyContainer = EveryContainer(
        name: "é", x: 0.5, y: -2.25, rows: [[1, -128], [], [127]], tags: [7, 65_535], base: -9, flag: nil
    )

    @Test func nestedContainersAndSuperEncodersWriteWhatJSONEncoderWrites() throws {
        let value = try encodeRoute(Self.everyContainer)
        #expect(value == (try Self.fromJSON(Self.jsonText(Self.everyContainer))))
        #expect(value.member("super") == .int(-9))
        #expect(value.member("flag") == .null)
    }

    @Test func nestedContainersAndSuperDecodersReadBackWhatWasWritten() throws {
        var withFlag = Self.everyContainer
        withFlag.flag = true
        for original in [Self.everyContainer, withFlag] {
            #expect(try decodeRoute(EveryContainer.self, from: encodeRoute(original)) == original)
            #expect(try decodeRoute(EveryContainer.self, from: Self.throughJSON(encodeRoute(original))) == original)
        }
    }

    @Test func everyDecodingContainerAPIAnswersAsJSONDecoderDoes() throws {
        let json = #"{"list":[300,null,{},"s"],"empty":null,"flag":true,"nested":{"flag":"no"}}"#
        let fromJSON = try JSONDecoder().decode(ContainerProbe.self, from: Data(json.utf8)).notes
        let fromRouteValue = try decodeRoute(ContainerProbe.self, from: Self.fromJSON(json)).notes
        #expect(fromRouteValue == fromJSON)
        #expect(fromRouteValue.count == 28)
        #expect(fromRouteValue.first == #"["empty", "flag", "list", "nested"]"#)
    }
}

extension RouteValue {
    /// The member named `name` of an object, or `nil`.
    fileprivate func member(_ name: String) -> RouteValue? {
        guard case .object(let members) = self else { return nil }
        return members[name]
    }
}
