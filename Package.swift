// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "swift-coordinators",
    platforms: [
        .macOS(.v14),
        .iOS(.v17),
        .tvOS(.v17),
        .watchOS(.v10),
        .visionOS(.v1),
    ],
    products: [
        .library(name: "Coordinators", targets: ["Coordinators"]),
        .library(name: "CoordinatorsTesting", targets: ["CoordinatorsTesting"]),
        .executable(name: "CoordinatorsDemo", targets: ["CoordinatorsDemo"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "Coordinators"),
        .target(name: "CoordinatorsTesting", dependencies: ["Coordinators"]),
        .executableTarget(name: "CoordinatorsDemo", dependencies: ["Coordinators"]),
        .testTarget(name: "CoordinatorsTests", dependencies: ["Coordinators", "CoordinatorsTesting"]),
        .testTarget(name: "CoordinatorsTestingTests", dependencies: ["CoordinatorsTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
