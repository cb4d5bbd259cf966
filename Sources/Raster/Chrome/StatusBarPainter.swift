import Geometry
import RenderTree
import Scene

/// Draws the status bar of a device: time "9:41", cellular signal, Wi-Fi and a full battery,
/// arranged as the device arranges them (`Device.statusBarLayout`), over `Device.statusBarFrame`.
struct StatusBarPainter {
    let device: Device

    func draw(tone: ChromeTone, on cairo: CairoContext, text: TextContext) throws {
        let color = tone.color
        let width = device.size.width
        let painter = Label(cairo: cairo, text: text)
        let center = device.statusBarCenterY
        switch device.statusBarLayout {
        case .dynamicIsland:
            // Time in the left ear, symbols in the right one, both on the island's center line.
            let ear = (width - 126) / 4 + 4
            try painter.draw("9:41", center: Point(x: ear, y: center), size: 17, color: color)
            let group = 17.0 + 6 + 16 + 6 + 27
            var x = width - ear - group / 2
            Glyphs.signal(in: Rect(x: x, y: center - 5.5, width: 17, height: 11), color: color, on: cairo)
            x += 17 + 6
            Glyphs.wifi(in: Rect(x: x, y: center - 6.5, width: 16, height: 12), color: color, on: cairo)
            x += 16 + 6
            Glyphs.battery(in: Rect(x: x, y: center - 6.25, width: 27, height: 12.5), color: color, on: cairo)
        case .classic:
            try painter.draw("9:41", center: Point(x: width / 2, y: center), size: 12, color: color)
            Glyphs.signal(in: Rect(x: 6, y: center - 3.7, width: 13, height: 8), color: color, on: cairo)
            Glyphs.wifi(in: Rect(x: 23, y: center - 4.5, width: 12, height: 9), color: color, on: cairo)
            Glyphs.battery(in: Rect(x: width - 6 - 24, y: center - 5.5, width: 24, height: 11), color: color, on: cairo)
        case .pad:
            try painter.draw("9:41  Mon Jun 10", leading: 20, centerY: center, size: 13, color: color)
            Glyphs.battery(in: Rect(x: width - 20 - 26, y: center - 6, width: 26, height: 12), color: color, on: cairo)
            Glyphs.wifi(in: Rect(x: width - 20 - 26 - 6 - 15, y: center - 5.5, width: 15, height: 11), color: color, on: cairo)
        }
    }

    /// Semibold status bar text.
    private struct Label {
        let cairo: CairoContext
        let text: TextContext

        func draw(_ string: String, center: Point, size: Double, color: Color) throws {
            try paint(LabelView(text: string, frame: Rect(x: center.x - 60, y: center.y - size, width: 120, height: 2 * size),
                                fontSize: size, weight: .semibold, color: color, alignment: .center))
        }

        func draw(_ string: String, leading: Double, centerY: Double, size: Double, color: Color) throws {
            try paint(LabelView(text: string, frame: Rect(x: leading, y: centerY - size, width: 300, height: 2 * size),
                                fontSize: size, weight: .semibold, color: color))
        }

        private func paint(_ label: LabelView) throws {
            try TextPainter(cairo: cairo, text: text).draw(label)
        }
    }
}
