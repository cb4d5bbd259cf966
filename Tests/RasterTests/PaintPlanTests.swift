import Geometry
@testable import Raster
import RenderTree
import Scene
import XCTest

/// The compositor's pure pass (`PaintPlan`, `CanvasGeometry`): what a frame paints, in which
/// order, and how an image lands — decided without Cairo. Expected values follow from the
/// geometry: a 50 x 100 pt canvas at 2 pixels per point is 100 x 200 pixels.
final class PaintPlanTests: XCTestCase {
    let canvas = CanvasGeometry(pixelWidth: 100, pixelHeight: 200, scale: 2)
    let full = Rect(x: 0, y: 0, width: 50, height: 100)
    let red = Color(red: 1, green: 0, blue: 0)
    let device2x = AffineTransform(scaleX: 2, y: 2)

    private func fill(_ id: String, _ color: Color, _ frame: Rect, alpha: Double = 1, cornerRadius: Double = 0,
                      shadow: Shadow? = nil, children: [RenderNode] = [], clips: Bool = false) -> RenderNode {
        RenderNode(id: id, content: .fill(color), size: frame.size, transform: AffineTransform(translationX: frame.x, y: frame.y),
                   alpha: alpha, cornerRadius: cornerRadius, clipsToBounds: clips, shadow: shadow, children: children)
    }

    private func plan(_ nodes: [RenderNode], touches: [Point] = [], showsTouches: Bool = true,
                      opaque: Set<String> = []) -> [PaintPlan.Step] {
        let state = FrameState(frame: 0, time: 0, transition: nil, phase: .idle, progress: nil, touches: touches, nodes: nodes)
        return PaintPlan(state, on: canvas, options: CompositorOptions(showsTouches: showsTouches, background: .black)) {
            opaque.contains($0.screen)
        }.steps
    }

    /// The (kind, alpha) of each step, for plans whose geometry is not the point.
    private func kinds(_ steps: [PaintPlan.Step]) -> [String] {
        steps.map { step in
            switch step {
            case .clear: return "clear"
            case .shadow(_, _, _, _, let alpha, _): return "shadow \(alpha)"
            case .fill(let color, let alpha, _, _, _): return "fill \(color == red ? "red" : "other") \(alpha)"
            case .image(let part, let alpha, _, _, _): return "image \(part.screen) \(alpha)"
            case .backdrop(_, let alpha, _, _, _): return "backdrop \(alpha)"
            case .statusBar(let tone, let alpha): return "statusBar \(tone.rawValue) \(alpha)"
            case .homeIndicator(let tone, let alpha): return "homeIndicator \(tone.rawValue) \(alpha)"
            case .beginChildren(let clip): return clip == nil ? "begin" : "begin clipped"
            case .endChildren: return "end"
            case .touch: return "touch"
            }
        }
    }

    // MARK: Occlusion

    func testNodesUnderAnOpaqueFullCanvasNodeAndTheBackgroundAreSkipped() {
        let steps = plan([fill("a", .white, full), fill("b", red, full), fill("c", .white, full, alpha: 0.5)])
        XCTAssertEqual(steps, [.fill(red, alpha: 1, bounds: full, cornerRadius: 0, device: device2x),
                               .fill(.white, alpha: 0.5, bounds: full, cornerRadius: 0, device: device2x)])
    }

