import Geometry
import RenderTree
import Scene

/// The scene's captions (`captions:`) laid out once on the device: each one's text broken into
/// lines that fit the screen less 16 pt margins (by the widths the painter sets, `TextMeasuring`),
/// its pill sized to them and placed above the home indicator, under the status bar or in the
/// middle (a caption beside the device is placed at the top or bottom here, for the outputs
/// that draw no frame; a framed picture moves it into its margin); then, frame by frame, the ones showing at the scene's time, over everything else,
/// at their fade's opacity (`caption/<n>` nodes).
struct CaptionLayout: Sendable {
    /// Each caption and its node at full opacity.
    let placed: [(spec: CaptionSpec, node: RenderNode)]

    init(_ captions: [CaptionSpec], device: Device, text: any TextMeasuring) {
        placed = captions.enumerated().map { index, spec in
            let (size, weight): (Double, LabelView.Weight) = spec.style == .title ? (28, .bold) : (17, .semibold)
            let metrics = CaptionMetrics(fontSize: size)
            let margin = 16.0
            let widest = max(device.size.width - 2 * margin - 2 * metrics.horizontalPadding, size)
            let lines = Self.lines(spec.text, width: widest) { text.width(of: $0, size: size, weight: weight) }
            let textWidth = min(lines.map { text.width(of: $0, size: size, weight: weight) }.max() ?? 0, widest)
            // One point of slack, so the painter's line never finds itself a hair too wide.
            let box = Size(width: (textWidth + 2 * metrics.horizontalPadding + 1).rounded(.up),
                           height: Double(lines.count) * metrics.lineHeight + 2 * metrics.verticalPadding)
            let y: Double = switch spec.position {
            case .top, .above: device.safeAreaTop + 8
            case .center: (device.size.height - box.height) / 2
            case .bottom, .below: device.size.height - max(device.safeAreaBottom, margin) - 12 - box.height
            }
            let x = ((device.size.width - box.width) / 2).rounded()
            let part = ScreenPart(screen: "", kind: .caption(lines: lines, fontSize: size, weight: weight, box: box), layout: device)
            return (spec, RenderNode(id: "caption/\(index)", content: .part(part), size: box,
                                     transform: AffineTransform(translationX: x, y: y.rounded())))
        }
    }

    /// The captions showing at scene time `time`, at their opacity.
    func nodes(at time: Double) -> [RenderNode] {
        placed.compactMap { caption in
            let alpha = caption.spec.alpha(at: time)
            guard alpha > 0 else { return nil }
            var node = caption.node
            node.alpha = alpha
            return node
        }
    }

    /// `text` broken into lines no wider than `width` (as `measure` gives widths): at its line
    /// breaks, then between words, greedily; a word wider than a line gets a line of its own.
    static func lines(_ text: String, width: Double, measure: (String) -> Double) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if line.isEmpty || measure(candidate) <= width {
                    line = candidate
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            lines.append(line)
        }
        return lines
    }
}
