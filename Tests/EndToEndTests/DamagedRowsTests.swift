import CLITestSupport
import Foundation
import Raster
import Engine
import Stills
import XCTest
@testable import Pipeline

/// On every example scene, a canvas that repaints only the rows where a frame differs from the
/// one it drew before (`Canvas.drawChanges`, what each render worker does) ends up with the
/// pixels of a canvas that draws every frame whole, byte for byte — whatever frame came before:
/// the frames are visited as two workers sharing the clip might take them (every other one,
/// then back for the rest), so each is drawn over a frame two before, and one over the clip's end.
final class DamagedRowsTests: XCTestCase {
    /// The style and feature examples: every kind of motion the compositor's damage has to follow.
    private func sceneFiles() throws -> [URL] {
        try ExampleScenes.files(appFlows: false)
    }

    /// The first row where the two canvases' pixels differ; nil when they are the same.
    private func firstDifferentRow(_ a: Canvas, _ b: Canvas) -> Int? {
        a.withPixels { first in
            b.withPixels { second in
                (0..<a.pixelHeight).first { memcmp(first + $0 * a.stride, second + $0 * b.stride, a.pixelWidth * 4) != 0 }
            }
        }
    }

    func testRepaintingTheDamagedRowsOfEveryExampleSceneGivesTheWholePicture() throws {
        let files = try sceneFiles()
        XCTAssertGreaterThan(files.count, 20, "the example scenes are found")
        var partialFrames = 0, emptyFrames = 0, movedFrames = 0, checked = 0
        for file in files {
            let session = try RenderSession(scene: try SceneFile.load(file.path))
            let partial = try session.canvas(padded: true), whole = try session.canvas(padded: true)
            let count = session.timeline.frameCount
            let order = Array(stride(from: 0, to: count, by: 2)) + Array(stride(from: 1, to: count, by: 2))
            var previous: FrameState?
            for index in order {
                let state = session.timeline.state(frame: index)
                let changes = session.drawChanges(state, on: partial)
                let damage = changes.damage
                if changes.move != nil { movedFrames += 1 }
                session.draw(state, on: whole)
                checked += 1
                if let previous, FramePlan.showSamePicture(previous, state) {
                    XCTAssertTrue(changes.isEmpty, "\(file.lastPathComponent) frame \(index) shows the picture before it")
                }
                if changes.isEmpty {
                    emptyFrames += 1
                } else if damage.rowCount < partial.pixelHeight {
                    partialFrames += 1
                }
                previous = state
                if let row = firstDifferentRow(partial, whole) {
                    XCTFail("\(file.lastPathComponent) frame \(index): row \(row) differs from a whole draw (repainted \(damage.bands), "
                            + "moved \(changes.move.map { "\($0.rows.bands) by \($0.dy)" } ?? "none"))")
                    break
                }
            }
        }
        // The comparison means something only if the damage path was taken both ways.
        XCTAssertGreaterThan(partialFrames, 50, "frames repainted in part, of \(checked)")
        XCTAssertGreaterThan(emptyFrames, 100, "frames repainted not at all, of \(checked)")
        XCTAssertGreaterThan(movedFrames, 100, "frames whose scroll moved rows, of \(checked)")
    }
}
