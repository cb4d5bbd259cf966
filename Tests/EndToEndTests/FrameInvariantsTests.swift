import CLITestSupport
import Engine
import Foundation
import Geometry
@testable import Raster
import RenderTree
import Scene
import Stills
import XCTest

/// What must hold on every frame of every example scene, whatever features meet there — checked
/// frame by frame over `ExampleScenes`, and each rule shown failing on a frame that breaks it:
///
/// - **Painted at its size.** A node shows a part at the size it was painted at; only its
///   transform may scale it. (A bar's items painted 156 pt tall and drawn into 104 pt squashed
///   them into the status bar during a push from a scrolled list.)
/// - **Chrome over content.** A screen's navigation bar and toolbar are drawn after every
///   view of that screen they overlap. (A toolbar was drawn under any list with an `id`.)
/// - **A sheet shows its edge.** A presented sheet differs from what lies behind it along its
///   top edge, in the light and the dark appearance. (A dark page sheet was #000000 on black.)
/// - **Status bar glyphs contrast.** Dark glyphs never sit on a dark backdrop, light ones never on
///   a light one — except glyphs fading out while the other tone fades in, as UIKit fades one
///   status bar style into the next when a page sheet's presenter hands the status bar over
///   (docs/uikit-semantics.md#status-bar-over-a-moving-screen).
final class FrameInvariantsTests: XCTestCase {
    /// Pixels per point the frames are drawn at: enough to read a sheet's edge and the tone under the glyphs.
    static let scale = 0.5

