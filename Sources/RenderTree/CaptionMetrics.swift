/// A caption pill's measures at a font size, shared by the engine that lays it out and the
/// painter that draws it: rows of 1.25 × the size, padded by 0.8 × the size across and 0.45 ×
/// it above and below (14 and 8 pt at the caption's 17 pt) [EST: a legible pill, not an iOS metric].
public struct CaptionMetrics: Hashable, Sendable {
    public var fontSize: Double

    public init(fontSize: Double) {
        self.fontSize = fontSize
    }

    public var lineHeight: Double { (fontSize * 1.25).rounded() }
    public var horizontalPadding: Double { (fontSize * 0.8).rounded() }
    public var verticalPadding: Double { (fontSize * 0.45).rounded() }
}