    /// Every way a full-canvas node can let something through keeps what is beneath (here a
    /// translucent node) and the clear.
    func testANodeThatLetsAnythingThroughHidesNothing() {
        let leaky: [(String, RenderNode)] = [
            ("translucent", fill("b", red, full, alpha: 0.99)),
            ("translucent color", fill("b", Color(red: 1, green: 0, blue: 0, alpha: 0.99), full)),
            // 0.1 pt = 0.2 px in: the first column is not covered whole.
            ("a fractional edge", fill("b", red, Rect(x: 0.1, y: 0, width: 50, height: 100))),
            ("rounded corners", fill("b", red, full, cornerRadius: 4)),
            ("a group", RenderNode(id: "b", size: full.size)),
            ("rotated", RenderNode(id: "b", content: .fill(red), size: Size(width: 200, height: 200),
                                   transform: AffineTransform(rotation: 0.01).concatenating(AffineTransform(translationX: -50, y: -50)))),
            ("chrome", RenderNode(id: "statusBar/dark", content: .statusBar(.dark), size: full.size)),
            ("a translucent screen part", part("s", frame: full)),
        ]
        for (name, node) in leaky {
            XCTAssertEqual(Array(kinds(plan([fill("a", .white, full, alpha: 0.5), node])).prefix(2)), ["clear", "fill other 0.5"], name)
        }
        // An opaque part hides what is beneath, as a fill does.
        XCTAssertEqual(kinds(plan([fill("a", .white, full, alpha: 0.5), part("s", frame: full)], opaque: ["s"])), ["image s 1.0"])
    }

    func testAnOverhangingNodeStillCoversTheCanvas() {
        XCTAssertEqual(kinds(plan([fill("a", .white, full), fill("b", red, Rect(x: -10, y: -10, width: 80, height: 130))])),
                       ["fill red 1.0"])
    }

    // MARK: Order, opacity, clipping

    func testShadowThenContentThenChildrenWithAlphaMultiplyingDown() {
        let shadow = Shadow(opacity: 0.5, radius: 4)
        let child = fill("child", red, Rect(x: 5, y: 5, width: 10, height: 10), alpha: 0.5)
        let hidden = fill("hidden", red, Rect(x: 5, y: 5, width: 10, height: 10), alpha: 0, children: [child])
        let empty = fill("empty", red, Rect(x: 5, y: 5, width: 0, height: 10))
        let parent = fill("parent", .white, Rect(x: 10, y: 10, width: 20, height: 20), alpha: 0.8, shadow: shadow,
                          children: [child, hidden, empty], clips: true)
        XCTAssertEqual(kinds(plan([parent], touches: [Point(x: 1, y: 1)])),
                       ["clear", "shadow 0.8", "fill other 0.8", "begin clipped", "fill red 0.4", "end", "touch"])
        XCTAssertEqual(kinds(plan([parent], touches: [Point(x: 1, y: 1)], showsTouches: false)).last, "end")
        let steps = plan([parent])
        // The clip is the parent's bounds carried to pixels; the child sits 10 + 5 pt in.
        XCTAssertEqual(steps[3], .beginChildren(clip: PaintPlan.Clip(bounds: Rect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 0,
                                                                     device: AffineTransform(translationX: 10, y: 10)
                                                                         .concatenating(device2x))))
        XCTAssertEqual(steps[4], .fill(red, alpha: 0.8 * 0.5, bounds: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 0,
                                       device: AffineTransform(translationX: 15, y: 15).concatenating(device2x)))
    }

    /// A shadow skips the whole pixels its opaque node covers: the node's pixel frame inset past
    /// its continuous corners (radius x scale x 1.547302, the corner curve's extent).
    func testAShadowSkipsWhatItsOpaqueNodeCovers() {
        let shadow = Shadow(opacity: 1, radius: 4)
        func covered(_ node: RenderNode) -> Rect?? {
            for step in plan([node]) {
                if case .shadow(_, _, _, _, _, let covered) = step { return covered }
            }
            return nil
        }
        XCTAssertEqual(covered(fill("a", red, Rect(x: 10, y: 10, width: 20, height: 20), shadow: shadow)),
                       Rect(x: 20, y: 20, width: 40, height: 40))
        let inset = (3 * 2 * 1.547302).rounded(.up)  // 10 px
        XCTAssertEqual(covered(fill("a", red, Rect(x: 10, y: 10, width: 20, height: 20), cornerRadius: 3, shadow: shadow)),
                       Rect(x: 20 + inset, y: 20 + inset, width: 40 - 2 * inset, height: 40 - 2 * inset))
        XCTAssertEqual(covered(fill("a", red, Rect(x: 10, y: 10, width: 20, height: 20), alpha: 0.9, shadow: shadow)), .some(nil),
                       "a translucent node covers nothing")
    }

