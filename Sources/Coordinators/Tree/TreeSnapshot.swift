/// The live coordinator tree at one moment, as plain values.
///
/// `description` prints it as an indented tree; `mermaid` as a Mermaid flowchart.
///
/// ```text
/// AppCoordinator #1 [running] routes: home
///   · p2 HomeScreen (main) on NavigationPresenter for home
///   LoginCoordinator #3 [running]
///     · p4 LoginScreen (main) on ModalPresenter
/// ```
public struct TreeSnapshot: Sendable, Hashable, CustomStringConvertible {
    /// The root coordinator, or `nil` if the tree runs nothing.
    public let root: CoordinatorSnapshot?

    /// Every coordinator in the tree, parents before children.
    public var allCoordinators: [CoordinatorSnapshot] {
        var result: [CoordinatorSnapshot] = []
        func visit(_ node: CoordinatorSnapshot) {
            result.append(node)
            node.children.forEach(visit)
        }
        root.map(visit)
        return result
    }

    /// The tree as indented text, one coordinator or presentation per line.
    public var description: String {
        guard let root else { return "(no coordinator running)" }
        var lines: [String] = []
        func visit(_ node: CoordinatorSnapshot, depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            let routes = node.routes.isEmpty ? "" : " routes: \(node.routes.joined(separator: " → "))"
            lines.append("\(indent)\(node.coordinatorType) \(node.id) [\(node.state)]\(routes)")
            for presentation in node.presentations {
                lines.append("\(indent)  · \(presentation)")
            }
            for child in node.children {
                visit(child, depth: depth + 1)
            }
        }
        visit(root, depth: 0)
        return lines.joined(separator: "\n")
    }

    /// The tree as a Mermaid flowchart (`graph TD`), for documentation and debugging.
    public var mermaid: String {
        var lines = ["graph TD"]
        func label(_ node: CoordinatorSnapshot) -> String {
            let screens = node.presentations.map { "<br/>· \($0.screen)\($0.isMain ? " (main)" : "")" }.joined()
            return "\(node.coordinatorType) \(node.id)<br/><i>\(node.state)</i>\(screens)"
                .replacingAll("\"", with: "'")
        }
        func visit(_ node: CoordinatorSnapshot) {
            lines.append("    c\(node.id.rawValue)[\"\(label(node))\"]")
            for child in node.children {
                visit(child)
                lines.append("    c\(node.id.rawValue) --> c\(child.id.rawValue)")
            }
        }
        root.map(visit)
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// `replacingOccurrences(of:with:)` without Foundation.
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
