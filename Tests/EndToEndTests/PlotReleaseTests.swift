import CLITestSupport
import Engine
import Foundation
import Pipeline
import Stills
import XCTest

/// `segue plot` labels each release with the decision taken at that release, not with how the
/// run ended: a sheet let go short of the threshold (cancel), caught on its way back and
/// flicked away (finish) shows both.
final class PlotReleaseTests: XCTestCase {
    let scene = """
        device: iphone-se
        fps: 30
        screens:
          inbox: { background: systemGroupedBackground }
          compose: { background: systemBackground }
        root: inbox
        transitions:
          # Catching the sheet on its way back is asked for (the tutorial lets no touch catch it).
          - { from: inbox, to: compose, style: slide-up-modal, interruptible: true }
        timeline:
          - { at: 0.2, present: compose }
          # A slow, short drag: released at 5 % without a flick, the sheet springs back (cancel).
          - at: 1.2
            pan: [[0, 187, 300], [0.05, 187, 320], [0.1, 187, 340], [0.3, 187, 350], [0.5, 187, 352]]
          # Caught on its way back and flicked down: dismissed (finish).
          - at: 1.75
            swipe: { from: [187, 320], to: [187, 560], duration: 0.12 }
        """

    func testEachReleaseCarriesItsOwnDecision() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = folder.appendingPathComponent("caught.yaml")
        try scene.write(to: sceneURL, atomically: false, encoding: .utf8)
        let timeline = try Timeline(scene: try SceneFile.load(sceneURL.path))
        XCTAssertEqual(timeline.runs.map(\.finished), [true, true], "the dismissal ends finished")

        let markers = ProgressPlot.releaseMarkers(timeline)
        XCTAssertEqual(markers.map(\.label), ["cancel", "finish"])
        XCTAssertEqual(markers.map(\.run), [1, 1], "both releases are of the dismissal")
        XCTAssertEqual(markers[0].time, 1.7, accuracy: 1e-6, "the first finger lifts at 1.2 + 0.5 s")
        XCTAssertEqual(markers[1].time, 1.87, accuracy: 1e-6, "the swipe lifts at 1.75 + 0.12 s")

        // And the plot draws both: a red (cancel) and a green (finish) marker line.
        let png = folder.appendingPathComponent("plot.png")
        let result = try CLI.segue(["plot", sceneURL.path, "-o", png.path, "--width", "800", "--height", "400"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let decoded = try CLI.tool("ffmpeg", ["-v", "error", "-i", png.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        let rgb = [UInt8](decoded.stdout)
        XCTAssertEqual(rgb.count, 800 * 400 * 3)
        var red = false, green = false
        for x in 64..<776 {
            let i = (200 * 800 + x) * 3
            if rgb[i] > 200, rgb[i + 1] < 120, rgb[i + 2] < 120 { red = true }
            if rgb[i] < 120, rgb[i + 1] > 150, rgb[i + 2] < 140 { green = true }
        }
        XCTAssertTrue(red, "no cancel marker")
        XCTAssertTrue(green, "no finish marker")
    }

    /// A sheet moved between detents is drawn as its share of that move (0 → 1), not as a
    /// dismissal's progress below 0; scroll runs have lines of their own, their distance from
    /// where they started as a share of their farthest (0 at the start, 1 at the farthest).
    func testDetentMovesAndScrollRunsHaveCurvesOfTheirOwnMeaning() throws {
        let root = ExampleScenes.repository
        let sheet = try Timeline(scene: try SceneFile.load(root.appendingPathComponent("scenes/page-sheet-cancel.yaml").path))
        let sheetCurves = ProgressPlot.curves(sheet, states: (0..<sheet.frameCount).map { sheet.state(frame: $0) })
        let detent = try XCTUnwrap(sheetCurves.first { $0.kind == .detent })
        XCTAssertEqual(detent.points.first?.value ?? .nan, 0, accuracy: 1e-9)
        XCTAssertEqual(detent.points.last?.value ?? .nan, 1, accuracy: 1e-9)
        XCTAssertTrue(detent.points.allSatisfy { $0.value > -0.05 }, "no dismissal progress below 0: \(detent.points.map(\.value).min() ?? 0)")
        XCTAssertTrue(detent.name.hasPrefix("1: detent large"), detent.name)

        let scroll = try Timeline(scene: try SceneFile.load(root.appendingPathComponent("scenes/settings-scroll.yaml").path))
        let curves = ProgressPlot.curves(scroll, states: (0..<scroll.frameCount).map { scroll.state(frame: $0) })
        let scrolls = curves.filter { $0.kind == .scroll }
        XCTAssertEqual(scrolls.count, scroll.scrollRuns.count, "every scroll run is plotted")
        for curve in scrolls {
            XCTAssertEqual(curve.points.first?.value ?? .nan, 0, accuracy: 1e-9, curve.name)
            XCTAssertEqual(curve.points.map(\.value).max() ?? .nan, 1, accuracy: 1e-9, curve.name)
        }
        XCTAssertEqual(curves.filter { $0.kind == .transition }.count, scroll.runs.count)
    }
}
