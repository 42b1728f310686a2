// Wraps a block of Guides/SeeingTheTree.md that is part of the app's code: the tree and a
// logger of the app's are in scope.
private struct Logger {
    func log(_ message: String) {}
}

private func example(tree: CoordinatorTree, logger: Logger) async {
    // EXAMPLE
}
