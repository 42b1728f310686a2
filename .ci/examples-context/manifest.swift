// swift-tools-version:6.0
// The manifest of the package .ci/examples builds. README.md's install block is its
// dependencies and targets, as written: the library is resolved by the identity the README
// names, from a folder of that name (.ci/examples links ../swift-coordinators to the
// repository, whatever the clone's folder is called).
import PackageDescription

let package = Package(
    name: "Examples",
    platforms: [.macOS(.v15), .iOS(.v18)],  // Presenters.md's carousel uses Mutex
    // EXAMPLE README.md
)

// Testing.md's test target (the README's, formatted on its own): checked as a value.
let testingGuideTarget: Target =
    // EXAMPLE Guides/Testing.md
