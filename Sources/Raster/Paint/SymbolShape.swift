import Foundation
import Geometry
import Scene

/// An icon's art (`IconCatalog.Art`) as paths: its SVG elements read into subpaths of absolute
/// lines and cubic curves on the art's 24-unit grid, ready for Cairo.
///
/// Reads what icon sets write: `path` (every command of SVG 1.1's path grammar, arcs turned
/// into cubic curves), `circle`, `ellipse`, `rect` (with `rx`/`ry`), `line`, `polyline`,
/// `polygon`, and an element's own `fill="currentColor"` (a dot drawn filled in an outline).
/// The grammar and the arc conversion follow the SVG 1.1 specification, section 8.3 and
/// implementation notes F.6 (https://www.w3.org/TR/SVG11/).
struct SymbolShape: Sendable {
    enum Segment: Equatable, Sendable {
        case move(Point)
        case line(Point)
        case curve(Point, Point, Point)
        case close
    }

    /// One SVG element.
    struct Element: Sendable {
        var segments: [Segment]
        /// The element asks to be filled even in an outline (`fill="currentColor"`).
        var isFilled: Bool
        /// Its outline closes on itself: a shape, not a line.
        var isClosed: Bool
        /// The box of its points and control points.
        var bounds: Rect
    }

    var elements: [Element]
    var style: IconCatalog.Art.Style

    /// Why an art could not be read.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(_ art: IconCatalog.Art) throws {
        style = art.style
        elements = try Self.parseElements(art.elements)
    }

    /// The shapes of every art `IconCatalog` names, read once per process.
    static let catalog: [String: Result<SymbolShape, Failure>] = {
        var table: [String: Result<SymbolShape, Failure>] = [:]
        for key in Set(IconCatalog.symbols.values.map(\.art)) {
            guard let art = IconCatalog.art(forKey: key) else {
                table[key] = .failure(Failure(description: "no art is named '\(key)'"))
                continue
            }
            table[key] = Result { try SymbolShape(art) }.mapError { $0 as? Failure ?? Failure(description: "\($0)") }
        }
        return table
    }()

    /// The shape of the art `key` names.
    static func named(_ key: String) throws -> SymbolShape {
        guard let shape = catalog[key] else { throw Failure(description: "no art is named '\(key)'") }
        return try shape.get()
    }

    // MARK: Elements

    private static func parseElements(_ text: String) throws -> [Element] {
        var elements: [Element] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { throw Failure(description: "an element is not closed: \(rest[open...].prefix(40))") }
            let tag = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            let name = String(tag.prefix { $0.isLetter })
            let attributes = try parseAttributes(tag.dropFirst(name.count))
            func number(_ key: String, _ fallback: Double? = nil) throws -> Double {
                if let text = attributes[key] {
                    var scanner = NumberScanner(text)
                    if let value = scanner.number() { return value }
                    throw Failure(description: "\(name): '\(key)' is not a number: \(text)")
                }
                if let fallback { return fallback }
                throw Failure(description: "\(name) has no '\(key)'")
            }
            var path = PathBuilder()
            switch name {
            case "path":
                guard let data = attributes["d"] else { throw Failure(description: "a path has no 'd'") }
                try path.append(pathData: data)
            case "circle":
                let r = try number("r")
                path.appendEllipse(center: Point(x: try number("cx", 0), y: try number("cy", 0)), rx: r, ry: r)
            case "ellipse":
                path.appendEllipse(center: Point(x: try number("cx", 0), y: try number("cy", 0)), rx: try number("rx"), ry: try number("ry"))
            case "rect":
                let rx = attributes["rx"] != nil ? try number("rx") : attributes["ry"] != nil ? try number("ry") : 0
                let ry = attributes["ry"] != nil ? try number("ry") : rx
                path.appendRect(Rect(x: try number("x", 0), y: try number("y", 0), width: try number("width"), height: try number("height")),
                                rx: rx, ry: ry)
            case "line":
                path.move(to: Point(x: try number("x1", 0), y: try number("y1", 0)))
                path.line(to: Point(x: try number("x2", 0), y: try number("y2", 0)))
            case "polyline", "polygon":
                var scanner = NumberScanner(attributes["points"] ?? "")
                var points: [Point] = []
                while let x = scanner.number() {
                    guard let y = scanner.number() else { throw Failure(description: "\(name): an odd count of coordinates") }
                    points.append(Point(x: x, y: y))
                }
                guard scanner.isAtEnd, let first = points.first else { throw Failure(description: "\(name): unreadable points") }
                path.move(to: first)
                for point in points.dropFirst() { path.line(to: point) }
                if name == "polygon" { path.close() }
            default:
                throw Failure(description: "unsupported SVG element <\(name)>")
            }
            guard !path.segments.isEmpty else { continue }
            elements.append(Element(segments: path.segments, isFilled: attributes["fill"].map { $0 != "none" } ?? false,
                                    isClosed: path.firstSubpathCloses, bounds: path.bounds))
        }
        return elements
    }

    /// `key="value"` pairs.
    private static func parseAttributes(_ text: Substring) throws -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = text
        while let equals = rest.firstIndex(of: "=") {
            let key = rest[..<equals].trimmingCharacters(in: .whitespaces)
            let afterEquals = rest[rest.index(after: equals)...].drop { $0 == " " }
            guard afterEquals.first == "\"", let end = afterEquals.dropFirst().firstIndex(of: "\"") else {
                throw Failure(description: "attribute '\(key)' has no quoted value")
            }
            attributes[key] = String(afterEquals[afterEquals.index(after: afterEquals.startIndex)..<end])
            rest = afterEquals[afterEquals.index(after: end)...]
        }
        return attributes
    }
}

