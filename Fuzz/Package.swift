// swift-tools-version: 6.1
import PackageDescription

// Fuzzing for Reel: six libFuzzer targets and the mutation tool `reel-mutate`. A package of its
// own, like Benchmarks/, so that `swift build` and `swift test` at the top never build with sanitizers.
//
// Each fuzz target links libFuzzer and AddressSanitizer itself, so a plain `swift build` here gives working
// (if coverage-blind) fuzzers. For real fuzzing, `run.sh build` also instruments the main package's modules
// with `-Xswiftc -sanitize=fuzzer,address` (see README.md); `reel-mutate` is built without sanitizers.

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// A libFuzzer target: `LLVMFuzzerTestOneInput` is what it tests; its `main.swift` starts libFuzzer's driver
/// (`FuzzDriver`).
func fuzzTarget(_ name: String, dependencies: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzDriver"] + dependencies,
        swiftSettings: swiftSettings + [.unsafeFlags(["-sanitize=fuzzer,address"])],
        linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]
    )
}

let package = Package(
    name: "ReelFuzz",
    products: [
        .executable(name: "fuzz-trace-reader", targets: ["fuzz-trace-reader"]),
        .executable(name: "fuzz-batch", targets: ["fuzz-batch"]),
        .executable(name: "fuzz-replay", targets: ["fuzz-replay"]),
        .executable(name: "fuzz-output-paths", targets: ["fuzz-output-paths"]),
        .executable(name: "fuzz-record", targets: ["fuzz-record"]),
        .executable(name: "fuzz-json-readers", targets: ["fuzz-json-readers"]),
        .executable(name: "reel-mutate", targets: ["reel-mutate"]),
    ],
    dependencies: [
        // Named, so that the dependencies below find it whatever the clone's folder is called.
        .package(name: "Reel", path: ".."),
    ],
    targets: [
        .target(name: "FuzzDriver", swiftSettings: swiftSettings),
        fuzzTarget("fuzz-trace-reader", dependencies: [.product(name: "TraceXML", package: "Reel")]),
        fuzzTarget("fuzz-batch", dependencies: [
            .product(name: "CollectionEngine", package: "Reel"),
            .product(name: "TraceXML", package: "Reel"), // TraceLimits
        ]),
        fuzzTarget("fuzz-replay", dependencies: [
            .product(name: "Replay", package: "Reel"),
            .product(name: "TraceXML", package: "Reel"),
        ]),
        fuzzTarget("fuzz-output-paths", dependencies: [.product(name: "Reporting", package: "Reel")]),
        fuzzTarget("fuzz-record", dependencies: [
            .product(name: "ReelCLI", package: "Reel"),
            .product(name: "Replay", package: "Reel"),
            .product(name: "Layouts", package: "Reel"),
            .product(name: "TraceXML", package: "Reel"),
        ]),
        fuzzTarget("fuzz-json-readers", dependencies: [.product(name: "Reporting", package: "Reel")]),
        .executableTarget(name: "reel-mutate", swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
