import Foundation
import Scene

/// A gesture drawn on the preview's frame: a tap, or a pan's samples, at a time in the scene.
public struct DrawnGesture: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `tap: [x, y]`.
        case tap(x: Double, y: Double)
        /// `pan: [[t, x, y], ...]`, `t` in seconds from the first sample.
        case pan([Sample])
    }

    /// One pointer sample: seconds from touch-down and a position in points.
    public struct Sample: Sendable, Equatable {
        public var t: Double
        public var x: Double
        public var y: Double

        public init(t: Double, x: Double, y: Double) {
            self.t = t
            self.x = x
            self.y = y
        }
    }

    /// The pan slop: a press that moves less than this (and lifts soon) is a tap.
    public static let tapDistance = 10.0
    /// A press held longer than this is a pan even if it barely moves.
    public static let tapDuration = 0.35

    /// Seconds from the scene's start.
    public var at: Double
    public var kind: Kind
    /// What its replay does (`expect:` in the file): `finish`, `cancel` or `nothing`; nil: unsaid.
    public var expect: String?

    public init(at: Double, kind: Kind, expect: String? = nil) {
        self.at = at
        self.kind = kind
        self.expect = expect
    }

    /// At most this many samples a second are kept: the touch rate UIKit delivers on a 120 Hz
    /// display (a mouse's coalesced events can come at 1000 Hz).
    public static let sampleRate = 120.0

    /// The gesture the pointer `samples` (times in seconds from any origin) describe: a tap when the
    /// finger stayed within `tapDistance` of where it went down and lifted within `tapDuration`,
    /// else a pan with times from touch-down, rounded to milliseconds and tenths of a point, thinned
    /// to `sampleRate` (the lift always kept: within a millisecond of the sample before, it takes
    /// that sample's place).
    public static func classify(at: Double, samples: [Sample]) -> DrawnGesture? {
        guard let first = samples.first, let last = samples.last else { return nil }
        let moved = samples.map { hypot($0.x - first.x, $0.y - first.y) }.max() ?? 0
        if moved < tapDistance, last.t - first.t <= tapDuration {
            return DrawnGesture(at: at, kind: .tap(x: round(first.x, 0.1), y: round(first.y, 0.1)))
        }
        var kept: [Sample] = []
        let spacing = 1 / sampleRate - 0.0005
        for (index, sample) in samples.enumerated() {
            let t = round(sample.t - first.t, 0.001)
            let point = Sample(t: t, x: round(sample.x, 0.1), y: round(sample.y, 0.1))
            let isLift = index == samples.count - 1
            if let previous = kept.last, t < previous.t + (isLift ? 0.001 : spacing) - 1e-9 {
                // Too close in time: skipped, but the lift takes the place of the sample before it.
                if isLift, kept.count > 1 { kept[kept.count - 1] = Sample(t: previous.t, x: point.x, y: point.y) }
                continue
            }
            kept.append(point)
        }
        guard kept.count >= 2 else {
            return DrawnGesture(at: at, kind: .tap(x: round(first.x, 0.1), y: round(first.y, 0.1)))
        }
        return DrawnGesture(at: at, kind: .pan(kept))
    }

    /// The scene-file key of the action: `tap` or `pan`.
    public var key: String {
        switch kind {
        case .tap: return EntryKeys.tap.key
        case .pan: return EntryKeys.pan.key
        }
    }

    /// The action's value as YAML flow text, wrapped so no line runs past `width` characters
    /// when it starts at `column` (continuation lines are indented by `continuation` spaces).
    func valueText(column: Int, continuation: Int, width: Int = 100) -> String {
        switch kind {
        case .tap(let x, let y):
            return "[\(Self.number(x)), \(Self.number(y))]"
        case .pan(let samples):
            let items = samples.map { "[\(Self.number($0.t)), \(Self.number($0.x)), \(Self.number($0.y))]" }
            var lines: [String] = []
            var line = "["
            var lineStart = column
            for (index, item) in items.enumerated() {
                let piece = item + (index == items.count - 1 ? "]" : ",")
                if line.count > 1, lineStart + line.count + 1 + piece.count > width {
                    lines.append(line)
                    line = String(repeating: " ", count: continuation) + " " + piece
                    lineStart = 0
                } else {
                    line += (line.count > 1 && !line.hasSuffix("[") ? " " : "") + piece
                }
            }
            lines.append(line)
            return lines.joined(separator: "\n")
        }
    }

    /// `value` as the shortest decimal text: `1.25`, `40`, `-3.5`.
    static func number(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    private static func round(_ value: Double, _ step: Double) -> Double {
        (value / step).rounded() * step
    }
}
