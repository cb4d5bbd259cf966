internal import CCairo
import Geometry
import RenderTree
import Scene

/// The images of what iOS draws over every screen at window level: the status bar and the home
/// indicator, in both tones.
///
/// Which of them a frame shows, and in which tone, the render tree says (its `statusBar` and
/// `homeIndicator` nodes, decided by the engine); each is drawn once, when the cache is built,
/// so a frame only composites the right image at its fixed place.
final class SystemChrome: Sendable {
    let statusBar: [ChromeTone: OverlayImage]
    let homeIndicator: [ChromeTone: OverlayImage]

    /// `mirrored`: a right-to-left interface's status bar, its time and its icons swapping sides.
    init(device: Device, text: TextContext, mirrored: Bool = false) throws {
        let bar = StatusBarPainter(device: device)
        let indicator = device.homeIndicatorFrame
        var statusBar: [ChromeTone: OverlayImage] = [:]
        var homeIndicator: [ChromeTone: OverlayImage] = [:]
        for tone in ChromeTone.allCases {
            statusBar[tone] = try OverlayImage(frame: device.statusBarFrame, scale: device.scale) { cairo in
                if mirrored {
                    cairo_translate(cairo.pointer, 2 * device.statusBarFrame.midX, 0)
                    cairo_scale(cairo.pointer, -1, 1)
                }
                try bar.draw(tone: tone, on: cairo, text: text)
            }
            homeIndicator[tone] = try OverlayImage(frame: indicator.insetBy(-1), scale: device.scale) { cairo in
                cairo.fill(indicator, cornerRadius: indicator.height / 2, curve: .circular, color: tone.color)
            }
        }
        self.statusBar = statusBar
        self.homeIndicator = homeIndicator
    }
}

extension Rect {
    /// The rectangle shrunk by `amount` on every side (grown for a negative amount).
    func insetBy(_ amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: max(width - 2 * amount, 0), height: max(height - 2 * amount, 0))
    }
}
