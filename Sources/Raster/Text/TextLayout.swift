internal import CCairo
import Geometry
import Scene

/// One label's text laid out by Pango; owns one `PangoLayout`.
final class TextLayout {
    let pointer: OpaquePointer

    /// Lays out `label`'s text for its frame: width, alignment, line limit and tail truncation.
    /// `mirrored`: the label is in a right-to-left layout, where its alignment's left and right
    /// are the other way round (`LabelView.Alignment` is leading and trailing).
    init(_ label: LabelView, context: TextContext, mirrored: Bool = false) throws {
        guard let pointer = pango_layout_new(context.pointer) else {
            throw RasterError.fontSetup("Pango could not create a layout")
        }
        self.pointer = pointer
        let font = try FontDescription(family: context.fonts.families(for: label.customFont, size: label.fontSize), size: label.fontSize,
                                       weight: label.weight)
        pango_layout_set_font_description(pointer, font.pointer)
        pango_layout_set_text(pointer, Self.presentingPictographsAsEmoji(label.text), -1)
        pango_layout_set_width(pointer, Self.pangoUnits(label.frame.width))
        pango_layout_set_wrap(pointer, PANGO_WRAP_WORD_CHAR)
        // A word too long for its line breaks between characters with no hyphen, as UILabel's
        // `byWordWrapping` breaks it (its `hyphenationFactor` is 0); Pango 1.44+ would add one.
        if let attributes = pango_attr_list_new() {
            pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
            pango_layout_set_attributes(pointer, attributes)
            pango_attr_list_unref(attributes)
        }
        pango_layout_set_ellipsize(pointer, PANGO_ELLIPSIZE_END)
        if label.lines > 0 {
            // Negative height: at most that many lines per paragraph, the last one ellipsized.
            pango_layout_set_height(pointer, -Int32(clamping: label.lines))
            if lineCount > label.lines {
                // Several paragraphs (line breaks in the text): limit the whole label to the height of its first lines.
                pango_layout_set_height(pointer, heightOfLines(label.lines))
            }
        } else {
            // UILabel's numberOfLines = 0: as many lines as fit the frame, counted by the first
            // line's height. (A positive layout height lets Pango ellipsize after one line where
            // hinted metrics round, at scales below 1: a 33 pt label at @0.5x.)
            pango_layout_set_height(pointer, -1)
            let line = heightOfLines(1)
            let fitting = line > 0 ? max(Int(Self.pangoUnits(label.frame.height) / line), 1) : 1
            pango_layout_set_height(pointer, -Int32(clamping: fitting))
            if lineCount > fitting {
                pango_layout_set_height(pointer, heightOfLines(fitting))
            }
        }
        // Pango swaps left and right for a paragraph that reads right to left (Hebrew, Arabic);
        // UIKit aligns by the interface's direction, whatever the text's, so the swap is undone.
        let readsRightToLeft = pango_find_base_dir(label.text, -1) == PANGO_DIRECTION_RTL
        switch label.alignment {
        case .left, .right:
            let right = (label.alignment == .right) != mirrored
            pango_layout_set_alignment(pointer, right != readsRightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(pointer, PANGO_ALIGN_CENTER)
        }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    /// The laid-out text's logical (line box) rectangle, in points, relative to the layout's origin.
    var logicalRect: Rect {
        var logical = PangoRectangle()
        pango_layout_get_extents(pointer, nil, &logical)
        let unit = Double(PANGO_SCALE)
        return Rect(x: Double(logical.x) / unit, y: Double(logical.y) / unit,
                    width: Double(logical.width) / unit, height: Double(logical.height) / unit)
    }

    /// Whether Pango had to ellipsize the text to fit.
    var isEllipsized: Bool { pango_layout_is_ellipsized(pointer) != 0 }

    /// How many characters no font had a glyph for (drawn as boxes).
    var unknownGlyphCount: Int { Int(pango_layout_get_unknown_glyphs_count(pointer)) }

    /// How many lines the text took.
    var lineCount: Int { Int(pango_layout_get_line_count(pointer)) }

    /// Draws the text with its layout origin at `cairo`'s current point.
    func show(in cairo: CairoContext) {
        pango_cairo_show_layout(cairo.pointer, pointer)
    }

    /// The height of the first `count` lines, in Pango units.
    private func heightOfLines(_ count: Int) -> Int32 {
        var total: Int32 = 0
        for index in 0..<min(count, lineCount) {
            var height: Int32 = 0
            if let line = pango_layout_get_line_readonly(pointer, Int32(index)) {
                pango_layout_line_get_height(line, &height)
            }
            total += height
        }
        return total
    }

    /// `text` with U+FE0F after each pictograph (U+1F000 and up) that defaults to text
    /// presentation (🗑, 🖥): iOS draws those as color emoji, and without the selector Pango
    /// would set them, and the spaces after them, in the emoji font's wide metrics.
    static func presentingPictographsAsEmoji(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x1F000 }) else { return text }
        var scalars = String.UnicodeScalarView()
        let all = Array(text.unicodeScalars)
        for (index, scalar) in all.enumerated() {
            scalars.append(scalar)
            let next = index + 1 < all.count ? all[index + 1].value : 0
            if scalar.value >= 0x1F000, scalar.properties.isEmoji, !scalar.properties.isEmojiPresentation,
               next != 0xFE0E, next != 0xFE0F, !(0x1F3FB...0x1F3FF).contains(scalar.value) {
                scalars.append("\u{FE0F}")
            }
        }
        return String(scalars)
    }

    private static func pangoUnits(_ points: Double) -> Int32 {
        Int32(clamping: Int(saturating: (max(points, 0) * Double(PANGO_SCALE)).rounded()))
    }
}
