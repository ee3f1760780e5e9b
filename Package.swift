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
        .library(name: "Reporting", targets: ["Reporting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-numerics.git", from: "1.1.1"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
    ],
    targets: [
        .target(
            name: "CollectionEngine",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Reporting",
            dependencies: [.product(name: "Histogram", package: "hdrhistogram-swift")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TestSupport",
            dependencies: ["CollectionEngine"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CollectionEngineTests",
            dependencies: ["CollectionEngine", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ReportingTests",
            dependencies: ["Reporting", "TestSupport"],
            exclude: ["Golden"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