/// Numbers of SVG attribute text: separated by spaces or commas, or by nothing where the next
/// one starts with a sign or a second decimal point (`1-2`, `.5.5`).
private struct NumberScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool {
        mutating get { skipSeparators(); return index == bytes.count }
    }

    mutating func skipSeparators() {
        while index < bytes.count, [UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[index]) {
            index += 1
        }
    }

    /// The next byte after separators, without taking it.
    mutating func peek() -> UInt8? {
        skipSeparators()
        return index < bytes.count ? bytes[index] : nil
    }

    mutating func number() -> Double? {
        skipSeparators()
        let start = index
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var digits = 0
        while isDigit(index) { index += 1; digits += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while isDigit(index) { index += 1; digits += 1 }
        }
        guard digits > 0 else { index = start; return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            var exponent = index + 1
            if exponent < bytes.count, bytes[exponent] == UInt8(ascii: "-") || bytes[exponent] == UInt8(ascii: "+") { exponent += 1 }
            if isDigit(exponent) {
                index = exponent
                while isDigit(index) { index += 1 }
            }
        }
        return Double(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// An arc's flag: one `0` or `1`, which SVG lets stand without a separator (`a1 1 0 01 5 5`).
    mutating func flag() -> Bool? {
        guard let byte = peek(), byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") else { return nil }
        index += 1
        return byte == UInt8(ascii: "1")
    }
}

/// Subpaths built from SVG's commands, in absolute coordinates.
private struct PathBuilder {
    var segments: [SymbolShape.Segment] = []
    private var current = Point(x: 0, y: 0)
    private var subpathStart = Point(x: 0, y: 0)
    /// The second control point of the last cubic (for `S`) or the control point of the last
    /// quadratic (for `T`); nil after any other command.
    private var lastCubicControl: Point?
    private var lastQuadraticControl: Point?

    mutating func move(to point: Point) {
        segments.append(.move(point))
        current = point
        subpathStart = point
        lastCubicControl = nil
        lastQuadraticControl = nil
    }

    mutating func line(to point: Point) {
        segments.append(.line(point))
        current = point
        lastCubicControl = nil
        lastQuadraticControl = nil
    }

    mutating func curve(_ c1: Point, _ c2: Point, _ end: Point) {
        segments.append(.curve(c1, c2, end))
        current = end
        lastCubicControl = c2
        lastQuadraticControl = nil
    }

    mutating func quadratic(_ control: Point, _ end: Point) {
        let start = current
        curve(Point(x: start.x + 2 / 3 * (control.x - start.x), y: start.y + 2 / 3 * (control.y - start.y)),
              Point(x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y)), end)
        lastCubicControl = nil
        lastQuadraticControl = control
    }

    mutating func close() {
        segments.append(.close)
        current = subpathStart
        lastCubicControl = nil
        lastQuadraticControl = nil
    }

    /// Whether the first subpath closes: a `Z`, or its end on its start.
    var firstSubpathCloses: Bool {
        guard case .move(let start) = segments.first else { return false }
        var end = start
        for segment in segments.dropFirst() {
            switch segment {
            case .move: return Self.same(end, start)
            case .line(let point), .curve(_, _, let point): end = point
            case .close: return true
            }
        }
        return Self.same(end, start)
    }

    private static func same(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 0.01 && abs(a.y - b.y) < 0.01 }

    var bounds: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func include(_ p: Point) { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        for segment in segments {
            switch segment {
            case .move(let p), .line(let p): include(p)
            case .curve(let a, let b, let c): include(a); include(b); include(c)
            case .close: break
            }
        }
        guard minX <= maxX else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    mutating func appendEllipse(center c: Point, rx: Double, ry: Double) {
        // Four quarter arcs, each a cubic whose handles are 0.5523 of the radius
        // (4/3 · tan(π/8), the usual circle approximation).
        let k = 4.0 / 3.0 * tan(Double.pi / 8)
        move(to: Point(x: c.x + rx, y: c.y))
        curve(Point(x: c.x + rx, y: c.y + k * ry), Point(x: c.x + k * rx, y: c.y + ry), Point(x: c.x, y: c.y + ry))
        curve(Point(x: c.x - k * rx, y: c.y + ry), Point(x: c.x - rx, y: c.y + k * ry), Point(x: c.x - rx, y: c.y))
        curve(Point(x: c.x - rx, y: c.y - k * ry), Point(x: c.x - k * rx, y: c.y - ry), Point(x: c.x, y: c.y - ry))
        curve(Point(x: c.x + k * rx, y: c.y - ry), Point(x: c.x + rx, y: c.y - k * ry), Point(x: c.x + rx, y: c.y))
        close()
    }

    mutating func appendRect(_ r: Rect, rx: Double, ry: Double) {
        let rx = min(rx, r.width / 2), ry = min(ry, r.height / 2)
        guard rx > 0, ry > 0 else {
            move(to: Point(x: r.minX, y: r.minY))
            line(to: Point(x: r.maxX, y: r.minY))
            line(to: Point(x: r.maxX, y: r.maxY))
            line(to: Point(x: r.minX, y: r.maxY))
            close()
            return
        }
        move(to: Point(x: r.minX + rx, y: r.minY))
        line(to: Point(x: r.maxX - rx, y: r.minY))
        arc(rx: rx, ry: ry, rotation: 0, largeArc: false, sweep: true, to: Point(x: r.maxX, y: r.minY + ry))
        line(to: Point(x: r.maxX, y: r.maxY - ry))
        arc(rx: rx, ry: ry, rotation: 0, largeArc: false, sweep: true, to: Point(x: r.maxX - rx, y: r.maxY))
        line(to: Point(x: r.minX + rx, y: r.maxY))
        arc(rx: rx, ry: ry, rotation: 0, largeArc: false, sweep: true, to: Point(x: r.minX, y: r.maxY - ry))
        line(to: Point(x: r.minX, y: r.minY + ry))
        arc(rx: rx, ry: ry, rotation: 0, largeArc: false, sweep: true, to: Point(x: r.minX + rx, y: r.minY))
        close()
    }

    /// An elliptical arc from the current point to `end` (SVG's endpoint parameterization),
    /// as cubic curves of at most a quarter turn each (SVG 1.1 implementation notes F.6.5, F.6.6).
    mutating func arc(rx: Double, ry: Double, rotation degrees: Double, largeArc: Bool, sweep: Bool, to end: Point) {
        let start = current
        var rx = abs(rx), ry = abs(ry)
        guard rx > 0, ry > 0, start != end else {
            if start != end { line(to: end) }
            return
        }
        let phi = degrees * .pi / 180, cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        // Radii too small to reach are scaled up (F.6.6).
        let lambda = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = (max(0, numerator) / denominator).squareRoot()
        if largeArc == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry, cy1 = -factor * ry * x1 / rx
        let cx = cosPhi * cx1 - sinPhi * cy1 + (start.x + end.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (start.y + end.y) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double { atan2(ux * vy - uy * vx, ux * vx + uy * vy) }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep, delta > 0 { delta -= 2 * .pi }
        if sweep, delta < 0 { delta += 2 * .pi }
        let pieces = max(1, Int((abs(delta) / (.pi / 2)).rounded(.up)))
        let step = delta / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        func point(_ t: Double) -> Point {
            Point(x: cx + rx * cos(t) * cosPhi - ry * sin(t) * sinPhi, y: cy + rx * cos(t) * sinPhi + ry * sin(t) * cosPhi)
        }
        func derivative(_ t: Double) -> Point {
            Point(x: -rx * sin(t) * cosPhi - ry * cos(t) * sinPhi, y: -rx * sin(t) * sinPhi + ry * cos(t) * cosPhi)
        }
        var t = theta1
        for piece in 0..<pieces {
            let next = t + step
            let p0 = point(t), d0 = derivative(t), d1 = derivative(next)
            let p3 = piece == pieces - 1 ? end : point(next)
            curve(Point(x: p0.x + k * d0.x, y: p0.y + k * d0.y), Point(x: p3.x - k * d1.x, y: p3.y - k * d1.y), p3)
            t = next
        }
    }

    /// SVG path data (`d`): every command, absolute and relative, repeated parameters included.
    mutating func append(pathData text: String) throws {
        var scanner = NumberScanner(text)
        var command: UInt8?
        func number() throws -> Double {
            guard let value = scanner.number() else { throw SymbolShape.Failure(description: "path data: a number is missing in \(text.prefix(60))") }
            return value
        }
        func flag() throws -> Bool {
            guard let value = scanner.flag() else { throw SymbolShape.Failure(description: "path data: an arc flag is missing in \(text.prefix(60))") }
            return value
        }
        while let byte = scanner.peek() {
            if (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) {
                command = byte
                scanner.index += 1
            } else if command == nil {
                throw SymbolShape.Failure(description: "path data does not open with a command: \(text.prefix(60))")
            }
            guard let op = command else { break }
            let relative = op >= UInt8(ascii: "a")
            let origin = relative ? current : Point(x: 0, y: 0)
            func point(_ x: Double, _ y: Double) -> Point { Point(x: origin.x + x, y: origin.y + y) }
            switch Character(Unicode.Scalar(op)).uppercased() {
            case "M":
                move(to: point(try number(), try number()))
                // Further pairs after a move are lines.
                command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
            case "L":
                line(to: point(try number(), try number()))
            case "H":
                let x = try number()
                line(to: Point(x: relative ? current.x + x : x, y: current.y))
            case "V":
                let y = try number()
                line(to: Point(x: current.x, y: relative ? current.y + y : y))
            case "C":
                let c1 = point(try number(), try number()), c2 = point(try number(), try number())
                curve(c1, c2, point(try number(), try number()))
            case "S":
                let reflected = lastCubicControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                let c2 = point(try number(), try number())
                curve(reflected, c2, point(try number(), try number()))
            case "Q":
                let control = point(try number(), try number())
                quadratic(control, point(try number(), try number()))
            case "T":
                let control = lastQuadraticControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                quadratic(control, point(try number(), try number()))
            case "A":
                let rx = try number(), ry = try number(), rotation = try number()
                let large = try flag(), sweep = try flag()
                arc(rx: rx, ry: ry, rotation: rotation, largeArc: large, sweep: sweep, to: point(try number(), try number()))
            case "Z":
                close()
                command = nil
                // A command letter must follow a close.
                if let next = scanner.peek(), !((next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")) || (next >= UInt8(ascii: "a") && next <= UInt8(ascii: "z"))) {
                    throw SymbolShape.Failure(description: "path data: a number after Z in \(text.prefix(60))")
                }
            default:
                throw SymbolShape.Failure(description: "path data: unknown command '\(Character(Unicode.Scalar(op)))'")
            }
        }
    }
}
