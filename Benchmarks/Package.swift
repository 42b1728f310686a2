// swift-tools-version:6.1
import PackageDescription

// The benchmark package is separate from the library (as swift-nio's is), so that the
// library itself keeps `dependencies: []`.
let package = Package(
    name: "swift-coordinators-benchmarks",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "swift-coordinators", path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "CoordinatorsBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Coordinators", package: "swift-coordinators"),
            ],
            path: "Benchmarks/CoordinatorsBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
