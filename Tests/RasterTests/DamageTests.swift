import Engine
import Foundation
import Geometry
@testable import Raster
import Scene
import XCTest

/// Repainting only the rows where a frame differs from the one a canvas drew before
/// (`Canvas.drawChanges`, `Damage`): which rows, and that the pixels are those of a full draw.
/// The canvas is 100 x 150 pt at 2x (200 x 300 pixels); expected rows follow from the node
/// frames times the scale, grown by the one pixel of antialiasing the compositor allows.
final class DamageTests: XCTestCase {
    static let size = Size(width: 100, height: 150)
    static let scale = 2.0
    let full = Rect(x: 0, y: 0, width: 100, height: 150)
    let red = Color(red: 1, green: 0, blue: 0)

    private func state(_ nodes: [RenderNode], touches: [Point] = []) -> FrameState {
        FrameState(frame: 0, time: 0, transition: nil, phase: .idle, progress: nil, touches: touches, nodes: nodes)
    }

    private func card(y: Double, alpha: Double = 1, cornerRadius: Double = 0, shadow: Shadow? = nil) -> RenderNode {
        testNode("card", fill: red, frame: Rect(x: 10, y: y, width: 30, height: 10), alpha: alpha, cornerRadius: cornerRadius,
                 shadow: shadow)
    }

    private var background: RenderNode { testNode("white", screen: "white", frame: full) }

    private func cache() throws -> ScreenCache {
        try ScreenCache(screens: [ScreenSpec(name: "white", background: .white, views: [])], size: Self.size, scale: Self.scale)
    }

    private func canvas() throws -> Canvas {
        try Canvas(pixelWidth: 200, pixelHeight: 300, scale: Self.scale)
    }

    private func pixels(_ canvas: Canvas) -> [UInt8] {
        canvas.withPixels { Array(UnsafeBufferPointer(start: $0, count: canvas.stride * canvas.pixelHeight)) }
    }

    /// Draws `states` in turn with `drawChanges` on one canvas and whole on another, checking
    /// the pixels agree after each; returns each frame's damage.
    private func damages(_ states: [FrameState], options: CompositorOptions = CompositorOptions(showsTouches: true),
                         file: StaticString = #filePath, line: UInt = #line) throws -> [Damage] {
        let screens = try cache()
        let partial = try canvas(), whole = try canvas()
        return states.enumerated().map { index, state in
            let damage = partial.drawChanges(state, screens: screens, options: options).damage
            whole.draw(state, screens: screens, options: options)
            XCTAssertTrue(pixels(partial) == pixels(whole), "frame \(index): the repainted rows differ from a full draw",
                          file: file, line: line)
            return damage
        }
    }

    func testTheFirstFrameRepaintsEverythingAndARepeatNothing() throws {
        let frame = state([background, card(y: 20)])
        XCTAssertEqual(try damages([frame, frame]).map(\.bands), [[0..<300], []])
    }

    /// A card moving from y 20 to 40 pt: its old rows (40...60 px) and new ones (80...100 px),
    /// each a pixel wider for antialiasing.
    func testAMovedLayerDamagesItsOldAndNewRows() throws {
        let found = try damages([state([background, card(y: 20)]), state([background, card(y: 40)])])
        XCTAssertEqual(found[1].bands, [39..<61, 79..<101])
        XCTAssertEqual(found[1].rowPairs, [19..<31, 39..<51])
    }

    /// A touch appears (plan longer by a step), moves, goes: its 20 pt radius at (50, 75) pt is
    /// rows 110...190 px; moved to y 80 pt, rows 120...200.
    func testATouchDamagesItsDisc() throws {
        let found = try damages([state([background]), state([background], touches: [Point(x: 50, y: 75)]),
                                 state([background], touches: [Point(x: 50, y: 80)]), state([background])])
        XCTAssertEqual(found.dropFirst().map(\.bands), [[109..<191], [109..<201], [119..<201]])
    }

    /// Fading (another alpha) and rounding stay within the card's rows, and a layer added under
    /// another damages its own rows only.
    func testEveryKindOfChangeStaysInsideItsRows() throws {
        let frames = [
            state([background, card(y: 20)]),
            state([background, card(y: 20, alpha: 0.5)]),
            state([background, card(y: 20, alpha: 0.5, cornerRadius: 4)]),
            state([background, testNode("under", fill: .black, frame: Rect(x: 0, y: 100, width: 100, height: 5)),
                   card(y: 20, alpha: 0.5, cornerRadius: 4)]),
        ]
        XCTAssertEqual(try damages(frames).dropFirst().map(\.bands), [[39..<61], [39..<61], [199..<211]])
    }