    /// Every frame of every example; each sheet scene also in the other appearance.
    func testEveryFrameOfEveryExampleKeepsTheInvariants() throws {
        var frames = 0, sheets = 0, failures: [String] = []
        for (file, name) in try ExampleScenes.all() {
            let text = try String(contentsOf: file, encoding: .utf8)
            var variants = [(label: name, text: text)]
            if text.contains("sheet") {
                variants.append((name + " (other appearance)", FrameInvariants.otherAppearance(text)))
            }
            for variant in variants {
                let scene = try SceneLoader.load(text: variant.text, file: file.path, name: name)
                let session = try RenderSession(scene: scene, scale: Self.scale)
                let canvas = try session.canvas()
                var seen = Set<String>()
                var tones: [ChromeTone: Double] = [:]
                for index in 0..<session.timeline.frameCount {
                    let state = session.timeline.state(frame: index)
                    // The picture behind the status bar (drawn over what changed since the frame before).
                    _ = session.drawChanges(FrameInvariants.withoutStatusBar(state), on: canvas)
                    let check = FrameInvariants(state: state, image: canvas.rgbaImage(), scale: Self.scale,
                                                screens: Set(session.screens.names), device: scene.device)
                    var found = check.chromeOverContent() + check.sheetEdge() + check.statusBarContrast(before: tones)
                    tones = check.statusBarTones
                    found += check.paintedAtItsSize { part in
                        session.screens.image(for: part).map { Size(width: Double($0.pixelWidth), height: Double($0.pixelHeight)) }
                    }
                    if check.sheet != nil { sheets += 1 }
                    frames += 1
                    // One line per rule and node a scene breaks, at its first frame.
                    for failure in found where seen.insert(failure.rule).inserted {
                        failures.append("\(variant.label) frame \(index) (\(state.time) s): \(failure.message)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(frames, 10_000)
        XCTAssertGreaterThan(sheets, 500, "frames with a sheet on screen, in both appearances")
        XCTAssertTrue(failures.isEmpty, "\(failures.count) broken:\n" + failures.joined(separator: "\n"))
    }

    // MARK: Each rule fails where it should

    func scene(_ yaml: String) throws -> RenderSession {
        try RenderSession(scene: SceneLoader.load(text: yaml, file: "invariants.yaml", name: "invariants"), scale: 1)
    }

    func checks(_ session: RenderSession, at time: Double, edit: (inout FrameState) -> Void = { _ in }) -> FrameInvariants {
        var state = session.timeline.state(at: time)
        edit(&state)
        let canvas = try! session.canvas()
        session.draw(FrameInvariants.withoutStatusBar(state), on: canvas)
        return FrameInvariants(state: state, image: canvas.rgbaImage(), scale: 1, screens: Set(session.screens.names),
                               device: session.scene.device)
    }

    static let toolbarOverList = """
        device: iphone-15
        screens:
          inbox:
            background: systemBackground
            navigationBar: { title: Inbox }
            toolbar: { items: [{ symbol: share }] }
            content:
              - list: { id: mail, rows: [A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T] }
        """

    /// The toolbar moved under its list, as it was drawn before the toolbar became a node of its own.
    func testChromeUnderItsScreensContentIsFound() throws {
        let session = try scene(Self.toolbarOverList)
        XCTAssertEqual(checks(session, at: 0).chromeOverContent().map(\.message), [])
        let broken = checks(session, at: 0) { state in
            state.nodes = state.nodes.map { node in
                var node = node
                if let toolbar = node.children.firstIndex(where: { $0.id == "inbox/toolbar" }) {
                    node.children.insert(node.children.remove(at: toolbar), at: 0)
                }
                return node
            }
        }
        XCTAssertEqual(broken.chromeOverContent().map(\.rule), ["chrome inbox/toolbar under inbox/mail"])
    }

    /// A bar's items painted at one height and drawn into another: the squashed items of a push from a scrolled list.
    func testAPartDrawnAtAnotherSizeIsFound() throws {
        let session = try scene(Self.toolbarOverList)
        let painted = { (part: ScreenPart) in
            session.screens.image(for: part).map { Size(width: Double($0.pixelWidth), height: Double($0.pixelHeight)) }
        }
        XCTAssertEqual(checks(session, at: 0).paintedAtItsSize(painted).map(\.message), [])
        let squashed = checks(session, at: 0) { state in
            state.nodes = state.nodes.map { FrameInvariants.mapNodes($0) { node in
                if node.id.hasSuffix("/items") { node.size.height *= 2.0 / 3 }
            } }
        }
        XCTAssertFalse(squashed.paintedAtItsSize(painted).isEmpty)
    }

    static let darkSheet = """
        device: iphone-15
        appearance: dark
        screens:
          home: { background: systemBackground, navigationBar: { title: Home, largeTitle: true } }
          sheet: { background: systemBackground, navigationBar: { title: Sheet } }
        transitions:
          - { from: home, to: sheet, style: page-sheet }
        timeline:
          - { at: 0.1, present: sheet }
        """

    /// A dark sheet the colour of what is behind its top edge — the receded presenter, black
    /// lightened toward #1C1C1E and dimmed by 0.1: (25.2, 25.2, 27) — shows no edge.
    func testASheetThatMergesWithItsBackdropIsFound() throws {
        let session = try scene(Self.darkSheet)
        let shown = checks(session, at: 2)
        XCTAssertNotNil(shown.sheet)
        XCTAssertEqual(shown.sheetEdge().map(\.message), [], "the elevated #1C1C1E sheet shows its edge")
        let base = try scene(Self.darkSheet.replacingOccurrences(of: "sheet: { background: systemBackground",
                                                                 with: "sheet: { background: \"#19191B\""))
        XCTAssertEqual(checks(base, at: 2).sheetEdge().map(\.rule), ["sheet edge"])
    }

    /// The glyphs in the other tone than the one chosen: dark over a black screen, light over a white one.
    func testStatusBarGlyphsOfTheBackdropsToneAreFound() throws {
        for background in ["\"#000000\"", "\"#FFFFFF\""] {
            let session = try scene("device: iphone-15\nscreens: { home: { background: \(background) } }")
            XCTAssertEqual(checks(session, at: 0).statusBarContrast().map(\.message), [], background)
            let flipped = checks(session, at: 0) { state in
                state.nodes = state.nodes.map { FrameInvariants.mapNodes($0) { node in
                    if case .statusBar(let tone) = node.content { node.content = .statusBar(tone == .dark ? .light : .dark) }
                } }
            }
            XCTAssertEqual(flipped.statusBarContrast().map(\.rule), ["status bar"], background)
        }
    }
}

/// The invariants of one frame: its render tree and its picture.
struct FrameInvariants {
    struct Failure {
        /// The rule and the node it names, the same on every frame that breaks it the same way.
        var rule: String
        var message: String
    }

    let state: FrameState
    let image: RGBAImage
    let scale: Double
    /// The scene's screen names: the nodes that are screens.
    let screens: Set<String>
    let device: Device

    /// The presented sheet on screen: the last screen node with rounded corners whose top lies below
    /// the top of the window — a page or form sheet, not the receded presenter under it.
    var sheet: PlacedNode? {
        let rounded = state.layers.filter { screens.contains($0.id) && $0.cornerRadius > 0 }
        guard let last = rounded.last, rounded.count >= 2 || state.layers.contains(where: { $0.id == last.id + "/grabber" })
        else { return nil }
        return last.frame.minY < device.size.height - 1 ? last : nil
    }

    // MARK: Rules

    /// Every node showing a part has the part's painted size in points.
    func paintedAtItsSize(_ painted: (ScreenPart) -> Size?) -> [Failure] {
        state.layers.compactMap { placed in
            guard case .part(let part) = placed.node.content, let pixels = painted(part) else { return nil }
            let size = placed.node.size
            guard abs(size.width * scale - pixels.width) > 1 || abs(size.height * scale - pixels.height) > 1 else { return nil }
            return Failure(rule: "painted size \(placed.id)",
                           message: "\(placed.id) is \(size.width) × \(size.height) pt but its part was painted at \(pixels.width / scale) × \(pixels.height / scale) pt")
        }
    }

    /// Within each node, a navigation bar or toolbar child is drawn after every sibling it overlaps.
    func chromeOverContent() -> [Failure] {
        var failures: [Failure] = []
        func visit(_ node: RenderNode, _ world: Geometry.AffineTransform) {
            let placed = node.children.map { child in (child, child.transform.concatenating(world)) }
            for (i, (chrome, chromeWorld)) in placed.enumerated() where Self.isChrome(chrome.id) {
                let frame = chromeWorld.boundingBox(of: chrome.bounds)
                for (later, laterWorld) in placed[(i + 1)...] where !Self.isChrome(later.id) && later.alpha > 0 {
                    guard let overlap = frame.intersection(laterWorld.boundingBox(of: later.bounds)),
                          overlap.width > 0.5, overlap.height > 0.5 else { continue }
                    failures.append(Failure(rule: "chrome \(chrome.id) under \(later.id)",
                                            message: "\(later.id) is drawn over \(chrome.id) at \(overlap)"))
                }
            }
            for (child, childWorld) in placed { visit(child, childWorld) }
        }
        for node in state.nodes { visit(node, Geometry.AffineTransform.identity) }
        return failures
    }

    /// The sheet's top edge at rest: 3 pt inside it and 3 pt above it, at a quarter and three quarters
    /// of its width. (While it moves in, the dimming behind it is still fading in.)
    func sheetEdge() -> [Failure] {
        guard state.phase == .idle, let sheet, sheet.frame.minY >= 4, sheet.frame.minY + 4 < device.size.height else { return [] }
        let frame = sheet.frame
        var difference = 0.0
        for fraction in stride(from: 0.1, through: 0.9, by: 0.1) where abs(fraction - 0.5) > 0.1 {
            let x = frame.minX + frame.width * fraction
            let inside = pixel(x: x, y: frame.minY + 3), outside = pixel(x: x, y: frame.minY - 3)
            difference = max(difference, zip(inside, outside).map { abs($0 - $1) }.max() ?? 0)
        }
        // Stacked dark sheets differ by a few levels only (the lower one dimmed by 0.6 of the new
        // sheet's share, docs/uikit-semantics.md#a-sheet-presented-from-a-sheet); one sheet at the
        // base level on black differs by none.
        guard difference < 3 else { return [] }
        return [Failure(rule: "sheet edge", message: "the sheet \(sheet.id)'s top edge at y \(frame.minY) differs from what is behind it by \(Int(difference)) levels at most")]
    }

    /// The status bar's glyphs against the mean luminance of what lies under their band (the
    /// picture is drawn without the status bar), in each ear beside the island.
    /// `before`: the tones of the frame before, where a tone that shows less than it did there,
    /// while another shows too, is fading out and is not held to the rule.
    func statusBarContrast(before: [ChromeTone: Double] = [:]) -> [Failure] {
        let tones = state.layers.filter { $0.tone != nil && $0.id.hasPrefix("statusBar") && $0.alpha > 0.5 }
        guard let glyphs = tones.max(by: { $0.alpha < $1.alpha }), let tone = glyphs.tone else { return [] }
        if statusBarTones.count > 1, let earlier = before[tone], glyphs.alpha < earlier - 1e-9 { return [] }
        var total = 0.0, count = 0.0
        let width = device.size.width, band = device.statusBarGlyphBand
        let xs = Array(stride(from: 12.0, through: width * 0.3, by: 4)) + Array(stride(from: width * 0.7, through: width - 12, by: 4))
        for x in xs {
            for y in [band.top, (band.top + band.bottom) / 2, band.bottom] {
            let p = pixel(x: x, y: y)
            let luminance: Double = (0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]) / 255
            total += luminance
            count += 1
            }
        }
        let luminance = total / count
        let clash = tone == .dark ? luminance < 0.2 : luminance > 0.8
        guard clash else { return [] }
        return [Failure(rule: "status bar", message: "\(tone) glyphs over a backdrop of luminance \((luminance * 100).rounded() / 100)")]
    }

    /// The status bar's tones in this frame, with their opacities.
    var statusBarTones: [ChromeTone: Double] {
        var found: [ChromeTone: Double] = [:]
        for layer in state.layers where layer.id.hasPrefix("statusBar/") { if let tone = layer.tone { found[tone] = layer.alpha } }
        return found
    }

    // MARK: Helpers

    static func isChrome(_ id: String) -> Bool {
        let last = id.split(separator: "/").last.map(String.init) ?? id
        return last == "navigationBar" || last == "toolbar"
    }

    /// The pixel at a point, as [r, g, b] (0–255).
    func pixel(x: Double, y: Double) -> [Double] {
        let px = min(max(Int(x * scale), 0), image.width - 1), py = min(max(Int(y * scale), 0), image.height - 1)
        let offset = (py * image.width + px) * 4
        return (0..<3).map { Double(image.pixels[offset + $0]) }
    }

    /// `state` without the status bar's nodes: the picture its glyphs are drawn over.
    static func withoutStatusBar(_ state: FrameState) -> FrameState {
        var state = state
        state.nodes = state.nodes.filter { node in
            if case .statusBar = node.content { return false }
            return !node.children.contains { if case .statusBar = $0.content { return true } else { return false } }
        }
        return state
    }

    /// `node` with `change` applied to it and every node beneath it.
    static func mapNodes(_ node: RenderNode, _ change: (inout RenderNode) -> Void) -> RenderNode {
        var node = node
        change(&node)
        node.children = node.children.map { mapNodes($0, change) }
        return node
    }

    /// A scene's text in the other appearance: `appearance: dark` added, or taken away.
    static func otherAppearance(_ text: String) -> String {
        if text.contains("\nappearance: dark\n") { return text.replacingOccurrences(of: "\nappearance: dark\n", with: "\n") }
        return text.replacingOccurrences(of: "\nscreens:\n", with: "\nappearance: dark\nscreens:\n")
    }
}
