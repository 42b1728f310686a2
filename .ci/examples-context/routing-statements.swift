// Wraps a block of Guides/Routing.md's statements (the app's, or a test's): the tree and
// the movies coordinator are in scope, and Foundation is imported (for JSON).
import Foundation

private func example(tree: CoordinatorTree, movies: MoviesCoordinator) async throws {
    // EXAMPLE
}