    /// A clip that changes around children that do not leaves the steps' middle unbalanced: every row.
    func testAChangedClipAroundUnchangedChildrenRepaintsEverything() throws {
        func clipped(_ height: Double) -> RenderNode {
            RenderNode(id: "clip", content: .fill(.white), size: Size(width: 100, height: height), transform: .identity, alpha: 1,
                       cornerRadius: 0, clipsToBounds: true, shadow: nil, children: [card(y: 20)])
        }
        let found = try damages([state([background, clipped(150)]), state([background, clipped(25)])])
        XCTAssertEqual(found[1].bands, [0..<300])
    }

    /// Another screen cache, or another background colour, is another picture: every row.
    func testAnotherCacheOrBackgroundRepaintsEverything() throws {
        let canvas = try canvas()
        let frame = state([card(y: 20)])
        _ = canvas.drawChanges(frame, screens: try cache(), options: CompositorOptions())
        XCTAssertEqual(canvas.drawChanges(frame, screens: try cache(), options: CompositorOptions()).damage.bands, [0..<300])
        let screens = try cache()
        _ = canvas.drawChanges(frame, screens: screens, options: CompositorOptions())
        XCTAssertEqual(canvas.drawChanges(frame, screens: screens, options: CompositorOptions(background: .white)).damage.bands, [0..<300])
    }

    /// A scaled or rotated screen, or a shadow, anywhere in the frame: a change elsewhere (a
    /// touch lifting) repaints every row, since a clip may round their resampling otherwise;
    /// a repeat still repaints nothing. An unscaled screen at a fractional place keeps the bands.
    func testAResampledImageMakesAnyChangeRepaintEverything() throws {
        let touch = Point(x: 50, y: 20)
        let scaled = testNode("white", screen: "white", frame: Rect(x: 5, y: 5, width: 90, height: 140), written: Self.size)
        let turned = RenderNode(id: "turned", content: .fill(red), size: Size(width: 10, height: 10),
                                transform: AffineTransform(rotation: 0.3).concatenating(AffineTransform(translationX: 50, y: 100)))
        let shadowed = card(y: 100, shadow: Shadow(opacity: 0.3, radius: 4))
        // The touch's disc at y 20 pt is rows 0...80 px (from -1, clamped).
        for (name, nodes, rows) in [("scaled screen", [scaled], [0..<300]), ("shadow", [background, shadowed], [0..<300]),
                                    ("rotated fill, not resampled", [background, turned], [0..<81])] {
            let found = try damages([state(nodes, touches: [touch]), state(nodes), state(nodes)])
            XCTAssertEqual(found[1].bands, rows, name)
            XCTAssertEqual(found[2].bands, [], "\(name): a repeat")
        }
        let shifted = testNode("white", screen: "white", frame: Rect(x: 0, y: 0.25, width: 100, height: 150))
        let found = try damages([state([shifted], touches: [touch]), state([shifted])])
        XCTAssertEqual(found[1].bands, [0..<81])
    }

    func testBandsMergeAndClampAndPairUp() {
        let damage = Damage([5..<9, -3..<2, 8..<12, 20..<21, 298..<400], height: 300)
        XCTAssertEqual(damage.bands, [0..<2, 5..<12, 20..<21, 298..<300])
        XCTAssertEqual(damage.rowCount, 2 + 7 + 1 + 2)
        // Rows 0-1 are pair 0; 5-11 pairs 2-5; 20 pair 10; 298-299 pair 149.
        XCTAssertEqual(damage.rowPairs, [0..<1, 2..<6, 10..<11, 149..<150])
        XCTAssertEqual(Damage([1..<2, 2..<3], height: 10).rowPairs, [0..<2])
        XCTAssertTrue(Damage([4..<4], height: 10).isEmpty)
    }
    func testSubtractingAndClampingKeepBandsApart() {
        let damage = Damage([0..<10, 20..<30, 40..<50], height: 100)
        XCTAssertEqual(damage.subtracting(Damage([5..<25, 45..<60], height: 100)).bands, [0..<5, 25..<30, 40..<45])
        XCTAssertEqual(damage.subtracting(Damage([0..<100], height: 100)).bands, [])
        XCTAssertEqual(damage.subtracting(.none).bands, damage.bands)
        XCTAssertEqual(damage.subtracting(Damage([12..<18, 22..<24], height: 100)).bands, [0..<10, 20..<22, 24..<30, 40..<50])
        XCTAssertEqual(damage.clamped(to: 8..<42).bands, [8..<10, 20..<30, 40..<42])
        // Against a row-by-row reference, over random bands.
        var generator = MMIXGenerator(seed: 5)
        for _ in 0..<200 {
            func random() -> Damage {
                Damage((0..<Int.random(in: 0...5, using: &generator)).map { _ in
                    let lower = Int.random(in: 0..<60, using: &generator)
                    return lower..<(lower + Int.random(in: 0...15, using: &generator))
                }, height: 64)
            }
            let a = random(), b = random()
            func rows(_ d: Damage) -> Set<Int> { Set(d.bands.flatMap { Array($0) }) }
            XCTAssertEqual(rows(a.subtracting(b)), rows(a).subtracting(rows(b)), "\(a.bands) - \(b.bands)")
            XCTAssertEqual(a.subtracting(b), Damage(a.subtracting(b).bands, height: 64), "bands stay sorted and apart")
        }
    }

