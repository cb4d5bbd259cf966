internal import CCairo
import Geometry
@testable import Raster
import Scene
import XCTest

/// The backdrop filtered straight onto the canvas (`BackdropFilters.compositeFiltered`) against
/// what it replaces: the filter's image painted over the area by Cairo (`filtered`, then
/// `cairo_paint` with `CAIRO_OPERATOR_OVER`), and `BackdropFilter.over` against pixman's OVER.
final class BackdropCompositingTests: XCTestCase {
    /// A canvas holding `pixels` (`width` wide).
    private func canvas(_ pixels: [UInt32], width: Int) throws -> CairoContext {
        let surface = try CairoSurface(width: width, height: pixels.count / width)
        surface.flush()
        let data = UnsafeMutableRawPointer(surface.data!)
        for y in 0..<(pixels.count / width) {
            for x in 0..<width {
                data.storeBytes(of: pixels[y * width + x], toByteOffset: y * surface.stride + 4 * x, as: UInt32.self)
            }
        }
        surface.markDirty()
        return try CairoContext(surface: surface)
    }

    private func pixels(of cairo: CairoContext) -> [UInt32] {
        let surface = cairo.surface
        surface.flush()
        let data = UnsafeRawPointer(surface.data!)
        return (0..<surface.height).flatMap { y in
            (0..<surface.width).map { x in data.load(fromByteOffset: y * surface.stride + 4 * x, as: UInt32.self) }
        }
    }

    /// Every pair of a set of premultiplied sources (all alphas, translucent and opaque) and
    /// destinations: `over` gives pixman's bytes for OVER, as Cairo composites one image onto another.
    func testOverIsPixmansOver() throws {
        let count = 64 * 64
        let sources = premultipliedNoise(count: count, seed: 7) + (0...255).map { UInt32($0) << 24 | UInt32($0 / 2) << 16 }
        let destinations = premultipliedNoise(count: sources.count, seed: 11)
        let width = 64
        let target = try canvas(destinations, width: width)
        let image = try canvas(sources, width: width)
        cairo_set_source_surface(target.pointer, image.surface.pointer, 0, 0)
        cairo_paint(target.pointer)
        let cairoResult = pixels(of: target)
        var failures = 0
        for index in sources.indices where BackdropFilter.over(sources[index], destinations[index]) != cairoResult[index] {
            failures += 1
        }
        XCTAssertEqual(failures, 0, "pixels where over(_:_:) differs from Cairo's OVER")
    }

    /// Materials at 1x and 3x over translucent and opaque canvases, for areas inside the
    /// canvas and reaching its edges: filtered onto the canvas in place, the bytes are those of
    /// the filter's image painted over the area.
    func testCompositingInPlaceEqualsPaintingTheFilteredImage() throws {
        // The bars' material in both appearances, and a translucent tint, which leaves the result translucent.
        let looks = [BlurMaterial.systemChromeMaterial.look(.light), BlurMaterial.systemChromeMaterial.look(.dark),
                     MaterialLook(blurRadius: 10, saturation: 1.8, tint: Color(red: 0.11, green: 0.11, blue: 0.11, alpha: 0.6))]
        let width = 160, height = 120
        for (seed, opaque) in [(UInt64(3), true), (UInt64(5), false)] {
            let source = premultipliedNoise(count: width * height, seed: seed).map { opaque ? $0 | 0xFF00_0000 : $0 }
            for look in looks {
                for scale in [1.0, 3.0] {
                    for area in [Rect(x: 20, y: 30, width: 100, height: 40), Rect(x: 0, y: 0, width: 160, height: 50),
                                 Rect(x: 0, y: 90, width: 160, height: 30)] {
                        let painted = try canvas(source, width: width)
                        let filters = BackdropFilters()
                        let pattern = try XCTUnwrap(filters.filtered(look, area: area, scale: scale, on: painted))
                        cairo_rectangle(painted.pointer, area.x, area.y, area.width, area.height)
                        cairo_clip(painted.pointer)
                        cairo_set_source(painted.pointer, pattern.pointer)
                        cairo_paint(painted.pointer)
                        let inPlace = try canvas(source, width: width)
                        XCTAssertTrue(BackdropFilters().compositeFiltered(look, area: area, scale: scale, on: inPlace))
                        XCTAssertEqual(pixels(of: inPlace), pixels(of: painted), "\(look) at \(scale)x over \(area), opaque: \(opaque)")
                    }
                }
            }
        }
    }
}