    func testChromeStepsCarryTheirToneAndAlpha() {
        let bar = RenderNode(id: "statusBar", size: Size(width: 50, height: 20), children: [
            RenderNode(id: "statusBar/dark", content: .statusBar(.dark), size: Size(width: 50, height: 20), alpha: 0.375),
            RenderNode(id: "statusBar/light", content: .statusBar(.light), size: Size(width: 50, height: 20), alpha: 0.625),
        ])
        let indicator = RenderNode(id: "homeIndicator", content: .homeIndicator(.light), size: Size(width: 20, height: 2))
        XCTAssertEqual(kinds(plan([fill("a", red, full), bar, indicator])),
                       ["fill red 1.0", "begin", "statusBar dark 0.375", "statusBar light 0.625", "end", "homeIndicator light 1.0"])
    }

    // MARK: Image placement

    func testAnUnscaledImageAtWholePixelsIsCopied() {
        // 50 x 100 pt at 2x from (5, 10) pt: 100 x 200 px at (10, 20) px.
        let device = AffineTransform(translationX: 5, y: 10).concatenating(device2x)
        XCTAssertEqual(canvas.placement(of: full, device: device, pixelWidth: 100, pixelHeight: 200),
                       .copied(x: 10, y: 20, frame: Rect(x: 10, y: 20, width: 100, height: 200)))
    }

    func testAFractionalPlaceIsFilteredWithWholePixelEdges() {
        // 5.25 pt = 10.5 px: the content stays at 10.5; the edges go to the pixel whose center is inside.
        let device = AffineTransform(translationX: 5.25, y: 10).concatenating(device2x)
        XCTAssertEqual(canvas.placement(of: full, device: device, pixelWidth: 100, pixelHeight: 200),
                       .filtered(frame: Rect(x: 10.5, y: 20, width: 100, height: 200), sx: 1, sy: 1,
                                 edges: Rect(x: 10, y: 20, width: 100, height: 200), pixels: Rect(x: 10, y: 20, width: 90, height: 180)))
    }

    func testAScaledImageIsFiltered() {
        // A 200 x 400 px image on 100 x 200 px: half a device pixel per image pixel.
        XCTAssertEqual(canvas.placement(of: full, device: device2x, pixelWidth: 200, pixelHeight: 400),
                       .filtered(frame: Rect(x: 0, y: 0, width: 100, height: 200), sx: 0.5, sy: 0.5,
                                 edges: Rect(x: 0, y: 0, width: 100, height: 200), pixels: Rect(x: 0, y: 0, width: 100, height: 200)))
    }

    func testARotatedImageIsCarriedByItsTransform() {
        let device = AffineTransform(rotation: 0.1).concatenating(device2x)
        XCTAssertEqual(canvas.placement(of: full, device: device, pixelWidth: 100, pixelHeight: 200),
                       .rotated(imageToDevice: AffineTransform(scaleX: 0.5, y: 0.5).concatenating(device)))
    }

    func testAnImageOffTheCanvasIsNotPlaced() {
        let device = AffineTransform(translationX: 60, y: 0).concatenating(device2x)
        XCTAssertNil(canvas.placement(of: full, device: device, pixelWidth: 100, pixelHeight: 200))
        XCTAssertNil(canvas.placement(of: full, device: AffineTransform(scaleX: .infinity, y: 2), pixelWidth: 100, pixelHeight: 200))
    }

    private func part(_ screen: String, frame: Rect) -> RenderNode {
        RenderNode(id: screen, content: .part(ScreenPart(screen: screen, kind: .body,
                                                         layout: Device(name: "custom", size: frame.size, scale: 2))),
                   size: frame.size, transform: AffineTransform(translationX: frame.x, y: frame.y))
    }
}