    /// Moving bands of rows in place, down or up, gives each moved row its source row as it was
    /// before anything moved, whatever the bands' order and overlap with each other's sources.
    func testMovedRowsComeFromTheRowsAsTheyWereBefore() throws {
        let height = 40, stride = 8, rowBytes = 5
        var generator = MMIXGenerator(seed: 9)
        for _ in 0..<300 {
            let dy = Int.random(in: -12...12, using: &generator)
            guard dy != 0 else { continue }
            let bands = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                let lower = Int.random(in: max(0, dy)..<(height + min(0, dy)), using: &generator)
                return lower..<min(lower + Int.random(in: 1...10, using: &generator), height + min(0, dy))
            }
            let move = try XCTUnwrap(RowMove(dy: dy, rows: Damage(bands, height: height)))
            var buffer = (0..<(height * stride)).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
            let before = buffer
            buffer.withUnsafeMutableBytes { move.apply(to: $0.baseAddress!, stride: stride, rowBytes: rowBytes, height: height) }
            for row in 0..<height {
                let source = move.rows.bands.contains { $0.contains(row) } ? row - dy : row
                XCTAssertEqual(buffer[(row * stride)..<(row * stride + rowBytes)], before[(source * stride)..<(source * stride + rowBytes)],
                               "row \(row) after moving \(move.rows.bands) by \(dy)")
            }
        }
    }

    /// Chroma moves with whole row pairs by an even move, by half as many rows; an odd move pairs
    /// rows differently, so no chroma row moves.
    func testChromaMovesWithWholePairsByEvenMovesOnly() throws {
        let even = try XCTUnwrap(RowMove(dy: -4, rows: Damage([3..<11, 20..<22], height: 40)))
        XCTAssertEqual(even.chromaPairs, [2..<5, 10..<11])
        XCTAssertEqual(try XCTUnwrap(RowMove(dy: 3, rows: Damage([4..<20], height: 40))).chromaPairs, [])
        XCTAssertNil(RowMove(dy: 0, rows: Damage([4..<20], height: 40)))
        XCTAssertNil(RowMove(dy: 2, rows: .none))
    }

    /// A translucent image is painted only where it has a pixel that is not clear: the runs of
    /// rows holding one, each with the columns from its leftmost to its rightmost such pixel,
    /// however faint the pixel (alpha 1 of 255 counts); none for an image clear throughout,
    /// and nil for an opaque one (painted whole).
    func testInkedAreasAreTheRunsOfRowsWithAPixelThatIsNotClear() throws {
        let image = try ScreenImage(size: Size(width: 40, height: 30), scale: 1, opaque: false) { cairo in
            cairo.fill(Rect(x: 5, y: 2, width: 3, height: 4), color: Color(red: 1, green: 0, blue: 0, alpha: 1))
            cairo.fill(Rect(x: 30, y: 4, width: 6, height: 3), color: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
            cairo.fill(Rect(x: 12, y: 20, width: 1, height: 1), color: Color(red: 0, green: 0, blue: 0, alpha: 1.0 / 255))
        }
        let areas = try XCTUnwrap(image.inkedAreas)
        XCTAssertEqual(areas.map(\.rows), [2..<7, 20..<21])
        XCTAssertEqual(areas.map(\.columns), [5..<36, 12..<13])
        let clear = try ScreenImage(size: Size(width: 10, height: 10), scale: 1, opaque: false) { _ in }
        XCTAssertEqual(clear.inkedAreas?.count, 0)
        let opaque = try ScreenImage(size: Size(width: 10, height: 10), scale: 1, opaque: true) { _ in }
        XCTAssertNil(opaque.inkedAreas)
    }
}
