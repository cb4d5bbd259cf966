import Engine
import Foundation
import Geometry
@testable import Raster
import Scene
import XCTest

/// SF Symbol names drawn from their art: every name a glyph of its own, SVG read as the
/// specification says, filled variants heavier than their outlines, line weight by weight.
final class SymbolIconTests: XCTestCase {
    /// A cell of the sheet every symbol is drawn on, and the symbols' point size there.
    static let cell = 40, pointSize = 28.0

    /// Every SF Symbol name drawn once, each in its own cell, black on white, at scale 1.
    struct Sheet {
        let names: [String]
        let image: RGBAImage
        let columns: Int

        init(names: [String], weight: LabelView.Weight = .regular) throws {
            self.names = names
            columns = 24
            let rows = (names.count + columns - 1) / columns
            let cell = Double(SymbolIconTests.cell)
            var views: [ViewSpec] = []
            for (index, name) in names.enumerated() {
                let frame = Rect(x: Double(index % columns) * cell, y: Double(index / columns) * cell, width: cell, height: cell)
                views.append(.icon(IconView(icon: try IconCatalog.icon(named: name).get(), frame: frame, pointSize: SymbolIconTests.pointSize,
                                            weight: weight, color: Color(r8: 0, g8: 0, b8: 0))))
            }
            let size = Size(width: Double(columns) * cell, height: Double(rows) * cell)
            let screen = ScreenSpec(name: "s", background: .white, views: views)
            let device = Device(name: "custom", size: size, scale: 1)
            let cache = try ScreenCache(screens: [screen], device: device)
            let canvas = try Canvas(pixelWidth: Int(size.width), pixelHeight: Int(size.height), scale: 1)
            let nodes = [RenderNode(id: "s", content: .part(ScreenPart(screen: "s", kind: .body, layout: device)), size: size)]
            canvas.draw(FrameState(frame: 0, time: 0, transition: nil, phase: .idle, progress: nil, touches: [], nodes: nodes),
                        screens: cache, options: CompositorOptions())
            image = canvas.rgbaImage()
        }

        /// The cell's pixels' darkness (255 - red), row by row.
        func cell(_ index: Int) -> [UInt8] {
            let x0 = (index % columns) * SymbolIconTests.cell, y0 = (index / columns) * SymbolIconTests.cell
            var values: [UInt8] = []
            for y in y0..<(y0 + SymbolIconTests.cell) {
                for x in x0..<(x0 + SymbolIconTests.cell) { values.append(255 - image.pixels[(y * image.width + x) * 4]) }
            }
            return values
        }

        /// The cell's ink: the sum of its darkness, in fully dark pixels.
        func ink(_ index: Int) -> Double { Double(cell(index).reduce(0) { $0 + Int($1) }) / 255 }

