import CLITestSupport
import Engine
import Foundation
import Geometry
@testable import Raster
import Scene
import XCTest

/// Pixel checks of controls, icons, emoji, bottom bars, row accessories and view styling.
final class ControlsTests: XCTestCase {
    static let green = Color(r8: 52, g8: 199, b8: 89)
    static let blue = Color(r8: 0, g8: 122, b8: 255)
    static let light = ControlView.Colors.system(.light)

    func icon(_ name: String) throws -> Icon {
        try Requirements.fail(if: IconCatalog.codepoints.isEmpty, .iconFont, "fonts-material-design-icons-iconfont is not installed (scripts/bootstrap)")
        return try IconCatalog.icon(named: name).get()
    }

    // MARK: Controls

    func testSwitchShowsItsTintWhereTheKnobIsNotAndAWhiteKnob() throws {
        let on = ControlView(.toggle(isOn: true), frame: Rect(x: 10, y: 10, width: 51, height: 31), tint: Self.green, colors: Self.light)
        let off = ControlView(.toggle(isOn: false), frame: Rect(x: 10, y: 50, width: 0, height: 0), tint: Self.green, colors: Self.light)
        let image = try render([.control(on), .control(off)], size: Size(width: 80, height: 90), scale: 2)
        // On: the knob (27 pt) sits at the right; the track's left part shows the tint.
        XCTAssertEqual(rgb(image, 2 * 18, 2 * 25), [52, 199, 89], "tint left of the knob")
        XCTAssertEqual(rgb(image, 2 * (10 + 51 - 15), 2 * 25), [255, 255, 255], "the knob at the right")
        // Off: knob left, the light gray track on the right (drawn at 51 x 31 from the origin whatever the frame's size).
        XCTAssertEqual(rgb(image, 2 * 24, 2 * 65), [255, 255, 255], "the knob at the left")
        XCTAssertEqual(rgb(image, 2 * 54, 2 * 65), [233, 233, 235], "the off track")
        XCTAssertEqual(rgb(image, 2 * 66, 2 * 65), [242, 242, 247], "nothing beyond 51 pt")
    }

    func testButtonStylesFillWithTheTint() throws {
        func button(_ style: ControlView.Button.Style, y: Double) -> ViewSpec {
            .control(ControlView(.button(.init(style: style, title: "OK")), frame: Rect(x: 10, y: y, width: 100, height: 34),
                                 tint: Self.blue, colors: Self.light))
        }
        let image = try render([button(.filled, y: 10), button(.tinted, y: 50), button(.bordered, y: 90), button(.plain, y: 130)],
                               size: Size(width: 120, height: 180))
        XCTAssertEqual(rgb(image, 20, 27), [0, 122, 255], "filled: the tint")
        // tinted: the tint at 15 % over the screen's background (242, 242, 247).
        assertClose(rgb(image, 20, 67), [206, 224, 248], tolerance: 2)
        // gray: tertiarySystemFill (118, 118, 128) at 12 %.
        assertClose(rgb(image, 20, 107), [227, 227, 233], tolerance: 2)
        XCTAssertEqual(rgb(image, 20, 147), [242, 242, 247], "plain: no background")
        XCTAssertEqual(rgb(image, 11, 11), [242, 242, 247], "corners rounded (about 8 pt at 34 pt)")
        let filledText = try XCTUnwrap(inkBounds(image, in: PixelRect(minX: 12, minY: 12, maxX: 108, maxY: 42), background: [0, 122, 255]))
        XCTAssertEqual(Double(filledText.minX + filledText.maxX) / 2, 60, accuracy: 2, "the title is centered")
        XCTAssertTrue((filledText.minX...filledText.maxX).contains { rgb(image, $0, 27) == [255, 255, 255] }, "white text on filled")
    }

