// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Segue",
    platforms: [.macOS(.v13)],
    // The one product other packages use. The `segue` executable is this package's own: SwiftPM
    // makes a product of every executable target of the root package (`swift build --product segue`),
    // and declaring it here would make every package that depends on SegueSnapshotTesting fetch the
    // CLI's and the preview server's dependencies too (SwiftPM resolves what any declared product
    // needs).
    products: [
        // Verifies scenes' snapshot goldens from XCTest or Swift Testing tests (`assertSceneSnapshots`).
        .library(name: "SegueSnapshotTesting", targets: ["SegueSnapshotTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // The preview's request-line check sits in Hummingbird's channel pipeline (Preview/RequestTarget.swift).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
    ],
    targets: [
        // C libraries, each imported by exactly one Swift module.
        .systemLibrary(name: "CCairo", pkgConfig: "pangocairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFFmpeg", pkgConfig: "libavformat", providers: [.apt(["libavcodec-dev", "libavformat-dev", "libswscale-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // glibc's malloc_trim(3) and mallopt(3): the pages a loaded scene's document leaves free, one heap per core.
        .systemLibrary(name: "CMalloc"),
        // libyaml's event parser, for the alias budget a scene is held to before it is composed.
        .systemLibrary(name: "CLibYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),

        // One worker pool and one lock box: how every module below the CLI runs work in parallel.
        .target(name: "Workers"),
        // The core: no clocks, no drawing or encoding. Scene reads the scene file and checks the
        // files it names (fonts, images: their PNG headers through zlib, several PNGs at once on
        // Workers' pool), and keeps the screens' layouts in Workers' lock box.
        .target(name: "Geometry"),
        .target(name: "Motion", dependencies: ["Geometry"]),
        .target(name: "Interaction", dependencies: ["Geometry"]),
        .target(name: "Scene", dependencies: ["Geometry", "Motion", "Workers", "CZlib", "CMalloc", "CLibYAML"]),
        // A frame's render tree: the values the engine emits and Raster paints, and nothing else.
        .target(name: "RenderTree", dependencies: ["Geometry", "Scene"]),
        .target(name: "Engine", dependencies: ["Geometry", "Motion", "Interaction", "Scene", "RenderTree"]),

        // The edges. Every file they write is staged (and cleaned up on a signal) by Staging.
        .target(name: "Staging"),
        .target(name: "Raster", dependencies: ["Geometry", "Scene", "RenderTree", "CCairo", "CPNG", "Memory", "Staging", "Workers"]),
        .target(name: "Video", dependencies: ["CFFmpeg", "Memory", "Staging", "Workers"]),
        // Zeroed, aligned buffers for pixels and frames, mapped from the kernel when large.
        .target(name: "Memory", dependencies: ["CMalloc"]),
        // A scene's frames as pictures: loading a scene file, the render session and its screen
        // cache, stills, the scene folder and atomic files — everything a snapshot needs, and no encoder.
        .target(name: "Stills", dependencies: ["Geometry", "Scene", "Engine", "Raster", "Staging", "Workers"]),
        // Video, batches, charts, inspection: everything the commands render beyond a still.
        .target(name: "Pipeline", dependencies: ["Geometry", "Scene", "Engine", "Raster", "Stills", "Video", "Staging", "Workers"]),
        // Snapshot testing: points, goldens, comparison, artifacts and reports (`segue snapshot`).
        // Stills, not Pipeline: comparing pictures links no video encoder.
        .target(name: "Snapshots", dependencies: ["Geometry", "Scene", "Engine", "Raster", "Stills", "Staging"]),
        .target(name: "SegueSnapshotTesting", dependencies: ["Snapshots", "Stills"]),
        // `segue preview`: the local web server, its page and the scene-file edits it makes.
        .target(name: "Preview", dependencies: [
            "Pipeline", "Stills", "Snapshots", "Scene", "Engine", "Raster", "Staging", "Workers",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "Export", dependencies: ["Stills", "Scene", "Engine", "Raster", "RenderTree", "Geometry", "Interaction"]),
        .executableTarget(name: "segue", dependencies: [
            "Pipeline", "Stills", "Snapshots", "Scene", "Engine", "Raster", "Staging", "Preview", "Workers", "Memory", "Export",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "InteractionTests", dependencies: ["Interaction"]),
        .testTarget(name: "SceneTests", dependencies: ["Scene", "CLITestSupport"]),
        .testTarget(name: "EngineTests", dependencies: ["Engine", "RenderTree", "Scene", "CLITestSupport"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Engine", "Scene", "CLITestSupport", "CCairo"]),
        .testTarget(name: "VideoTests", dependencies: ["Video"]),
        .testTarget(name: "WorkersTests", dependencies: ["Workers"]),
        // The size budgets of the hand-written sources: it reads files, and depends on nothing.
        .testTarget(name: "SourceBudgetTests"),
        // `segue trace` of every example, replayed in process and compared with Tests/Fixtures/traces.
        .testTarget(name: "TraceTests", dependencies: ["Stills", "Engine", "Scene", "CLITestSupport"]),
        // The command-line tests run the `segue` binary: depending on its target makes building
        // them build it (SwiftPM links the executable's product before such a test bundle).
        .target(name: "CLITestSupport", path: "Tests/CLITestSupport", exclude: ["headless_chromium.py"]),
        .testTarget(name: "EndToEndTests", dependencies: ["Pipeline", "Stills", "Raster", "Scene", "Geometry", "Engine", "Workers", "CLITestSupport", "segue"]),
        .testTarget(name: "PreviewTests", dependencies: ["Preview", "Pipeline", "Stills", "Snapshots", "Scene", "Workers", "CLITestSupport", "segue"],
                    exclude: ["browser_check.py", "variant_check.py"]),
        .testTarget(name: "ExportTests", dependencies: ["Export", "CLITestSupport", "segue"],
                    exclude: ["export_check.py", "player_maths.mjs", "export_hostile_names.py"]),
        .testTarget(name: "SnapshotTests", dependencies: ["Snapshots", "Pipeline", "Stills", "Raster", "Scene", "Engine", "CLITestSupport", "segue"]),
        .testTarget(name: "SegueSnapshotTestingTests", dependencies: ["SegueSnapshotTesting", "Snapshots", "Stills"]),
        // The example app-team package in Examples/TransitionSnapshots (which depends on Segue by
        // path), run in this package's suite too.
        .testTarget(name: "SegueSnapshotTestingExampleTests", dependencies: ["SegueSnapshotTesting"],
                    path: "Examples/TransitionSnapshots/Tests/TransitionSnapshotsTests"),
        // What every test target needs from outside the package, and that no test skips.
        .testTarget(name: "TestSupportTests", dependencies: ["CLITestSupport"]),
    ]
)
