import Geometry

/// Where a transition style puts one screen (or one layer it adds) at an instant: the output
/// of a style's geometry, before `SceneTree` turns it into render-tree nodes.
struct Placement: Hashable, Sendable {
    enum Content: Hashable, Sendable {
        /// A screen, with whatever it carries (its views with ids; its navigation bar where the
        /// screen is not inside the transition's navigation container).
        case screen(String)
        /// A solid fill over the frame (dimming views).
        case fill(Color)
    }

    /// Screen name, or `dimming` / `shadow`.
    var id: String
    var content: Content
    /// The rectangle on screen in points after the transform, origin top-left.
    var frame: Rect
    var alpha: Double
    var cornerRadius: Double
    /// The shadow the screen casts, nil where it casts none.
    var shadow: Shadow?
    /// How the screen's layout relates to `frame`.
    var layout: Layout

    /// How a screen fills a frame (the transition's container bounds unless stated).
    enum Layout: Hashable, Sendable {
        /// Laid out at the container's size and scaled to the frame: a view under a scale transform.
        case scaled
        /// Laid out at the container's size, scaled uniformly to cover the frame, centered and
        /// clipped to it (a zoom that magnifies the finished screen).
        case aspectFill
        /// Laid out at the frame's own size (a view whose frame is set: seed 003's 320 pt drawer,
        /// seed 004's detail view growing out of a cell), clipped to it.
        case atFrame
        /// Laid out once as if at `rect` — its size and the safe area there, never negative — and
        /// moved (scaled where the sizes differ) to the frame, clipped to it: a sheet, whose view
        /// keeps its size while it slides between detents.
        case laidOut(Rect)
        /// Laid out at the container's size, scaled uniformly so that this region of it covers the
        /// frame, centered and clipped to it: a source view magnified as a zoom grows out of it.
        case region(Rect)
    }

    init(id: String, content: Content, frame: Rect, alpha: Double = 1, cornerRadius: Double = 0, shadow: Shadow? = nil,
         layout: Layout = .scaled) {
        self.id = id
        self.content = content
        self.frame = frame
        self.alpha = alpha
        self.cornerRadius = cornerRadius
        self.shadow = shadow
        self.layout = layout
    }

    init(screen: String, frame: Rect, alpha: Double = 1, cornerRadius: Double = 0, shadow: Shadow? = nil,
         layout: Layout = .scaled) {
        self.init(id: screen, content: .screen(screen), frame: frame, alpha: alpha, cornerRadius: cornerRadius,
                  shadow: shadow, layout: layout)
    }

    /// Whether the screen is magnified inside a frame that clips it (`aspectFill`, `region`).
    var isMagnified: Bool {
        switch layout {
        case .aspectFill, .region: return true
        case .scaled, .atFrame, .laidOut: return false
        }
    }

    /// The shadow's opacity where one is cast.
    var shadowOpacity: Double? { shadow?.opacity }
}