    func testSegmentedSliderProgressAndPageControl() throws {
        let views: [ViewSpec] = [
            .control(ControlView(.segmented(segments: [.init(title: "A"), .init(title: "B")], selected: 1),
                                 frame: Rect(x: 0, y: 0, width: 200, height: 32), tint: .white, colors: Self.light)),
            .control(ControlView(.slider(fraction: 0.5), frame: Rect(x: 0, y: 40, width: 200, height: 34), tint: Self.blue, colors: Self.light)),
            .control(ControlView(.progress(fraction: 0.25), frame: Rect(x: 0, y: 90, width: 200, height: 4), tint: Self.blue, colors: Self.light)),
            .control(ControlView(.pageControl(count: 3, current: 0), frame: Rect(x: 0, y: 100, width: 200, height: 26),
                                 tint: .black, colors: Self.light)),
        ]
        let image = try render(views, size: Size(width: 200, height: 130), background: .white)
        XCTAssertEqual(rgb(image, 104, 4), [255, 255, 255], "the selected segment's card")
        assertClose(rgb(image, 30, 4), [241, 241, 242], tolerance: 2)  // the track: tertiarySystemFill over white
        XCTAssertEqual(rgb(image, 30, 57), [0, 122, 255], "the slider's tint left of the thumb")
        assertClose(rgb(image, 170, 57), [228, 228, 230], tolerance: 2)  // systemFill right of it
        XCTAssertEqual(rgb(image, 100, 50), [255, 255, 255], "the thumb at the middle of its travel")
        XCTAssertEqual(rgb(image, 25, 92), [0, 122, 255], "progress: a quarter filled")
        assertClose(rgb(image, 75, 92), [228, 228, 230], tolerance: 2)
        // Three 7 pt dots 16 pt apart, centered: the current one at x 84.
        XCTAssertEqual(rgb(image, 84, 113), [0, 0, 0])
        XCTAssertNotEqual(rgb(image, 100, 113), [0, 0, 0], "the others are lighter")
        XCTAssertNotEqual(rgb(image, 100, 113), [255, 255, 255])
    }

    /// The date-picker row: at the 16 pt trailing margin the time pill, 4 pt before it the date
    /// pill, each its 17 pt text's Pango width plus 12 pt padding on both sides and 34.29 pt tall
    /// (a 20.29 pt body line plus 7 pt above and below), `tertiarySystemFill` over the row; the
    /// label from the 16 pt leading margin (docs/uikit-semantics.md#compact-date-picker).
    func testTheDatePickerRowPutsItsPillsAtTheTrailingMargin() throws {
        let picker = ControlView.DatePicker(label: "Starts", mode: .dateAndTime,
                                            date: ControlView.DatePicker.Moment(year: 2026, month: 11, day: 23, hour: 9, minute: 41))
        let views: [ViewSpec] = [.control(ControlView(.datePicker(picker), frame: Rect(x: 0, y: 0, width: 393, height: 44), tint: Self.blue,
                                                      colors: Self.light))]
        let image = try render(views, size: Size(width: 393, height: 44), background: .white)
        let widths = try FontLibrary.shared.get().withTextContext { context in
            try ["Nov 23, 2026", "9:41 AM"].map { text in
                try TextLayout(LabelView(text: text, frame: Rect(x: 0, y: 0, width: 1000, height: 40), fontSize: 17), context: context).logicalRect.width
            }
        }
        let timeRight = 393.0 - 16, timeLeft = timeRight - widths[1] - 24
        let dateRight = timeLeft - 4, dateLeft = dateRight - widths[0] - 24
        let fill = Self.light.fill
        let pill = [fill.red, fill.green, fill.blue].map { UInt8((255 * (1 - fill.alpha) + 255 * $0 * fill.alpha).rounded()) }
        // Padding inside each pill, at the middle line, and the white around them.
        assertClose(rgb(image, Int(timeRight) - 6, 22), pill, tolerance: 1)
        assertClose(rgb(image, Int(timeLeft) + 5, 22), pill, tolerance: 1)
        assertClose(rgb(image, Int(dateRight) - 6, 22), pill, tolerance: 1)
        assertClose(rgb(image, Int(dateLeft) + 5, 22), pill, tolerance: 1)
        XCTAssertEqual(rgb(image, Int(timeRight) + 1, 22), [255, 255, 255], "the trailing margin")
        XCTAssertEqual(rgb(image, Int((timeLeft - 2).rounded(.down)), 22), [255, 255, 255], "the 4 pt between the pills")
        XCTAssertEqual(rgb(image, Int(dateLeft) - 2, 22), [255, 255, 255], "before the date pill")
        // 34.29 pt tall, centered: rows 5...38 are the pill's, rows 0...3 and 40... are the row's.
        assertClose(rgb(image, Int(timeRight) - 12, 6), pill, tolerance: 1)
        assertClose(rgb(image, Int(timeRight) - 12, 38), pill, tolerance: 1)
        XCTAssertEqual(rgb(image, Int(timeRight) - 12, 3), [255, 255, 255])
        XCTAssertEqual(rgb(image, Int(timeRight) - 12, 40), [255, 255, 255])
        // The label's ink starts at the leading margin.
        let ink = try XCTUnwrap(inkBounds(image, in: PixelRect(minX: 0, minY: 0, maxX: Int(dateLeft) - 1, maxY: 44), background: [255, 255, 255]))
        XCTAssertEqual(Double(ink.minX), 16, accuracy: 2)
    }

