/// Measures text the way the painter sets it, so that whatever the engine sizes from text (the
/// bar's title sliding into the back button, the back label's width) uses the widths drawn.
///
/// One implementation, Raster's `TextMeasurer`, lays text out with Pango in the bundled fonts
/// and caches each width; it is handed to the timeline where the pipeline builds one. Widths
/// are unhinted, so they do not depend on the pixel grid, and are the same on every run.
public protocol TextMeasuring: Sendable {
    /// The width `text` takes on one line at `size` points and `weight`, in points; 0 for empty text.
    func width(of text: String, size: Double, weight: LabelView.Weight) -> Double
}
