// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "UserLayout",
    dependencies: [
        // Your own package names Reel by its git URL: .package(url: "<Reel's repository URL>", branch: "main").
        .package(name: "Reel", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "my-reel",
            dependencies: [
                .product(name: "CollectionEngine", package: "Reel"),
                .product(name: "Layouts", package: "Reel"),
                .product(name: "Replay", package: "Reel"),
                .product(name: "ReelCLI", package: "Reel"),
            ]
        ),
    ]
)