    // MARK: Icons and fallback fonts

    func testIconsAreDrawnInTheirColorAndEmojiInTheirOwn() throws {
        let trash = try icon("trash.fill")
        let views: [ViewSpec] = [
            .icon(IconView(icon: trash, frame: Rect(x: 0, y: 0, width: 40, height: 40), pointSize: 28, color: Self.blue)),
            .icon(IconView(icon: try icon("🎉"), frame: Rect(x: 40, y: 0, width: 40, height: 40), pointSize: 28, color: Self.blue)),
        ]
        let image = try render(views, size: Size(width: 80, height: 40), scale: 2, background: .white)
        let glyph = try XCTUnwrap(inkBounds(image, in: PixelRect(minX: 0, minY: 0, maxX: 80, maxY: 80), background: [255, 255, 255]))
        XCTAssertEqual(Double(glyph.maxY - glyph.minY) / 2, 28, accuracy: 4, "about the point size tall")
        XCTAssertEqual(Double(glyph.minX + glyph.maxX) / 4, 20, accuracy: 1.5, "centered")
        XCTAssertTrue((glyph.minX...glyph.maxX).contains { rgb(image, $0, (glyph.minY + glyph.maxY) / 2) == [0, 122, 255] },
                      "drawn in its color")
        // The emoji is the color font's: pixels far from gray and from the icon's blue.
        var colors = Set<[UInt8]>()
        for y in 0..<80 { for x in 80..<160 { colors.insert(rgb(image, x, y)) } }
        XCTAssertTrue(colors.contains { p in Int(p[0]) - Int(p[2]) > 100 }, "warm colors of the party popper")
    }

    func testSymbolsAndEmojiHaveNoMissingGlyphs() throws {
        let fonts = try FontLibrary.shared.get()
        try fonts.withTextContext { context in
            for text in ["ⓘ", "🗑", "🎉", "★ → ✓ ⌘", "⚙︎", "Hello"] {
                let layout = try TextLayout(LabelView(text: text, frame: Rect(x: 0, y: 0, width: 300, height: 40)), context: context)
                XCTAssertEqual(layout.unknownGlyphCount, 0, "missing glyphs in \(text)")
            }
            // A pictograph that defaults to text presentation (🗑) is drawn as an emoji, so the
            // space after it is Inter's, as after one that defaults to emoji (🎉).
            func width(_ text: String) throws -> Double {
                try TextLayout(LabelView(text: text, frame: Rect(x: 0, y: 0, width: 300, height: 40)), context: context).logicalRect.width
            }
            XCTAssertEqual(try width("🗑 A"), try width("🎉 A"), accuracy: 0.5)
            XCTAssertEqual(TextLayout.presentingPictographsAsEmoji("🗑 ★ ©"), "🗑\u{FE0F} ★ ©", "only pictographs from U+1F000")
        }
    }

