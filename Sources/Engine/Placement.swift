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
        /// A screen's view with an id drawn on its own, scaled uniformly to cover the frame and
        /// clipped to it (a custom style's matched element).
        case view(screen: String, id: String)
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
    /// Radians, clockwise on screen, about `anchor` (custom styles); 0 for none.
    var rotation = 0.0
    /// The point of the frame the rotation turns about, in unit coordinates: its center by default.
    var anchor = Point(x: 0.5, y: 0.5)
    /// How a screen's views with ids are moved inside it, by id (custom styles).
    var views: [String: ViewAdjustment] = [:]

    /// How a screen fills a frame (the transition's container bounds unless stated).
    enum Layout: Hashable, Sendable {
        /// Laid out at the container's size and scaled to the frame: a view under a scale transform.
        case scaled
        /// Laid out at the container's size, scaled uniformly to cover the frame, centered and
        /// clipped to it (a zoom that magnifies the finished screen).
        case aspectFill
        /// Laid out at the frame's own size (a view whose frame is set: the `side-drawer` tutorial's 320 pt drawer,
        /// the `zoom-from-cell` tutorial's detail view growing out of a cell), clipped to it.
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

/// How a view with an id moves inside its screen, in the screen's own points: scaled about its
/// center, offset, rotated about its center, faded.
struct ViewAdjustment: Hashable, Sendable {
    var offset = Point.zero
    var scale = Point(x: 1, y: 1)
    /// Radians, clockwise.
    var rotation = 0.0
    var alpha = 1.0
    /// The point scale and rotation keep in place, in unit coordinates of the view's frame.
    var anchor = Point(x: 0.5, y: 0.5)

    /// The view's transform into its screen, for a view at `frame`.
    func transform(for frame: Rect) -> AffineTransform {
        let w = frame.width * scale.x, h = frame.height * scale.y
        let pivot = Point(x: frame.x + anchor.x * frame.width + offset.x, y: frame.y + anchor.y * frame.height + offset.y)
        let moved = AffineTransform(a: scale.x, b: 0, c: 0, d: scale.y, tx: pivot.x - anchor.x * w, ty: pivot.y - anchor.y * h)
        return moved.rotated(by: rotation, about: pivot)
    }
}

extension AffineTransform {
    /// `self`, then a rotation by `angle` radians about `center` (in the coordinates `self` maps into).
    func rotated(by angle: Double, about center: Point) -> AffineTransform {
        guard angle != 0 else { return self }
        return concatenating(AffineTransform(translationX: -center.x, y: -center.y))
            .concatenating(AffineTransform(rotation: angle))
            .concatenating(AffineTransform(translationX: center.x, y: center.y))
    }
}