        /// The box of the cell's pixels darker than a quarter, in the cell's coordinates.
        func inkBox(_ index: Int) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
            let values = cell(index), side = SymbolIconTests.cell
            var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
            for (offset, value) in values.enumerated() where value > 64 {
                let x = offset % side, y = offset / side
                box = box.map { (min($0.minX, x), min($0.minY, y), max($0.maxX, x), max($0.maxY, y)) } ?? (x, y, x, y)
            }
            return box
        }
    }

    func testEverySymbolNameDrawsAGlyphOfItsOwn() throws {
        let names = IconCatalog.symbols.keys.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 100)
        let sheet = try Sheet(names: names)
        var pictures: [[UInt8]: String] = [:]
        for (index, name) in names.enumerated() {
            let art = try XCTUnwrap(IconCatalog.symbols[name]).art
            XCTAssertEqual(try IconCatalog.icon(named: name).get().glyph, .symbol(art), "\(name) is drawn from its art, never a font's box")
            XCTAssertNoThrow(try SymbolShape.named(art), name)
            // Ink inside its cell, about the point size at most, none on the cell's edge.
            let ink = sheet.ink(index)
            XCTAssertGreaterThan(ink, 12, "\(name) has ink")
            let box = try XCTUnwrap(sheet.inkBox(index), name)
            XCTAssertGreaterThan(box.minX, 0, name)
            XCTAssertGreaterThan(box.minY, 0, name)
            XCTAssertLessThan(box.maxX, Self.cell - 1, name)
            XCTAssertLessThan(box.maxY, Self.cell - 1, name)
            XCTAssertLessThanOrEqual(Double(max(box.maxX - box.minX, box.maxY - box.minY) + 1), Self.pointSize * 1.2, name)
            // A picture of its own: the same as another name's only when both name the same art.
            let picture = sheet.cell(index)
            if let other = pictures[picture] {
                XCTAssertEqual(IconCatalog.symbols[other]?.art, art, "\(name) looks like \(other)")
            } else {
                pictures[picture] = name
            }
        }
        XCTAssertGreaterThanOrEqual(pictures.count, 100)
    }

    /// `X.fill` has more ink than `X` wherever both are names drawn from different art (the
    /// names drawn alike are listed in the docs), as SF Symbols' filled variants do.
    func testFilledVariantsHaveMoreInkThanTheirOutlines() throws {
        let pairs = IconCatalog.symbols.keys.filter { $0.hasSuffix(".fill") }
            .map { ($0, String($0.dropLast(5))) }
            .filter { IconCatalog.symbols[$0.1] != nil && IconCatalog.symbols[$0.1]?.art != IconCatalog.symbols[$0.0]?.art }
            .sorted { $0.0 < $1.0 }
        XCTAssertGreaterThanOrEqual(pairs.count, 60)
        let names = pairs.flatMap { [$0.0, $0.1] }
        let sheet = try Sheet(names: names)
        for (index, pair) in pairs.enumerated() {
            let filled = sheet.ink(2 * index), outline = sheet.ink(2 * index + 1)
            XCTAssertGreaterThan(filled, outline * 1.15, "\(pair.0) (\(filled)) against \(pair.1) (\(outline))")
        }
    }

    /// Heavier weights draw heavier lines, as SF Symbols' weights do; the size stays.
    func testWeightScalesTheLines() throws {
        let names = ["trash", "gearshape", "chevron.right", "plus", "heart"]
        let light = try Sheet(names: names, weight: .light), regular = try Sheet(names: names), bold = try Sheet(names: names, weight: .bold)
        for index in names.indices {
            XCTAssertLessThan(light.ink(index), regular.ink(index), names[index])
            XCTAssertLessThan(regular.ink(index), bold.ink(index), names[index])
            let box = try XCTUnwrap(regular.inkBox(index)), heavy = try XCTUnwrap(bold.inkBox(index))
            XCTAssertEqual(Double(box.maxY - box.minY), Double(heavy.maxY - heavy.minY), accuracy: 2, names[index])
        }
    }

    // MARK: SVG

    private func points(_ elements: String) throws -> [SymbolShape.Segment] {
        try SymbolShape(IconCatalog.Art(elements: elements, style: .outline)).elements.flatMap(\.segments)
    }

    func testPathDataReadsEveryCommandAbsoluteAndRelative() throws {
        // Implicit lines after a move, relative commands from the current point, numbers run together.
        XCTAssertEqual(try points(#"<path d="M4 7l16 0 0-2h-3.5v.5.5H1V2z"/>"#), [
            .move(Point(x: 4, y: 7)), .line(Point(x: 20, y: 7)), .line(Point(x: 20, y: 5)), .line(Point(x: 16.5, y: 5)),
            .line(Point(x: 16.5, y: 5.5)), .line(Point(x: 16.5, y: 6)), .line(Point(x: 1, y: 6)), .line(Point(x: 1, y: 2)), .close,
        ])
        // A quadratic is the cubic with handles 2/3 of the way to its control point; T reflects it.
        XCTAssertEqual(try points(#"<path d="M0 0Q3 3 6 0T12 0"/>"#), [
            .move(Point(x: 0, y: 0)), .curve(Point(x: 2, y: 2), Point(x: 4, y: 2), Point(x: 6, y: 0)),
            .curve(Point(x: 8, y: -2), Point(x: 10, y: -2), Point(x: 12, y: 0)),
        ])
        // S reflects the last cubic's second handle.
        XCTAssertEqual(try points(#"<path d="M0 0C0 1 2 1 2 0s2 -1 2 0"/>"#), [
            .move(Point(x: 0, y: 0)), .curve(Point(x: 0, y: 1), Point(x: 2, y: 1), Point(x: 2, y: 0)),
            .curve(Point(x: 2, y: -1), Point(x: 4, y: -1), Point(x: 4, y: 0)),
        ])
        XCTAssertThrowsError(try points(#"<path d="M0 0L3"/>"#))
        XCTAssertThrowsError(try points(#"<path d="0 0"/>"#))
        XCTAssertThrowsError(try points(#"<text x="1"/>"#))
    }

    /// An arc becomes quarter-turn cubics through the points the ellipse passes: a half circle
    /// of radius 2 from (0, 0) to (4, 0), swept clockwise (SVG's y points down), tops out at y = -2.
    func testArcsFollowTheEndpointParameterization() throws {
        let segments = try points(#"<path d="M0 0a2 2 0 0 1 4 0"/>"#)
        XCTAssertEqual(segments.count, 3, "two quarter turns")
        guard case .curve(_, _, let middle) = segments[1], case .curve(_, _, let end) = segments[2] else { return XCTFail("\(segments)") }
        XCTAssertEqual(middle.x, 2, accuracy: 1e-9)
        XCTAssertEqual(middle.y, -2, accuracy: 1e-9)
        XCTAssertEqual(end, Point(x: 4, y: 0))
        // Flags run together with the numbers; a radius too small to reach grows to a half circle.
        let compact = try points(#"<path d="M0 0a1 1 0 014 0"/>"#)
        guard case .curve(_, _, let top) = compact[1] else { return XCTFail("\(compact)") }
        XCTAssertEqual(top.y, -2, accuracy: 1e-9)
    }

    func testShapesAreClosedOutlinesOnTheirBounds() throws {
        let shape = try SymbolShape(IconCatalog.Art(elements: #"<circle cx="12" cy="12" r="9"/><rect x="3" y="4" width="18" height="16" rx="2"/><line x1="1" y1="2" x2="3" y2="4"/><polygon points="1,1 5,1 3,4"/><circle cx="8" cy="8" r=".5" fill="currentColor"/>"#, style: .outline))
        XCTAssertEqual(shape.elements.map(\.isClosed), [true, true, false, true, true])
        XCTAssertEqual(shape.elements.map(\.isFilled), [false, false, false, false, true])
        XCTAssertEqual(shape.elements[0].bounds, Rect(x: 3, y: 3, width: 18, height: 18))
        XCTAssertEqual(shape.elements[1].bounds, Rect(x: 3, y: 4, width: 18, height: 16))
    }
}