    func testLabelsUseTheScenesOwnFont() throws {
        let path = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        try Requirements.fail(if: !FileManager.default.fileExists(atPath: path), .dejaVuFont, "fonts-dejavu-core is not installed")
        var serif = LabelView(text: "Hamburgefonts", frame: Rect(x: 0, y: 0, width: 200, height: 30), fontSize: 20)
        serif.customFont = CustomFont(family: "DejaVu Serif", path: path)
        let inter = LabelView(text: "Hamburgefonts", frame: Rect(x: 0, y: 30, width: 200, height: 30), fontSize: 20)
        let image = try render([.label(serif), .label(inter)], size: Size(width: 200, height: 60), background: .white)
        let fonts = try FontLibrary.library(for: SceneFonts(files: [path]))
        try fonts.withTextContext { context in
            let description = try FontDescription(family: fonts.families(for: serif.customFont, size: 20), size: 20, weight: .regular)
            XCTAssertEqual(LoadedFont(context: context, description: description)?.family, "DejaVu Serif")
        }
        let top = try XCTUnwrap(inkBounds(image, in: PixelRect(minX: 0, minY: 0, maxX: 200, maxY: 30), background: [255, 255, 255]))
        let bottom = try XCTUnwrap(inkBounds(image, in: PixelRect(minX: 0, minY: 30, maxX: 200, maxY: 60), background: [255, 255, 255]))
        XCTAssertGreaterThan(top.maxX - top.minX, bottom.maxX - bottom.minX + 5, "DejaVu Serif sets the word wider than Inter")
    }

    // MARK: Bars and rows

    func testTabBarSitsAboveTheHomeIndicatorWithTheSelectedTint() throws {
        var screen = ScreenSpec(name: "s", background: .white, views: [])
        screen.tabBar = TabBarView(items: [.init(title: "One", icon: try icon("star.fill")), .init(title: "Two", icon: try icon("star.fill"), badge: "")],
                                   selected: 1, tint: Self.blue, unselected: Color(r8: 142, g8: 142, b8: 147),
                                   background: Color(r8: 249, g8: 249, b8: 249), separator: nil, badgeColor: Color(r8: 255, g8: 59, b8: 48))
        let device = Device(name: "custom", size: Size(width: 200, height: 200), scale: 1, safeAreaBottom: 34)
        let image = try render(screen, device: device)
        XCTAssertEqual(rgb(image, 5, 110), [255, 255, 255], "above the bar: the screen")
        XCTAssertEqual(rgb(image, 5, 120), [249, 249, 249], "the bar from 200 - 34 - 49 = 117")
        XCTAssertEqual(rgb(image, 5, 195), [249, 249, 249], "its background reaches the bottom")
        let selected = inkBounds(image, in: PixelRect(minX: 100, minY: 117, maxX: 200, maxY: 150), background: [249, 249, 249])
        XCTAssertNotNil(selected)
        func hasColor(_ color: [UInt8], in box: PixelRect) -> Bool {
            (box.minY..<box.maxY).contains { y in (box.minX..<box.maxX).contains { rgb(image, $0, y) == color } }
        }
        XCTAssertTrue(hasColor([0, 122, 255], in: PixelRect(minX: 100, minY: 117, maxX: 200, maxY: 166)), "the selected tab in the tint")
        XCTAssertFalse(hasColor([0, 122, 255], in: PixelRect(minX: 0, minY: 117, maxX: 100, maxY: 166)), "the other not")
        XCTAssertTrue(hasColor([255, 59, 48], in: PixelRect(minX: 150, minY: 117, maxX: 200, maxY: 140)), "the badge dot")
    }

