/// Measures text the way the painter sets it, so that whatever the engine sizes from text (the
/// bar's title sliding into the back button, the back label's width, the lines a list row's
/// title wraps to) uses the widths and line breaks drawn.
///
/// One implementation, Raster's `TextMeasurer`, lays text out with Pango in the bundled fonts
/// and caches each result; it is handed to the timeline where the pipeline builds one. Widths
/// are unhinted, so they do not depend on the pixel grid, and are the same on every run.
public protocol TextMeasuring: Sendable {
    /// The width `text` takes on one line at `size` points and `weight`, in points; 0 for empty text.
    func width(of text: String, size: Double, weight: LabelView.Weight) -> Double

    /// How many lines `text` takes at `size` points and `weight` in a column `width` points wide
    /// with no line limit, as a label with `numberOfLines = 0` sets it: broken at its line breaks,
    /// between words, and a word wider than the column between its characters; at least 1.
    func lineCount(of text: String, size: Double, weight: LabelView.Weight, width: Double) -> Int
}

extension TextMeasuring {
    /// Lines filled greedily word by word by `width(of:size:weight:)`, for measurers that only
    /// know widths (the engine's tests' fixed advance): a word wider than the column takes as many
    /// lines as its width needs. Pango's measurer answers from its own layout instead.
    public func lineCount(of text: String, size: Double, weight: LabelView.Weight, width: Double) -> Int {
        let column = max(width, 0.01)
        var lines = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = "", count = 1
            for word in paragraph.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if self.width(of: candidate, size: size, weight: weight) <= column {
                    line = candidate
                    continue
                }
                let wordWidth = self.width(of: String(word), size: size, weight: weight)
                let wordLines = max(Int(min((wordWidth / column).rounded(.up), 1_000)), 1)
                count += (line.isEmpty ? 0 : 1) + wordLines - 1
                line = wordLines > 1 ? "" : String(word)
                if count >= 1_000 { return count }
            }
            lines += count
        }
        return max(lines, 1)
    }
}
