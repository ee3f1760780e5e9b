// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Reel",
    products: [
        .library(name: "CollectionEngine", targets: ["CollectionEngine"]),
        .library(name: "Layouts", targets: ["Layouts"]),
        .library(name: "Reporting", targets: ["Reporting"]),
        .library(name: "Replay", targets: ["Replay"]),
        .library(name: "ReelCLI", targets: ["ReelCLI"]),
        .executable(name: "reel", targets: ["reel"]),
        .library(name: "TraceXML", targets: ["TraceXML"]),
        .library(name: "ReelUIKit", targets: ["ReelUIKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-numerics.git", from: "1.1.1"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        // Point, Size, Rect and EdgeInsets: the one geometry of traces, the engine and snapshots.
        .target(name: "ReelGeometry", swiftSettings: swiftSettings),
        .target(
            name: "CollectionEngine",
            dependencies: [
                "ReelGeometry", "CCycleCounter", "CLayoutTally", .product(name: "RealModule", package: "swift-numerics"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Layouts",
            dependencies: ["CollectionEngine", .product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: swiftSettings
        ),
        // UIKit's collection-view names over the engine, so that a UIKit layout file compiles with only its import
        // changed; it re-exports Foundation and neither the engine nor Layouts.
        .target(
            name: "ReelUIKit",
            dependencies: ["CollectionEngine", "Layouts"],
            swiftSettings: swiftSettings
        ),
        .plugin(name: "ReelVersionPlugin", capability: .buildTool()),
        .target(
            name: "ReelVersion",
            swiftSettings: swiftSettings,
            plugins: ["ReelVersionPlugin"]
        ),
        .target(
            name: "Reporting",
            dependencies: [
                "ReelGeometry", "ReelVersion",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "RealModule", package: "swift-numerics"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Replay",
            dependencies: [
                "CollectionEngine", "Layouts", "TraceXML", "Reporting", "CCycleCounter",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(name: "CCycleCounter"),
        // A per-thread tally of the attributes layouts create, for the engine's counters.
        .target(name: "CLayoutTally"),
        .target(
            name: "ReelCLI",
            dependencies: [
                "Replay", "Layouts", "Reporting", "ReelVersion", "TraceXML",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "reel",
            dependencies: ["ReelCLI"],
            swiftSettings: swiftSettings
        ),
        // Test support, under Tests/: what several test targets share, each part with only what it uses.
        .target(
            name: "TestSupport",
            dependencies: ["ReelVersion"],
            path: "Tests/TestSupport",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "EngineTestSupport",
            dependencies: ["CollectionEngine"],
            path: "Tests/EngineTestSupport",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ShippedTraceSupport",
            dependencies: ["Replay", "Reporting", "TraceXML"],
            path: "Tests/ShippedTraceSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CollectionEngineTests",
            dependencies: ["CollectionEngine", "EngineTestSupport", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(
            name: "TraceXML",
            dependencies: ["ReelGeometry", "CLibXML2"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LayoutsTests",
            dependencies: ["Layouts", "CollectionEngine", "EngineTestSupport", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        // The slow tier: every shipped trace replayed once per mode and every check derived from those replays,
        // the shipped sessions' own checks, and their scenarios recorded on every screen width.
        .testTarget(
            name: "ShippedTraceTests",
            dependencies: ["CollectionEngine", "Layouts", "Replay", "Reporting", "ShippedTraceSupport", "TestSupport",
                           "TraceXML"],
            exclude: ["Golden"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ReplayTests",
            dependencies: ["Replay", "Layouts", "Reporting", "EngineTestSupport", "TestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TraceXMLTests",
            dependencies: ["TraceXML", "TestSupport"],
            exclude: ["Fixtures", "Golden"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ReelCLITests",
            dependencies: ["reel", "ReelCLI", "Replay", "Reporting", "ReelVersion", "ShippedTraceSupport", "TestSupport", "TraceXML",
                           "CLibXML2"],
            exclude: ["Golden"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ReelUIKitTests",
            dependencies: ["ReelUIKit", "CollectionEngine", "Layouts", "Replay", "Reporting", "TraceXML",
                           "ShippedTraceSupport", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ReportingTests",
            dependencies: ["Reporting", "ReelVersion", "TestSupport", "CollectionEngine"],
            exclude: ["Golden"],
            swiftSettings: swiftSettings
        ),
        // Layouts written as UIKit code (Layouts/), compiled through ReelUIKit with only the conditional import
        // and replayed on shipped traces. UIKit-era code writes `Delegate?`, not `(any Delegate)?`: no ExistentialAny.
        .testTarget(
            name: "UIKitFixtureTests",
            dependencies: ["ReelUIKit", "CollectionEngine", "Layouts", "Replay", "Reporting", "ShippedTraceSupport",
                           "TestSupport"],
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