    func testRowSwitchInfoTileAndHighlight() throws {
        var tile = ListView.Row(title: "Wi-Fi", imageColor: Color(r8: 0, g8: 122, b8: 255), icon: try icon("wifi"), accessory: .switch, isOn: true)
        tile.isHighlighted = true
        let list = ListView(frame: Rect(x: 0, y: 0, width: 300, height: 100), sections: [ListView.Section(rows: [
            tile, ListView.Row(title: "Focus", accessory: .info),
        ])])
        let image = try render([.list(list)], size: Size(width: 300, height: 100), scale: 2)
        XCTAssertEqual(rgb(image, 2 * 120, 2 * 5), [209, 209, 214], "the highlighted row: systemGray4")
        XCTAssertEqual(rgb(image, 2 * 120, 2 * 50), [255, 255, 255], "the other row is not")
        // The switch: 51 x 31 ending 16 pt from the right edge, on: the tint left of its knob.
        XCTAssertEqual(rgb(image, 2 * (300 - 16 - 51 + 8), 2 * 22), [52, 199, 89])
        // The tile: 28 pt at x 16, its white glyph over the blue.
        XCTAssertEqual(rgb(image, 2 * 17 + 1, 2 * 22), [0, 122, 255])
        XCTAssertTrue((2 * 16..<2 * 44).contains { rgb(image, $0, 2 * 22) == [255, 255, 255] } ||
                      (2 * 8..<2 * 36).contains { rgb(image, 2 * 30, $0) == [255, 255, 255] }, "a white symbol on the tile")
        // The info button: a tinted ring 22 pt wide ending 16 pt from the right edge (above the
        // separator a plain list draws under its last row, at y 88).
        let info = try XCTUnwrap(inkBounds(image, in: PixelRect(minX: 2 * 250, minY: 2 * 46, maxX: 2 * 300, maxY: 2 * 86),
                                           background: [255, 255, 255]))
        XCTAssertEqual(Double(info.maxX) / 2, 284, accuracy: 1.5)
        XCTAssertEqual(Double(info.maxX - info.minX) / 2, 21, accuracy: 2)
    }

    // MARK: Styling

    func testOpacityGradientAndShadow() throws {
        var faded = RectView(frame: Rect(x: 0, y: 0, width: 40, height: 40), fill: Color(r8: 255, g8: 0, b8: 0))
        faded.opacity = 0.5
        var gradient = RectView(frame: Rect(x: 50, y: 0, width: 40, height: 100), fill: .clear)
        gradient.gradient = Gradient(colors: [Color(r8: 255, g8: 0, b8: 0), Color(r8: 0, g8: 0, b8: 255)])
        var card = RectView(frame: Rect(x: 100, y: 10, width: 40, height: 40), fill: .white)
        card.shadow = ViewShadow(color: .black, opacity: 0.5, radius: 6, offset: Point(x: 0, y: 6))
        let image = try render([.rect(faded), .rect(gradient), .rect(card)], size: Size(width: 150, height: 100), background: .white)
        assertClose(rgb(image, 20, 20), [255, 128, 128], tolerance: 1)  // half of red over white
        assertClose(rgb(image, 70, 0), [252, 0, 3], tolerance: 4)  // the gradient starts red at the top
        assertClose(rgb(image, 70, 99), [3, 0, 252], tolerance: 4)  // and ends blue at the bottom
        assertClose(rgb(image, 70, 50), [128, 0, 127], tolerance: 3)  // halfway between
        XCTAssertEqual(rgb(image, 120, 30), [255, 255, 255], "the card")
        let below = rgb(image, 120, 52), above = rgb(image, 120, 8)
        XCTAssertLessThan(Int(below[0]), 200, "its shadow falls below it: \(below)")
        XCTAssertGreaterThan(Int(above[0]), Int(below[0]), "offset down: lighter above \(above) than below \(below)")
    }

    // MARK: Helpers

    private func frame(_ layers: [RenderNode]) -> FrameState {
        FrameState(frame: 0, time: 0, transition: nil, phase: .idle, progress: nil, touches: [], nodes: layers)
    }

    private func render(_ views: [ViewSpec], size: Size, scale: Double = 1, background: Color = Color(r8: 242, g8: 242, b8: 247)) throws -> RGBAImage {
        try render(ScreenSpec(name: "s", background: background, views: views), device: Device(name: "custom", size: size, scale: scale))
    }

    private func render(_ screen: ScreenSpec, device: Device) throws -> RGBAImage {
        let cache = try ScreenCache(screens: [screen], device: device)
        let canvas = try Canvas(pixelWidth: Int(device.size.width * device.scale), pixelHeight: Int(device.size.height * device.scale),
                                scale: device.scale)
        let nodes = [RenderNode(id: screen.name, content: .part(ScreenPart(screen: screen.name, kind: .body, layout: device)),
                                size: device.size)]
        canvas.draw(frame(nodes), screens: cache, options: CompositorOptions())
        return canvas.rgbaImage()
    }
}
