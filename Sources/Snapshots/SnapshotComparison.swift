import Foundation
import Stills
import Raster

/// How far an actual image may stray from its golden and still pass.
public struct SnapshotTolerance: Sendable, Hashable {
    /// A pixel counts as different when any of its channels (R, G, B, A, 0–255) differs by more than this.
    public var channel: Int
    /// The comparison fails when more than this share (0–1) of the pixels differ.
    public var pixels: Double

    public init(channel: Int = SnapshotTolerance.default.channel, pixels: Double = SnapshotTolerance.default.pixels) {
        self.channel = channel
        self.pixels = pixels
    }

    /// 2 levels per channel — what another build of pixman or Cairo may round differently —
    /// and 0.01 % of the pixels: 33 of an iPhone 15 frame at 1x. One glyph changed on a
    /// 17 pt label moves about 75 pixels at 1x, a short label moved by half a point about 180,
    /// so any change a viewer could see fails; the same libraries give identical pixels.
    public static let `default` = SnapshotTolerance(channel: 2, pixels: 0.0001)
}

/// What comparing an image with its golden found.
public enum SnapshotVerdict: Sendable, Hashable, CustomStringConvertible {
    case identical
    /// Some pixels differ, but no more than the tolerance allows.
    case withinTolerance(SnapshotDifference)
    case different(SnapshotDifference)
    case sizeMismatch(golden: PixelSize, actual: PixelSize)
    /// A motion golden's values differ beyond its tolerances (`MotionGolden`).
    case motion(MotionGolden.Difference)

    public var passes: Bool {
        switch self {
        case .identical, .withinTolerance: return true
        case .different, .sizeMismatch, .motion: return false
        }
    }

    /// The verdict for a person: how the two images differ.
    public var description: String {
        switch self {
        case .sizeMismatch(let golden, let actual):
            return "the golden is \(golden) pixels, the frame \(actual) (recorded at another --scale or device?)"
        case .different(let difference), .withinTolerance(let difference):
            return "\(difference)"
        case .identical:
            return "identical"
        case .motion(let difference):
            return difference.frame >= 0 ? "the motion differs at \(difference)" : "the motion differs: \(difference)"
        }
    }
}

/// A width and height in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width) × \(height)" }
}

/// How much two images of the same size differ.
public struct SnapshotDifference: Sendable, Hashable, CustomStringConvertible {
    /// Pixels with a channel differing by more than the tolerance.
    public var differingPixels: Int
    public var totalPixels: Int
    /// The largest difference of any channel of any pixel (0–255).
    public var largestChannelDifference: Int
    /// The channel tolerance the count was made with.
    public var channelTolerance: Int

    public init(differingPixels: Int, totalPixels: Int, largestChannelDifference: Int, channelTolerance: Int) {
        self.differingPixels = differingPixels
        self.totalPixels = totalPixels
        self.largestChannelDifference = largestChannelDifference
        self.channelTolerance = channelTolerance
    }

    public var share: Double { totalPixels > 0 ? Double(differingPixels) / Double(totalPixels) : 0 }

    public var description: String {
        "\(differingPixels) of \(totalPixels) pixels (\(SnapshotComparison.percent(share))) differ by more than "
            + "\(channelTolerance) (largest difference \(largestChannelDifference))"
    }
}

/// How a rendered frame is compared with its golden image, as a value (in the spirit of
/// swift-snapshot-testing's `Diffing`: how to compare two values and how to show the
/// difference): channel by channel with an explicit tolerance, the verdict describing itself
/// (`SnapshotVerdict.description`) and `diffImage` showing where the pixels differ.
public struct SnapshotComparison: Sendable, Hashable {
    public var tolerance: SnapshotTolerance

    public init(tolerance: SnapshotTolerance = .default) {
        self.tolerance = tolerance
    }

    /// Compares `actual` with `golden` pixel by pixel.
    public func compare(_ actual: RGBAImage, with golden: RGBAImage) -> SnapshotVerdict {
        guard actual.width == golden.width, actual.height == golden.height else {
            return .sizeMismatch(golden: PixelSize(width: golden.width, height: golden.height),
                                 actual: PixelSize(width: actual.width, height: actual.height))
        }
        var differing = 0, largest = 0
        actual.pixels.withUnsafeBufferPointer { a in
            golden.pixels.withUnsafeBufferPointer { g in
                var i = 0
                while i < a.count {
                    var pixel = 0
                    for c in i..<i + 4 {
                        let d = Int(a[c]) > Int(g[c]) ? Int(a[c]) - Int(g[c]) : Int(g[c]) - Int(a[c])
                        pixel = max(pixel, d)
                    }
                    if pixel > tolerance.channel { differing += 1 }
                    largest = max(largest, pixel)
                    i += 4
                }
            }
        }
        if largest == 0 { return .identical }
        let difference = SnapshotDifference(differingPixels: differing, totalPixels: actual.width * actual.height,
                                            largestChannelDifference: largest, channelTolerance: tolerance.channel)
        return Double(differing) <= tolerance.pixels * Double(difference.totalPixels) ? .withinTolerance(difference) : .different(difference)
    }

    /// An image showing where `actual` and `golden` differ: pixels beyond the tolerance in
    /// red, smaller differences in orange, identical pixels as a faint gray copy of the golden.
    /// nil when the sizes differ.
    public func diffImage(_ actual: RGBAImage, _ golden: RGBAImage) -> RGBAImage? {
        guard actual.width == golden.width, actual.height == golden.height else { return nil }
        var out = [UInt8](repeating: 255, count: golden.pixels.count)
        let a = actual.pixels, g = golden.pixels
        var i = 0
        while i < g.count {
            var delta = 0
            for c in i..<i + 4 { delta = max(delta, abs(Int(a[c]) - Int(g[c]))) }
            if delta > tolerance.channel {
                out[i] = 255; out[i + 1] = 0; out[i + 2] = 0
            } else if delta > 0 {
                out[i] = 255; out[i + 1] = 160; out[i + 2] = 0
            } else {
                let luma = (Int(g[i]) * 54 + Int(g[i + 1]) * 183 + Int(g[i + 2]) * 19) / 256
                let faded = UInt8(255 - (255 - luma) * 3 / 10)
                out[i] = faded; out[i + 1] = faded; out[i + 2] = faded
            }
            i += 4
        }
        return RGBAImage(width: golden.width, height: golden.height, pixels: out)
    }

    /// A share as a percentage with enough digits to tell small numbers apart.
    static func percent(_ share: Double) -> String {
        let value = share * 100
        if value == 0 { return "0%" }
        if value < 0.01 { return String(format: "%.4f%%", value) }
        return String(format: "%.2f%%", value)
    }
}
