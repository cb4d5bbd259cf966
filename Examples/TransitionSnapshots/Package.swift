// swift-tools-version:6.0
// An app team's test package using SegueSnapshotTesting, as it would depend on Segue: here by
// path, from this repository; in your package, by URL (see the README's "From Swift tests").
import PackageDescription

let package = Package(
    name: "TransitionSnapshots",
    platforms: [.macOS(.v13)],
    dependencies: [
        // In your package: .package(url: "https://github.com/OWNER/segue.git", from: "0.1.0")
        .package(name: "Segue", path: "../.."),
    ],
    targets: [
        .testTarget(
            name: "TransitionSnapshotsTests",
            dependencies: [.product(name: "SegueSnapshotTesting", package: "Segue")],
            exclude: []),
    ]
)
