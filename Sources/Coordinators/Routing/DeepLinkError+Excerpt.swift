extension DeepLinkError {
    /// How many characters (Unicode scalars, escapes included) of a text from outside the
    /// library a message shows at most, before `… (K more characters)`.
    static let excerptLimit = 500

    /// `text` as a message may embed it: bounded and escaped, so that a huge or hostile text
    /// (a URL, a route's text, the description of an error the app threw) neither makes a
    /// huge message nor reaches a log as invisible or line-breaking characters.
    ///
    /// Backslashes, control characters, format characters (bidi overrides and isolates,
    /// zero-width characters, the byte order mark) and line and paragraph separators are
    /// escaped as a Swift string literal writes them: `\\`, `\0`, `\t`, `\n`, `\r`, else
    /// `\u{202E}`. The escaped text is cut after `excerptLimit` characters, never inside an
    /// escape, and what is left out is counted: `abc… (1048076 more characters)`.
    static func excerpt(_ text: String) -> String {
        var result = ""
        var scalars = text.unicodeScalars[...]
        var shown = 0
        while let scalar = scalars.first {
            let escaped = escape(scalar)
            let count = escaped?.unicodeScalars.count ?? 1
            guard shown + count <= excerptLimit else { break }
            if let escaped { result += escaped } else { result.unicodeScalars.append(scalar) }
            shown += count
            scalars = scalars.dropFirst()
        }
        if !scalars.isEmpty {
            let more = scalars.count
            result += "… (\(more) more \(more == 1 ? "character" : "characters"))"
        }
        return result
    }

    /// `excerpt` of the description of `value`.
    static func excerpt(describing value: Any) -> String {
        excerpt(String(describing: value))
    }

    /// How `scalar` is written in an excerpt, if not as itself.
    private static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\\": return "\\\\"
        case "\0": return "\\0"
        case "\t": return "\\t"
        case "\n": return "\\n"
        case "\r": return "\\r"
        default: break
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator:
            return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default:
            return nil
        }
    }
}
