/// Timed text over the video (`captions:`): what a step of a demo shows, in a pill over the
/// screen, or a title card. Times are the scene's, so a caption stays through a `playback` hold.
public struct CaptionSpec: Hashable, Sendable {
    /// Where it sits: above the home indicator, under the status bar, or in the middle; or
    /// beside the device, above or below it, where a device frame is drawn (over the screen at
    /// the top or bottom where none is).
    public enum Position: String, CaseIterable, SettingChoice, Sendable {
        case bottom, top, center, above, below

        /// Whether it sits beside the device when a frame is drawn.
        public var isBesideTheDevice: Bool { self == .above || self == .below }
    }

    /// A caption's pill, or a title card's larger, bolder text.
    public enum Style: String, CaseIterable, SettingChoice, Sendable {
        case caption, title
    }

    public var text: String
    public var from: Double
    public var to: Double
    public var position: Position
    public var style: Style
    /// Seconds it takes to fade in after `from` and out before `to`.
    public var fade: Double
    public var location: SourceLocation

    public init(text: String, from: Double, to: Double, position: Position = .bottom, style: Style = .caption,
                fade: Double = 0.25, location: SourceLocation) {
        self.text = text
        self.from = from
        self.to = to
        self.position = position
        self.style = style
        self.fade = fade
        self.location = location
    }

    /// Its opacity at scene time `time`: 0 outside `from` … `to`, rising and falling over `fade`
    /// (never more than half the time it shows).
    public func alpha(at time: Double) -> Double {
        guard time >= from, time < to else { return 0 }
        let ramp = min(fade, (to - from) / 2)
        guard ramp > 0 else { return 1 }
        return min(min((time - from) / ramp, (to - time) / ramp), 1)
    }
}
