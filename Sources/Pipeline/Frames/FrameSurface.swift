import Engine
import Foundation
import Raster
import Stills

/// What one worker of a render or a still draws its frames into: the device's canvas alone
/// (padded to even sizes for an encoder that needs them), or — when the scene asks for a device
/// frame — that canvas, unpadded, copied into the frame's picture as its rows change. The
/// screen's pixels are the same either way; the frame only adds what lies around them.
final class FrameSurface {
    let session: RenderSession
    /// The screen.
    let canvas: Canvas
    private let framed: FramedCanvas?
    private let padded: Bool
    /// The ids of the caption nodes a framed picture lays beside the device, not on the screen.
    private let besideIDs: Set<String>

    /// What a copy of the picture is a copy of: the screen's canvas's frame, and the captions
    /// laid beside the device (ids and opacities).
    struct Mark {
        let painted: PaintedFrame?
        let captions: [String: Double]
    }

    /// A surface for `session`'s frames, inside `plate`'s frame when given; padded to even
    /// sizes when `padded` (a framed picture always is).
    init(session: RenderSession, plate: DeviceFramePlate?, padded: Bool) throws {
        self.session = session
        self.padded = padded && plate == nil
        canvas = try session.canvas(padded: self.padded)
        framed = try plate.map(FramedCanvas.init)
        besideIDs = Set(plate.map { Array($0.captionAreas.keys) } ?? [])
    }

    var pixelWidth: Int { framed?.pixelWidth ?? canvas.pixelWidth }
    var pixelHeight: Int { framed?.pixelHeight ?? canvas.pixelHeight }
    var stride: Int { framed?.stride ?? canvas.stride }

    /// Draws `state` whole.
    func draw(_ state: FrameState) {
        session.draw(onScreen(state), on: canvas)
        finish(FrameChanges(damage: .all(height: canvas.pixelHeight)), state)
    }

    /// Draws `state` where it differs from the frame drawn before; the picture's rows redrawn
    /// (the screen's rows moved by a scroll count as redrawn in a framed picture).
    @discardableResult
    func drawChanges(_ state: FrameState) -> FrameChanges {
        finish(session.drawChanges(onScreen(state), on: canvas), state)
    }

    /// What the picture holds now (see `Canvas.painted`).
    var mark: Mark { Mark(painted: canvas.painted, captions: framed?.captions ?? [:]) }

    /// How a copy of the picture as it was at `earlier` (nil: a copy of nothing yet) becomes a
    /// copy of the picture now (see `Canvas.changes(since:)`).
    func changes(since earlier: Mark?) -> FrameChanges {
        let changes = canvas.changes(since: earlier?.painted)
        guard let framed else { return FrameChanges(damage: paddingRows(changes.damage), move: changes.move) }
        // The rows around the screen never change but for captions, and a copy of nothing yet has none of them.
        guard let earlier else { return FrameChanges(damage: .all(height: framed.pixelHeight)) }
        let captions = framed.captionRows(since: earlier.captions)
        return FrameChanges(damage: Damage(pictureRows(changes).bands + captions.bands, height: framed.pixelHeight))
    }

    /// `state` as the screen's canvas draws it: without the captions a framed picture lays beside the device.
    private func onScreen(_ state: FrameState) -> FrameState {
        guard !besideIDs.isEmpty else { return state }
        var state = state
        state.nodes.removeAll { besideIDs.contains($0.id) }
        return state
    }

    /// Brings what lies beyond the screen's own pixels up to date after the screen's canvas
    /// changed by `changes` for `state`: the edge padding, or the framed picture's copy of the
    /// screen and the captions beside the device.
    private func finish(_ changes: FrameChanges, _ state: FrameState) -> FrameChanges {
        let geometry = session.geometry
        guard let framed else {
            if padded { canvas.padEdges(contentWidth: geometry.contentWidth, contentHeight: geometry.contentHeight) }
            return FrameChanges(damage: paddingRows(changes.damage), move: changes.move)
        }
        framed.update(from: canvas, rows: screenRows(changes))
        var damage = pictureRows(changes)
        if !besideIDs.isEmpty {
            let beside = state.nodes.filter { besideIDs.contains($0.id) }
            damage = Damage(damage.bands + framed.lay(beside, screens: session.screens).bands, height: framed.pixelHeight)
        }
        return FrameChanges(damage: damage)
    }

    /// The rows of the framed picture that hold the screen's rows changed by `changes`.
    private func pictureRows(_ changes: FrameChanges) -> Damage {
        guard let framed else { return changes.damage }
        let top = framed.plate.layout.screenY
        return Damage(screenRows(changes).bands.map { ($0.lowerBound + top)..<($0.upperBound + top) }, height: framed.pixelHeight)
    }

    /// The screen's rows `changes` redraws or moves.
    private func screenRows(_ changes: FrameChanges) -> Damage {
        guard let move = changes.move else { return changes.damage }
        return Damage(changes.damage.bands + move.rows.bands, height: canvas.pixelHeight)
    }

    /// `damage` with the padding rows below the content, which repeat its last row, when that row is in it.
    private func paddingRows(_ damage: Damage) -> Damage {
        let geometry = session.geometry
        guard padded, let last = damage.bands.last, last.upperBound >= geometry.contentHeight else { return damage }
        return damage.union(geometry.contentHeight..<geometry.height, height: geometry.height)
    }

    /// Calls `body` with the picture's first byte.
    func withPixels<R>(_ body: (UnsafePointer<UInt8>) throws -> R) rethrows -> R {
        if let framed { return try framed.withPixels(body) }
        return try canvas.withPixels(body)
    }

    /// The picture, un-premultiplied RGBA.
    func rgbaImage() -> RGBAImage {
        framed?.rgbaImage() ?? canvas.rgbaImage()
    }

    /// Writes the picture as a PNG at `url`, atomically.
    func writePNG(to url: URL) throws {
        if let framed { try framed.writePNG(to: url) } else { try canvas.writePNG(to: url) }
    }
}
