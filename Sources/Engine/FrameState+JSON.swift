import Foundation
import Geometry

extension FrameState {
    /// The frame as one line of `segue trace` JSON, in the key order of the stable contract:
    /// `frame, time, transition, phase, progress, touches, layers` (`sceneTime` after `time` where
    /// a scene has `playback`) and per render-tree node
    /// (depth first, back to front) `id, frame, transform, alpha, cornerRadius, tone, shadowOpacity,
    /// contentOffset` (`tone` only on the window chrome's nodes, `shadowOpacity` only where a
    /// shadow is cast, `contentOffset` only on scroll views a gesture of the scene scrolls).
    /// Numbers are rounded to 4 decimals (times to 6); the renderer uses them unrounded.
    public var jsonLine: String {
        var out = "{\"frame\": \(frame), \"time\": \(JSONNumber.format(time, decimals: 6)), "
        if let sceneTime { out += "\"sceneTime\": \(JSONNumber.format(sceneTime, decimals: 6)), " }
        out += "\"transition\": \(transition.map(JSONNumber.quote) ?? "null"), "
        out += "\"phase\": \"\(phase.rawValue)\", "
        out += "\"progress\": \(progress.map { JSONNumber.format($0) } ?? "null"), "
        out += "\"touches\": [" + touches.map { "[\(JSONNumber.format($0.x)), \(JSONNumber.format($0.y))]" }.joined(separator: ", ") + "], "
        out += "\"layers\": [" + layers.map(\.json).joined(separator: ", ") + "]}"
        return out
    }
}

extension PlacedNode {
    /// `frame` is the bounding box on screen, `transform` the node's transform to the screen
    /// (`[a, b, c, d, tx, ty]`), `alpha` its effective opacity.
    var json: String {
        var out = "{\"id\": \(JSONNumber.quote(id)), \"frame\": ["
        out += frame.components.map { JSONNumber.format($0) }.joined(separator: ", ")
        out += "], \"transform\": [" + transform.components.map { JSONNumber.format($0) }.joined(separator: ", ")
        out += "], \"alpha\": \(JSONNumber.format(alpha)), \"cornerRadius\": \(JSONNumber.format(cornerRadius))"
        if let tone { out += ", \"tone\": \"\(tone.rawValue)\"" }
        if let shadowOpacity { out += ", \"shadowOpacity\": \(JSONNumber.format(shadowOpacity))" }
        if let contentOffset { out += ", \"contentOffset\": [\(JSONNumber.format(contentOffset.x)), \(JSONNumber.format(contentOffset.y))]" }
        return out + "}"
    }
}

/// Formatting of numbers and strings for the trace: short, stable, valid JSON.
public enum JSONNumber {
    public static func format(_ value: Double, decimals: Int = 4) -> String {
        guard value.isFinite else { return "null" }
        let scale = pow(10, Double(decimals))
        var rounded = (value * scale).rounded() / scale
        if rounded == 0 { rounded = 0 }  // no "-0"
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        var text = String(format: "%.\(decimals)f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
