import Foundation
import Raster
import Scene

/// One scene's part of a snapshot run: render its points, compare or record each golden,
/// then look for goldens of points it no longer has.
struct SnapshotSceneJob {
    let file: URL
    /// The folder the scene is in; its goldens are in `__snapshots__/<scene name>/` there.
    let folder: URL
    /// Where this scene's failures' images go (emptied first).
    let artifacts: URL
    let options: SnapshotOptions

    func run(_ emit: (SnapshotResult) -> Void) {
        let sceneName = file.deletingPathExtension().lastPathComponent
        let display = SnapshotRunner.display(file)
        let goldens = folder.appendingPathComponent(SnapshotRunner.folderName).appendingPathComponent(sceneName)
        try? FileManager.default.removeItem(at: artifacts)

        let renderer: SnapshotRenderer
        do {
            renderer = try SnapshotRenderer(scene: try SceneFile.load(file.path, settings: options.settings))
        } catch {
            // Without the scene its points are unknown: its goldens are neither checked nor orphaned.
            emit(SnapshotResult(scene: display, name: "", status: .error(Self.describe(error))))
            return
        }
        let plan = SnapshotPlan(scene: renderer.scene, timeline: renderer.timeline)
        let selected = { (name: String) in options.points?.contains(name) ?? true }
        for problem in plan.problems where selected(problem.name) {
            emit(SnapshotResult(scene: display, name: problem.name, status: .error(problem.message),
                                golden: goldens.appendingPathComponent(problem.name + ".png")))
        }
        for point in plan.points where selected(point.name) {
            let golden = goldens.appendingPathComponent(point.name + ".png")
            let image = renderer.image(at: point)
            var result = SnapshotResult(scene: display, name: point.name, status: .unchanged, golden: golden)
            do {
                switch options.mode {
                case .record: try record(image, at: golden, into: &result)
                case .verify: try verify(image, against: golden, into: &result)
                }
            } catch {
                result.status = .error(Self.describe(error))
            }
            emit(result)
        }
        for golden in SnapshotRunner.pngs(in: goldens) where options.points == nil {
            let name = golden.deletingPathExtension().lastPathComponent
            guard !plan.names.contains(name) else { continue }
            emit(SnapshotRunner.orphan(golden, scene: display, name: name, reason: "the scene has no snapshot '\(name)'",
                                       mode: options.mode))
        }
    }

    /// Writes `image` as the golden unless an identical one is already there.
    private func record(_ image: RGBAImage, at golden: URL, into result: inout SnapshotResult) throws {
        if FileManager.default.fileExists(atPath: golden.path), let existing = try? RGBAImage.load(png: golden),
           SnapshotComparison.compare(image, with: existing, tolerance: options.tolerance) == .identical {
            result.status = .unchanged
            return
        }
        try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
        try image.writePNG(to: golden)
        result.status = .recorded
    }

    /// Compares `image` with the golden; on failure writes the actual image and a diff image.
    private func verify(_ image: RGBAImage, against golden: URL, into result: inout SnapshotResult) throws {
        guard FileManager.default.fileExists(atPath: golden.path) else {
            result.status = .missing
            result.actual = try write(image, as: result.name + ".png")
            return
        }
        let expected = try RGBAImage.load(png: golden)
        let verdict = SnapshotComparison.compare(image, with: expected, tolerance: options.tolerance)
        guard !verdict.passes else {
            result.status = .passed(verdict)
            return
        }
        result.status = .failed(verdict)
        result.actual = try write(image, as: result.name + ".png")
        if let diff = SnapshotComparison.diffImage(image, expected, tolerance: options.tolerance) {
            result.diff = try write(diff, as: result.name + ".diff.png")
        }
    }

    private func write(_ image: RGBAImage, as name: String) throws -> URL {
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let url = artifacts.appendingPathComponent(name)
        try image.writePNG(to: url)
        return url
    }

    /// An error as one message: a scene's diagnostics joined, anything else as it describes itself.
    static func describe(_ error: Error) -> String {
        if let error = error as? SceneError { return error.diagnostics.map(\.description).joined(separator: "; ") }
        return "\(error)"
    }
}
