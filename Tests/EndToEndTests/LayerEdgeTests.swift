import Engine
import Foundation
import Pipeline
import Scene
import Stills
import XCTest

/// Layers that abut never show a seam (Core Animation draws layer edges without antialiasing,
/// docs/uikit-semantics.md#layer-edges), in every example scene: wherever two opaque top-level
/// layers of a transition frame meet edge to edge, the pixels along the joint are not darker
/// than the pixels beside them, at whatever fractional position the joint falls.
final class LayerEdgeTests: XCTestCase {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A screen body or a fill: the layers a style places.
    private func isLayer(_ node: PlacedNode) -> Bool {
        switch node.content {
        case .fill: return true
        case .part(let part): return part.kind == .body
        case .none, .statusBar, .homeIndicator, .backdrop: return false
        }
    }

    /// The vertical joints (x in points, y range) between opaque, unrotated layers of `state`
    /// that meet edge to edge.
    private func joints(_ state: FrameState) -> [(x: Double, top: Double, bottom: Double)] {
        let layers = state.layers.filter { isLayer($0) && $0.alpha >= 1 && $0.transform.isAxisAligned }
        var joints: [(Double, Double, Double)] = []
        for a in layers {
            for b in layers where abs(a.frame.maxX - b.frame.minX) < 1e-6 {
                let top = max(a.frame.minY, b.frame.minY, 0), bottom = min(a.frame.maxY, b.frame.maxY)
                if bottom - top > 40 { joints.append((b.frame.minX, top, bottom)) }
            }
        }
        return joints
    }

    /// The share of rows across a joint at `x` pt where a pixel near it is darker than both its
    /// neighbours: a seam darkens every row; the screens' own content only a few.
    private func seamShare(_ pixels: [UInt8], width: Int, height: Int, x: Double, top: Double, bottom: Double, scale: Double) -> Double {
        func luma(_ px: Int, _ py: Int) -> Int {
            let i = (py * width + px) * 4
            return (Int(pixels[i]) * 2 + Int(pixels[i + 1]) * 5 + Int(pixels[i + 2])) / 8
        }
        let column = Int((x * scale).rounded(.down))
        guard column >= 2, column + 2 < width else { return 0 }
        let rows = stride(from: Int((top * scale).rounded(.up)) + 8, to: Int((bottom * scale).rounded(.down)) - 8, by: max(Int(scale * 7), 1))
        var dark = 0, count = 0
        for y in rows where y >= 0 && y < height {
            count += 1
            if (column - 1...column + 1).contains(where: { luma($0, y) + 3 < min(luma($0 - 1, y), luma($0 + 1, y)) }) { dark += 1 }
        }
        return count > 0 ? Double(dark) / Double(count) : 0
    }

    func testNoSeamBetweenAbuttingLayersInAnyExampleScene() throws {
        let folder = repository.appendingPathComponent("scenes")
        let scenes = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThan(scenes.count, 20)
        var checked: [String: Int] = [:]
        for name in scenes {
            // The side drawer at the scales the seam showed at; every scene at 1x.
            for scale in name.hasPrefix("side-drawer") ? [1.0, 3.0] : [1.0] {
                let session = try RenderSession(scene: try SceneFile.load(folder.appendingPathComponent(name).path), scale: scale)
                let canvas = try session.canvas()
                let timeline = session.timeline
                for index in stride(from: 0, to: timeline.frameCount, by: 2) {
                    let state = timeline.state(frame: index)
                    guard state.phase != .idle else { continue }
                    let joints = joints(state).filter { ($0.x * scale).rounded() != $0.x * scale }
                    guard !joints.isEmpty else { continue }
                    session.draw(state, on: canvas)
                    let image = canvas.rgbaImage()
                    for joint in joints {
                        checked[name, default: 0] += 1
                        let share = seamShare(image.pixels, width: image.width, height: image.height, x: joint.x, top: joint.top, bottom: joint.bottom, scale: scale)
                        XCTAssertLessThan(share, 0.25, "\(name) frame \(index) at \(scale)x: a seam at x = \(joint.x) pt")
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked["side-drawer.yaml", default: 0], 10, "the drawer's fractional joints were looked at: \(checked)")
    }
}
