// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "UserLayout",
    dependencies: [
        // Your own package names Reel by its git URL: .package(url: "<Reel's repository URL>", branch: "main").
        .package(name: "Reel", path: "../.."),
    ],
    targets: [
        // Swift 6 language mode, strict concurrency included. A layout that keeps `static var` state (legal on iOS,
        // where UIKit's classes are main-actor isolated; ReelUIKit's are not) needs
        // `swiftSettings: [.swiftLanguageMode(.v5)]` here.
        .executableTarget(
            name: "my-reel",
            dependencies: [
                .product(name: "Layouts", package: "Reel"),
                .product(name: "ReelCLI", package: "Reel"),
                .product(name: "ReelUIKit", package: "Reel"),
                .product(name: "Replay", package: "Reel"),
            ]
        ),
    ]
)
