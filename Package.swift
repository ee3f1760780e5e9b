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
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-numerics.git", from: "1.1.1"),
    ],
    targets: [
        .target(
            name: "CollectionEngine",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")],
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
    ],
    swiftLanguageModes: [.v6]
)
