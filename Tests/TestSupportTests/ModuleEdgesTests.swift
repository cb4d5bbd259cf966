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
        /// Every module a target may import: the package's targets and the products its targets name.
        var declaredModules: Set<String> = []
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
        var declared: Set<String> = []
        for target in json["targets"] as? [[String: Any]] ?? [] {
            let name = try XCTUnwrap(target["name"] as? String)
            declared.insert(name)
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let byName = dependency["byName"] as? [Any], let other = byName.first as? String {
                    dependencies[name, default: []].append(other)
                } else if let product = dependency["product"] as? [Any], let package = product.dropFirst().first as? String {
                    packagesOf[name, default: []].append(package)
                    if let module = product.first as? String { declared.insert(module) }
                }
            }
        }
        let products = (json["products"] as? [[String: Any]] ?? []).map { product in
            (name: product["name"] as? String ?? "", type: (product["type"] as? [String: Any])?.keys.first ?? "")
        }
        declared.formUnion(dependencies.values.joined())
        return Manifest(dependencies: dependencies, packagesOf: packagesOf, products: products, declaredModules: declared)
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

    /// A source imports only what the manifest declares — its own targets and the products it names
    /// — and the platform's modules: no internal target of another package (a YAML package's vendored
    /// `CYaml` was imported once, for the alias budget; the loader now reads Debian's libyaml through
    /// `CLibYAML`).
    func testSourcesImportOnlyDeclaredModules() throws {
        let declared = try manifest().declaredModules
        let platform: Set<String> = ["Foundation", "FoundationEssentials", "FoundationNetworking", "Glibc", "Darwin", "Dispatch",
                                     "Synchronization", "XCTest", "Testing", "_Builtin_intrinsics"]
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" } ?? []
        XCTAssertGreaterThan(files.count, 100)
        var strays: [String] = []
        for file in files {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                      words[..<at].allSatisfy({ ["internal", "public", "package", "@testable", "@_implementationOnly", "@preconcurrency"].contains($0) })
                else { continue }
                let module = String(words[at + 1].split(separator: ".").first ?? "")
                if !declared.contains(module), !platform.contains(module) { strays.append("\(file.lastPathComponent): import \(module)") }
            }
        }
        XCTAssertEqual(strays, [], "modules the manifest does not declare")
    }
}
