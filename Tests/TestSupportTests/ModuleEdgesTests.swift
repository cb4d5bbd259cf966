import CLITestSupport
import Foundation
import XCTest

/// The package's edges as docs/architecture.md states them, read from SwiftPM's own account of the
/// manifest (`swift package dump-package`): the one declared product, `SegueSnapshotTesting`,
/// reaches neither the video encoder nor the preview's server, so a package that depends on it
/// builds no FFmpeg client and fetches no server packages.
final class ModuleEdgesTests: XCTestCase {
    struct Manifest {
        var dependencies: [String: [String]]
        var packagesOf: [String: [String]]
        var products: [(name: String, type: String)]
    }

    func manifest() throws -> Manifest {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        // A scratch folder of its own: the running `swift test` holds the lock on `.build`.
        let scratch = try CLI.temporaryFolder(self)
        let result = try CLI.run(URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package", "--scratch-path", scratch.path, "dump-package"],
                                 in: root, timeout: 300)
        XCTAssertEqual(result.status, 0, "swift package dump-package: \(result.stderr)")
        let data = result.stdout
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var dependencies: [String: [String]] = [:], packagesOf: [String: [String]] = [:]
        for target in json["targets"] as? [[String: Any]] ?? [] {
            let name = try XCTUnwrap(target["name"] as? String)
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let byName = dependency["byName"] as? [Any], let other = byName.first as? String {
                    dependencies[name, default: []].append(other)
                } else if let product = dependency["product"] as? [Any], let package = product.dropFirst().first as? String {
                    packagesOf[name, default: []].append(package)
                }
            }
        }
        let products = (json["products"] as? [[String: Any]] ?? []).map { product in
            (name: product["name"] as? String ?? "", type: (product["type"] as? [String: Any])?.keys.first ?? "")
        }
        return Manifest(dependencies: dependencies, packagesOf: packagesOf, products: products)
    }

    /// Every target `target` depends on, directly or not.
    func closure(of target: String, in manifest: Manifest) -> Set<String> {
        var seen: Set<String> = [], queue = [target]
        while let next = queue.popLast() {
            for dependency in manifest.dependencies[next] ?? [] where seen.insert(dependency).inserted { queue.append(dependency) }
        }
        return seen
    }

    func testTheSnapshotLibraryReachesNoEncoderAndNoServer() throws {
        let manifest = try manifest()
        for library in ["SegueSnapshotTesting", "Snapshots", "Stills"] {
            let reached = closure(of: library, in: manifest)
            XCTAssertTrue(reached.isDisjoint(with: ["Video", "CFFmpeg", "Pipeline", "Preview", "segue"]),
                          "\(library) reaches \(reached.intersection(["Video", "CFFmpeg", "Pipeline", "Preview", "segue"]).sorted())")
            let packages = Set(([library] + reached).flatMap { manifest.packagesOf[$0] ?? [] })
            XCTAssertEqual(packages, [], "\(library) needs the packages \(packages.sorted())")
        }
        XCTAssertTrue(closure(of: "Scene", in: manifest).contains("Workers"), "the architecture's list says Scene uses Workers")
    }

    /// A declared product makes every package that depends on this one resolve what it needs: the
    /// `segue` executable (ArgumentParser, Hummingbird, NIO) is the root package's own.
    func testTheOnlyDeclaredProductIsTheSnapshotLibrary() throws {
        let products = try manifest().products
        XCTAssertEqual(products.map(\.name), ["SegueSnapshotTesting"])
        XCTAssertEqual(products.map(\.type), ["library"])
    }
}
