internal import CCairo
import Foundation
import Geometry
import Scene
import Workers

/// The text-measuring service (`TextMeasuring`): widths of one line of text laid out by Pango
/// in one scene's fonts (a `FontLibrary`), as the painter draws them, each measured once.
///
/// The painter measures through it too (`width(of:size:weight:font:in:)`, inside the text
/// context it already holds), so the engine's bar geometry and the drawn text agree to the
/// bit. Metrics are unhinted and glyph positions unrounded (`TextContext`), so a width does
/// not depend on the surface's scale, the thread or the order strings are asked for. The
/// widths are kept by the library: every measurer of one scene's fonts shares them.
///
/// Unchecked Sendable: it holds only its library, whose widths are a `LockedValueBox` and which
/// it measures in inside `FontLibrary.withTextContext`, which holds the fonts' lock.
public final class TextMeasurer: TextMeasuring, @unchecked Sendable {
    struct Key: Hashable {
        var text: String
        var size: Double
        var weight: LabelView.Weight
        var font: CustomFont?
    }

    struct WrapKey: Hashable {
        var text: String
        var size: Double
        var weight: LabelView.Weight
        var width: Double
    }

    /// The measurer of text in Inter alone (`SceneFonts.standard`), or why the fonts could not be set up.
    public static let shared: Result<TextMeasurer, RasterError> = FontLibrary.shared.map { TextMeasurer(fonts: $0) }

    /// The measurer of text in `fonts`: a scene's files and system font.
    public static func measuring(_ fonts: SceneFonts) throws -> TextMeasurer {
        fonts == .standard ? try shared.get() : TextMeasurer(fonts: try FontLibrary.library(for: fonts))
    }

    /// Starts setting up the process's fonts on a thread of its own (Fontconfig reading the
    /// font files: about 4 ms), for a command that will measure or draw text after reading its
    /// scene: the first use then finds them ready, or waits only for the rest.
    public static func prepareInBackground() {
        Thread.detachNewThread { _ = FontLibrary.shared }
    }

    private let fonts: FontLibrary

    /// How many line counts (`lineCount`) a font library keeps: a screen's lists and grids many
    /// times over; past it they are measured again.
    static let keptLineCounts = 4096

    init(fonts: FontLibrary) {
        self.fonts = fonts
    }

    /// The width of `text` on one line at `size` points and `weight` in the scene's system font,
    /// in points. A font that cannot be laid out (Pango out of memory) measures 0.
    public func width(of text: String, size: Double, weight: LabelView.Weight) -> Double {
        let key = Key(text: text, size: size, weight: weight, font: nil)
        if let known = fonts.widths.withLockedValue({ $0[key] }) { return known }
        return (try? fonts.withTextContext { context in try measure(key, in: context) }) ?? 0
    }

    /// The width of `text` set in `font` (nil: the system font), measured in `context`: for
    /// callers that already hold the font library's box (the painter).
    func width(of text: String, size: Double, weight: LabelView.Weight, font: CustomFont?, in context: TextContext) throws -> Double {
        let key = Key(text: text, size: size, weight: weight, font: font)
        if let known = fonts.widths.withLockedValue({ $0[key] }) { return known }
        return try measure(key, in: context)
    }

    /// How many lines `text` takes at `size` and `weight` in the system font in a column `width`
    /// points wide with no line limit: the lines of the Pango layout the painter makes of a label
    /// of that width (`TextLayout`: word wrapping, a word wider than the line broken between
    /// characters), so a row laid out by this count is drawn in exactly as many lines. At least 1;
    /// 1 when the text cannot be laid out.
    public func lineCount(of text: String, size: Double, weight: LabelView.Weight, width: Double) -> Int {
        let key = WrapKey(text: text, size: size, weight: weight, width: width)
        if let known = fonts.lineCounts.withLockedValue({ $0[key] }) { return known }
        let count = (try? fonts.withMeasuringContext { context in
            // Unbounded: a frame far taller than any text, so the label's line limit is its lines.
            let label = LabelView(text: text, frame: Rect(x: 0, y: 0, width: max(width, 0), height: 1_000_000), fontSize: size,
                                  weight: weight, lines: 0)
            return try TextLayout(label, context: context).lineCount
        }) ?? 1
        let lines = max(count, 1)
        fonts.lineCounts.withLockedValue { counts in
            // A long list's texts are mostly its own (100,000 rows' titles took 12.6 MB here) and
            // are asked once per layout, which its list keeps: only the latest are kept.
            if counts.count >= Self.keptLineCounts { counts.removeAll(keepingCapacity: true) }
            counts[key] = lines
        }
        return lines
    }

    private func measure(_ key: Key, in context: TextContext) throws -> Double {
        guard !key.text.isEmpty else { return 0 }
        var label = LabelView(text: key.text, frame: Rect(x: 0, y: 0, width: 100_000, height: 1_000), fontSize: key.size,
                              weight: key.weight)
        label.customFont = key.font
        let width = try TextLayout(label, context: context).logicalRect.width
        fonts.widths.withLockedValue { $0[key] = width }
        return width
    }
}
