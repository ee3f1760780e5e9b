// swift-tools-version: 6.1
// Reel's benchmarks: their own package, so that `swift build` and `swift test` at the top never resolve it.
// Run from this folder: `swift package --allow-writing-to-package-directory benchmark`.
import PackageDescription

let package = Package(
    name: "ReelBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Reel", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        .executableTarget(
            name: "FlowLayoutBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "CollectionEngine", package: "Reel"),
                .product(name: "ReelUIKit", package: "Reel"),
            ],
            path: "Benchmarks/FlowLayout",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "CompositionalBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "CollectionEngine", package: "Reel"),
            ],
            path: "Benchmarks/Compositional",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "DiffableBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "CollectionEngine", package: "Reel"),
            ],
            path: "Benchmarks/Diffable",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "LayoutBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "CollectionEngine", package: "Reel"),
                .product(name: "Layouts", package: "Reel"),
            ],
            path: "Benchmarks/Layouts",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ProfilerBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "CollectionEngine", package: "Reel"),
                .product(name: "Replay", package: "Reel"),
            ],
            path: "Benchmarks/Profiler",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ReplayBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Replay", package: "Reel"),
                .product(name: "Reporting", package: "Reel"),
                .product(name: "TraceXML", package: "Reel"),
                "SteadyScrollTrace",
            ],
            path: "Benchmarks/Replay",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "TraceXMLReading",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TraceXML", package: "Reel"),
                .product(name: "Replay", package: "Reel"),
            ],
            path: "Benchmarks/TraceXMLReading",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Not a benchmark (package-benchmark takes every target in Benchmarks/ for one): one read of one trace,
        // for callgrind and for checking that the model is unchanged.
        .executableTarget(
            name: "TraceXMLProfile",
            dependencies: [.product(name: "TraceXML", package: "Reel")],
            path: "Tools/TraceXMLProfile"
        ),
        // Not a benchmark either: the instructions per steady-scroll frame, callgrind's count for a replay
        // of 2N frames minus that of N frames, over N (see its main.swift).
        .executableTarget(
            name: "FrameInstructions",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "TraceXML", package: "Reel"),
            ],
            path: "Tools/FrameInstructions"
        ),
        // The steady-scroll trace the replay benchmarks and ProfilerOverhead share.
        .target(
            name: "SteadyScrollTrace",
            dependencies: [.product(name: "TraceXML", package: "Reel")],
            path: "Support/SteadyScrollTrace"
        ),
        // Not a benchmark either: the profiler's overhead on a steady-scroll frame, observed and unobserved replays
        // alternated in one process (see its main.swift).
        .executableTarget(
            name: "ProfilerOverhead",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Replay", package: "Reel"),
                .product(name: "Reporting", package: "Reel"),
                "SteadyScrollTrace",
            ],
            path: "Tools/ProfilerOverhead"
        ),
        // Not a benchmark either: the instructions of the flow layout's element queries on a steady-scroll frame,
        // callgrind's count inside FlowLayout.layoutAttributesForElements(in:) (see its main.swift).
        .executableTarget(
            name: "QueryInstructions",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "CollectionEngine", package: "Reel"),
                .product(name: "ReelUIKit", package: "Reel"),
            ],
            path: "Tools/QueryInstructions"
        ),
    ],
    swiftLanguageModes: [.v6]
)
