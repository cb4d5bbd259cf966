import Engine
import Geometry
import Raster
import Scene
import Stills

/// `segue still --grid`: a point grid over a frame and the frame of every view with an `id`
/// outlined and named, so a tap or a swipe can be aimed by reading coordinates off a picture.
///
/// Lines run every `step` points, one device pixel wide; every fifth is stronger and labelled
/// with its coordinate in points. Views are the top-level views with an `id` of the screens
/// showing at that instant (those not hidden under an opaque screen that covers the display),
/// outlined where the frame shows them — moved, scaled or faded with their screen mid-transition.
public struct GridOverlay: Sendable {
    /// Points between grid lines.
    public var step: Double

    public init(step: Double = 20) {
        self.step = step
    }

    /// The thin lines.
    static let minor = Color(r8: 255, g8: 0, b8: 140, alpha: 0.22)
    /// Every fifth line, labelled.
    static let major = Color(r8: 255, g8: 0, b8: 140, alpha: 0.6)
    /// The coordinates' tags: nearly opaque, so the white digits read over any content.
    static let tag = Color(r8: 230, g8: 0, b8: 126, alpha: 0.88)
    /// View outlines and their name tags.
    static let outline = Color(r8: 0, g8: 150, b8: 255, alpha: 0.95)

    /// The frames and names of the views the overlay outlines in `state`, in points, back to front.
    public static func outlinedViews(in state: FrameState, device: Device) -> [(id: String, frame: Rect)] {
        let layers = state.layers
        var showing: Set<String> = []
        for layer in layers {
            guard case .part(let part) = layer.content, part.kind == .body else { continue }
            let frame = layer.frame
            let covers = layer.alpha >= 0.999 && frame.minX <= 0.5 && frame.minY <= 0.5
                && frame.maxX >= device.size.width - 0.5 && frame.maxY >= device.size.height - 0.5
            if covers { showing = [] }
            showing.insert(part.screen)
        }
        return layers.compactMap { layer in
            guard case .part(let part) = layer.content, case .view(let id) = part.kind, showing.contains(part.screen),
                  layer.alpha > 0.01 else { return nil }
            return (id, layer.frame)
        }
    }

    /// `image` (a frame of `state` at `scale` pixels per point) with the grid and outlines drawn over it.
    func draw(over image: RGBAImage, state: FrameState, device: Device, scale: Double) throws -> RGBAImage {
        var picture = Picture(image)
        let width = Double(image.width), height = Double(image.height)
        var labels: [(TextStamps.Request, Point, Color)] = []
        let fontSize = (10 * scale).rounded()
        func labelWidth(_ text: String) -> Double { (Double(text.count) * fontSize * 0.62 + fontSize * 0.8).rounded(.up) }

        // Lines at whole pixels, so one device pixel wide and crisp.
        var index = 0
        while Double(index) * step * scale < width {
            let x = (Double(index) * step * scale).rounded(.down)
            let isMajor = index % 5 == 0
            picture.fill(Rect(x: x, y: 0, width: 1, height: height), isMajor ? Self.major : Self.minor)
            if isMajor, index > 0 {
                let text = JSONNumber.format(Double(index) * step)
                labels.append((.init(text: text, size: fontSize, weight: .semibold, color: .white, width: labelWidth(text)),
                               Point(x: x + 2, y: 2), Self.tag))
            }
            index += 1
        }
        index = 0
        while Double(index) * step * scale < height {
            let y = (Double(index) * step * scale).rounded(.down)
            let isMajor = index % 5 == 0
            picture.fill(Rect(x: 0, y: y, width: width, height: 1), isMajor ? Self.major : Self.minor)
            if isMajor, index > 0 {
                let text = JSONNumber.format(Double(index) * step)
                labels.append((.init(text: text, size: fontSize, weight: .semibold, color: .white, width: labelWidth(text)),
                               Point(x: 2, y: y + 2), Self.tag))
            }
            index += 1
        }

        // Views with an id: outlined, their id in a tag at the top-left corner.
        let thickness = max(1, (1.5 * scale).rounded())
        for view in Self.outlinedViews(in: state, device: device) {
            let r = Rect(x: (view.frame.minX * scale).rounded(), y: (view.frame.minY * scale).rounded(),
                         width: (view.frame.width * scale).rounded(), height: (view.frame.height * scale).rounded())
            picture.fill(Rect(x: r.minX, y: r.minY, width: r.width, height: thickness), Self.outline)
            picture.fill(Rect(x: r.minX, y: r.maxY - thickness, width: r.width, height: thickness), Self.outline)
            picture.fill(Rect(x: r.minX, y: r.minY, width: thickness, height: r.height), Self.outline)
            picture.fill(Rect(x: r.maxX - thickness, y: r.minY, width: thickness, height: r.height), Self.outline)
            labels.append((.init(text: view.id, size: fontSize, weight: .semibold, color: .white, width: labelWidth(view.id)),
                           Point(x: r.minX, y: r.minY), Self.outline))
        }

        // Each label on a tag of its color, so it reads over any content.
        let stamps = try TextStamps(labels.map(\.0))
        for (index, (request, origin, color)) in labels.enumerated() {
            let tag = Rect(x: origin.x, y: origin.y, width: request.width, height: (fontSize * 1.45).rounded())
            picture.fill(tag, color)
            picture.draw(stamps[index], x: Int(saturating: (origin.x + fontSize * 0.35).rounded()),
                         y: Int(saturating: (origin.y + fontSize * 0.05).rounded()))
        }
        return picture.image
    }
}
