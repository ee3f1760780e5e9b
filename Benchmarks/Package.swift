// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so that `swift build` and `swift test` of Reel never resolve
// package-benchmark. Run from this folder: `swift package benchmark` (see TRACEXML-RESULTS.md).
let package = Package(
    name: "ReelBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Reel", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark.git", from: "1.38.1",
                 traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "TraceXMLReading",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "TraceXML", package: "Reel"),
            ],
            path: "Benchmarks/TraceXMLReading",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
