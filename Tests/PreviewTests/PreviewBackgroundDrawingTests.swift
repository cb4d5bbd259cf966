import Foundation
import Pipeline
@testable import Preview
import Stills
import Workers
import XCTest

/// The preview draws a scene's frames in the background after each load; a newer load cancels
/// the older drawing instead of leaving it to compete for the canvases and cores.
final class PreviewBackgroundDrawingTests: XCTestCase {
    func testReloadCancelsTheOlderBackgroundDrawing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-preview-drawing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("drawer.yaml")
        try PreviewGuardTests.scene.write(to: file, atomically: true, encoding: .utf8)

        let document = PreviewDocument(name: "drawer.yaml", file: file, workspace: try PreviewWorkspace(path: folder.path),
                                       settings: RenderSettings())
        let first = try XCTUnwrap(document.backgroundDrawing)
        document.reload()
        let second = try XCTUnwrap(document.backgroundDrawing)
        XCTAssertTrue(first.isCancelled, "the older load's drawing goes on after a reload")
        XCTAssertFalse(first === second)
        // Both runs end; the newer one draws its frames, which are then answered from the cache
        // with the bytes a fresh draw gives.
        XCTAssertNoThrow(try first.wait())
        XCTAssertNoThrow(try second.wait())
        XCTAssertFalse(second.isCancelled)
        let cached = try XCTUnwrap(try document.png(frame: 5))
        document.reload()
        document.backgroundDrawing?.cancel()
        XCTAssertEqual(try document.png(frame: 5), cached)
    }
}
