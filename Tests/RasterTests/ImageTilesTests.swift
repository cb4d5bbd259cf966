internal import CCairo
import Foundation
import Synchronization
import Geometry
@testable import Raster
import Scene
import XCTest

/// A scroll view's content too large to keep whole is held in strips (`ImageTiles`): each strip
/// has exactly the pixels of the same rows (columns) of the content drawn whole, whichever
/// thread draws it and however often it was let go and drawn again; no more than `keep` strips
/// stay drawn once nothing holds them; a window copied out of them is the whole image's pixels there.
final class ImageTilesTests: XCTestCase {
    /// Content of 200 × 3000 pt (vertical) or 3000 × 200 pt (horizontal) at 1x: stripes, discs
    /// straddling the strips' edges, and a gradient, so every strip and edge has something antialiased.
    static func draw(_ cairo: CairoContext, vertical: Bool) {
        let cr = cairo.pointer
        for i in 0..<60 {
            let along = Double(i) * 50
            let (x, y) = vertical ? (20.0, along) : (along, 20.0)
            cairo_set_source_rgba(cr, Double(i % 7) / 7, Double(i % 5) / 5, Double(i % 3) / 3, 0.6 + Double(i % 4) / 10)
            cairo_arc(cr, x + 80, y + 27.3, 31.7, 0, 2 * Double.pi)
            cairo_fill(cr)
            cairo_set_source_rgba(cr, 0.1, 0.2, 0.9, 0.5)
            cairo_rectangle(cr, vertical ? 0 : along + 0.4, vertical ? along + 0.4 : 0, vertical ? 200 : 0.5, vertical ? 0.5 : 200)
            cairo_fill(cr)
        }
    }

    private func whole(vertical: Bool) throws -> ScreenImage {
        let size = vertical ? Size(width: 200, height: 3000) : Size(width: 3000, height: 200)
        return try ScreenImage(size: size, scale: 1, opaque: false) { Self.draw($0, vertical: vertical) }
    }

    private func tiles(vertical: Bool, keep: Int? = nil) -> ImageTiles {
        ImageTiles(axis: vertical ? .rows : .columns, extent: 256, width: vertical ? 200 : 3000, height: vertical ? 3000 : 200,
                   format: CAIRO_FORMAT_ARGB32, scale: (1, 1), keep: keep) { cairo, _ in Self.draw(cairo, vertical: vertical) }
    }

    /// The largest difference of a channel between `strip`'s pixels and the whole image's there.
    private static func difference(_ strip: ImageTiles.Strip, _ whole: ScreenImage) -> Int {
        guard let pixels = whole.pixelImage else { return 256 }
        let image = strip.image
        var largest = 0
        for row in 0..<image.height {
            let a = (image.pixels.bytes + row * image.stride).assumingMemoryBound(to: UInt8.self)
            let b = (pixels.pixels.bytes + (strip.y + row) * pixels.stride + strip.x * 4).assumingMemoryBound(to: UInt8.self)
            if memcmp(a, b, image.width * 4) == 0 { continue }
            for i in 0..<image.width * 4 { largest = max(largest, abs(Int(a[i]) - Int(b[i]))) }
        }
        return largest
    }

    /// Row strips are cut where Cairo's scan converter steps anyway, so they are the whole image's
    /// pixels exactly; a column strip's edge cuts the shapes across it, where the antialiased
    /// coverage of the pixels they reach after it may differ by a few levels (10 at most here, where
    /// translucent discs cross every edge; never more than `columnTolerance`), always the same way:
    /// a strip drawn again is the same.
    static let columnTolerance = 16

    private static func matches(_ strip: ImageTiles.Strip, _ whole: ScreenImage, vertical: Bool = true) -> Bool {
        difference(strip, whole) <= (vertical ? 0 : columnTolerance)
    }

    func testStripsHaveTheWholeContentsPixelsAndAreLetGoPastKeep() throws {
        let library = ImageLibrary()
        for vertical in [true, false] {
            let whole = try whole(vertical: vertical)
            let tiles = tiles(vertical: vertical, keep: 2)
            let count = (3000 + 255) / 256
            var first: [Int: [UInt8]] = [:]
            // Down the content and back up, holding two strips at a time, twice.
            for index in Array(0..<count) + Array((0..<count).reversed()) + Array(0..<count) {
                let start = index * 256 + 100
                let span = start..<min(start + 200, 3000)
                let strips = try tiles.hold(rows: vertical ? span : 0..<200, columns: vertical ? 0..<200 : span, images: library)
                XCTAssertFalse(strips.isEmpty)
                for strip in strips {
                    XCTAssertTrue(Self.matches(strip, whole, vertical: vertical), "vertical \(vertical), strip \(strip.index)")
                    let bytes = [UInt8](UnsafeRawBufferPointer(start: strip.image.pixels.bytes, count: strip.image.pixels.count))
                    XCTAssertEqual(first[strip.index, default: bytes], bytes, "strip \(strip.index) drawn again differs")
                    first[strip.index] = bytes
                }
                // Room is made before a strip is drawn: while a frame holds strips, no more are
                // drawn than `keep` or than it holds, whichever is more.
                XCTAssertLessThanOrEqual(tiles.drawnCount, max(2, strips.count), "strips kept beside the held ones")
                tiles.release(strips)
                XCTAssertLessThanOrEqual(tiles.drawnCount, 2, "strips past keep are let go")
            }
        }
    }

    func testAWindowIsTheWholeImagesPixelsThere() throws {
        let library = ImageLibrary()
        for vertical in [true, false] {
            let whole = try whole(vertical: vertical)
            let tiles = tiles(vertical: vertical, keep: 1)
            let (rows, columns) = vertical ? (240..<801, 3..<197) : (5..<190, 240..<801)
            let window = try XCTUnwrap(try tiles.window(rows: rows, columns: columns, images: library))
            XCTAssertEqual([window.width, window.height], [columns.count, rows.count])
            XCTAssertLessThanOrEqual(Self.difference(ImageTiles.Strip(index: 0, x: columns.lowerBound, y: rows.lowerBound, image: window), whole),
                                     vertical ? 0 : Self.columnTolerance, "vertical \(vertical)")
            XCTAssertLessThanOrEqual(tiles.drawnCount, 1)
        }
    }

    /// Eight threads hold random spans at once with one strip kept, so strips are let go and drawn
    /// again all the time, by any thread: every strip any of them sees is the whole image's.
    func testThreadsHoldingAndLettingGoSeeTheSamePixels() throws {
        let library = ImageLibrary()
        let whole = try whole(vertical: true)
        let tiles = tiles(vertical: true, keep: 1)
        let wrong = Mutex(0), seen = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var random = UInt64(thread + 1) &* 0x9E37_79B9_7F4A_7C15
            for _ in 0..<40 {
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let start = Int(random >> 33) % 2800
                guard let strips = try? tiles.hold(rows: start..<start + 200, columns: 0..<200, images: library) else {
                    wrong.withLock { $0 += 1 }
                    continue
                }
                let bad = strips.filter { !Self.matches($0, whole) }.count
                wrong.withLock { $0 += bad }
                seen.withLock { $0 += strips.count }
                tiles.release(strips)
            }
        }
        XCTAssertEqual(wrong.withLock { $0 }, 0)
        XCTAssertGreaterThan(seen.withLock { $0 }, 320)
        XCTAssertLessThanOrEqual(tiles.drawnCount, 1)
    }
}
