// The names the library gives types: in messages, snapshots and events (the type as written
// in its module), and in saved state (qualified by its module too).

enum TypeNames {
    /// The type as written inside its module: its enclosing types, not its module —
    /// `Movies.Coordinator`, `Gen<Movies.Route>` — so that two nested types of the same name
    /// are told apart in messages.
    static func name(of type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = names.withLock({ $0[key] }) { return name }
        let name = name(qualified: qualifiedName(of: type))
        names.withLock { $0[key] = name }
        return name
    }

    /// The names made so far, by type: a type's name never changes, and each lifecycle event
    /// carries its coordinator's (`lifecycleEventsObserved`).
    private static let names = Locked<[ObjectIdentifier: String]>([:])

    /// `name(of:)` of the type whose `qualifiedName(of:)` is `qualified` (a name saved state
    /// holds).
    static func name(qualified: String) -> String {
        var result = ""
        var path = ""
        func flush() {
            // A dotted path's first component is its module: dropped when more follow.
            if let dot = path.firstIndex(of: ".") { result += path[path.index(after: dot)...] } else { result += path }
            path = ""
        }
        for character in qualified {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                path.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

    /// The type qualified by its module and its enclosing types — `App.Movies.Coordinator` —
    /// the same in every launch of the app: the name saved state is checked against. A
    /// private or local type is named as if it were declared in its file's scope (its
    /// context's address, which changes from launch to launch, is left out).
    static func qualifiedName(of type: Any.Type) -> String {
        String(reflecting: type).split(separator: ".", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("(unknown context at $") }
            .joined(separator: ".")
    }
}
