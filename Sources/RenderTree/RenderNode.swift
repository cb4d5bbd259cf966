import Geometry
import Scene

/// A part of a screen that is rasterized once and cached: what a render-tree node shows.
///
/// A screen is drawn as parts, not as one bitmap: its body (background and views), each view
/// that has an `id`, and its navigation bar's background and item groups. Each part is laid
/// out for `layout` — the size the screen is shown at and where the safe area falls in it —
/// so a screen shown narrower (a drawer) or growing (a zoom) is laid out, not squeezed.
public struct ScreenPart: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The background and every view without an `id` (the navigation bar excluded).
        case body
        /// The view with this `id`, alone, at its frame's size.
        case view(String)
        /// The whole content of the scroll view (list or grid) with this `id`: its frame made as
        /// tall as its content (`ScrollGeometry.contentFrame`), drawn once and moved by the offset.
        case scrollContent(String)
        /// The navigation bar's background and hairline, over the status bar area.
        case barBackground
        /// The bar's title, or its large title.
        case barTitle
        /// The back chevron and the back button's title.
        case barBack
        /// The back chevron alone (a sliding bar keeps it in place while the label moves).
        case barBackChevron
        /// The back button's title alone.
        case barBackLabel
        /// The leading and trailing bar button items.
        case barItems
        /// The bar's standard appearance, which shows once content scrolls under it: the bar
        /// (without its large title area) filled with `background`, `separator`'s hairline below.
        case barStandardBackground(background: Color, separator: Color)
        /// The inline title of a bar with a large title: it fades in once the large title has
        /// scrolled away.
        case barInlineTitle
        /// The tab bar controller's bar (`Scene.tabs`): its items, item `selected` in the tint, in
        /// the box from the bar's top edge to the bottom of the screen; `screen` is empty: the
        /// bar is no screen's.
        case tabBar(selected: Int)
        /// The tab bar controller's bar's standard appearance, under its items: its background and
        /// hairline, which show once content scrolls under the bar.
        case tabBarBackground
        /// The screen's toolbar (`ScreenSpec.toolbar`): its background and hairline, in the box from
        /// the bar's top edge to the bottom of the screen, over a backdrop node for its material.
        case toolbarBackground
        /// The toolbar's items, in the same box.
        case toolbarItems
        /// The header of section `section` of the plain list `list` as the view `UITableView` pins
        /// (`ListLayout.headerBand`): the list's background and the header's title.
        case sectionHeader(list: String, section: Int)
        /// Row `index` of list `list` drawn selected (`systemGray4` behind its content), cut to
        /// the row's frame: laid over the row, at the selection's opacity.
        case selectedRow(list: String, index: Int)
        /// A caption (`captions:`; `screen` is empty): its `lines`, broken where the engine
        /// measured them, white on a dark pill of `box` points.
        case caption(lines: [String], fontSize: Double, weight: LabelView.Weight, box: Size)
    }

    public var screen: String
    public var kind: Kind
    /// The screen's size and safe area for this part's layout, with the device's scale.
    public var layout: Device

    public init(screen: String, kind: Kind, layout: Device) {
        self.screen = screen
        self.kind = kind
        self.layout = layout
    }
}

/// What a node draws in its own bounds, beneath its children.
public enum NodeContent: Hashable, Sendable {
    /// Nothing: a group.
    case none
    /// A solid fill over the bounds (dimming views).
    case fill(Color)
    /// A cached screen part, drawn at the node's bounds (`size` points).
    case part(ScreenPart)
    /// The device's status bar (time, signal, Wi-Fi, battery) in `tone`, where the device puts it.
    case statusBar(ChromeTone)
    /// The device's home indicator in `tone`, where the device puts it.
    case homeIndicator(ChromeTone)
    /// A `UIVisualEffectView` with a `UIBlurEffect`: what is drawn beneath the node's bounds
    /// (and within the blur's reach around them) in the same frame, blurred and its colours
    /// remapped as the material says, drawn over the bounds.
    case backdrop(MaterialLook)
}

/// One node of a frame's render tree: a `CALayer`, as far as Segue needs one.
///
/// A node has bounds of `size` points at its own origin, a `transform` into its parent's
/// coordinates (the screen's for a root node), an opacity that multiplies down the tree, a
/// corner radius that rounds its content and, with `clipsToBounds`, clips its children, and
/// an optional shadow of its rounded shape. Children are drawn after the content, back to front.
public struct RenderNode: Hashable, Sendable {
    /// Stable across frames: `<screen>`, `<screen>/<view id>`, `navigationBar`,
    /// `navigationBar/<screen>/title`, `dimming`, `statusBar`, … (see the README's trace contract).
    public var id: String
    public var content: NodeContent
    public var size: Size
    public var transform: AffineTransform
    public var alpha: Double
    public var cornerRadius: Double
    public var clipsToBounds: Bool
    public var shadow: Shadow?
    /// A scroll view's `contentOffset` (its children are the content, moved by it); nil for
    /// other nodes. The trace's `contentOffset`.
    public var contentOffset: Point?
    public var children: [RenderNode]

    public init(id: String, content: NodeContent = .none, size: Size, transform: AffineTransform = .identity,
                alpha: Double = 1, cornerRadius: Double = 0, clipsToBounds: Bool = false, shadow: Shadow? = nil,
                contentOffset: Point? = nil, children: [RenderNode] = []) {
        self.id = id
        self.content = content
        self.size = size
        self.transform = transform
        self.alpha = alpha
        self.cornerRadius = cornerRadius
        self.clipsToBounds = clipsToBounds
        self.shadow = shadow
        self.contentOffset = contentOffset
        self.children = children
    }

    /// The node's bounds `(0, 0, size)`.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// Every node of the tree, depth first and back to front, with its transform to the
    /// screen and its opacity multiplied by its ancestors'.
    public func flattened(parent: AffineTransform = .identity, parentAlpha: Double = 1) -> [PlacedNode] {
        let world = transform.concatenating(parent)
        let alpha = self.alpha * parentAlpha
        var out = [PlacedNode(node: self, transform: world, alpha: alpha)]
        for child in children {
            out += child.flattened(parent: world, parentAlpha: alpha)
        }
        return out
    }
}

/// A node with where it ends up on screen: what the trace prints.
public struct PlacedNode: Hashable, Sendable {
    public var node: RenderNode
    /// The node's transform to screen points (its ancestors' included).
    public var transform: AffineTransform
    /// The node's effective opacity (its ancestors' included).
    public var alpha: Double

    public var id: String { node.id }
    public var content: NodeContent { node.content }
    /// The node's on-screen rectangle in points after its transform (bounding box), origin top-left.
    public var frame: Rect { transform.boundingBox(of: node.bounds) }
    public var cornerRadius: Double { node.cornerRadius }
    public var shadow: Shadow? { node.shadow }
    /// A scroll view's `contentOffset` (the trace's `contentOffset`).
    public var contentOffset: Point? { node.contentOffset }
    /// The shadow's opacity where the node casts one (the trace's `shadowOpacity`).
    public var shadowOpacity: Double? { node.shadow?.opacity }
    /// The tone of the window chrome the node shows (the trace's `tone`).
    public var tone: ChromeTone? {
        switch node.content {
        case .statusBar(let tone), .homeIndicator(let tone): return tone
        case .none, .fill, .part, .backdrop: return nil
        }
    }
}

/// A `CALayer` shadow: the layer's shape, blurred, offset and tinted.
public struct Shadow: Hashable, Sendable {
    /// `shadowColor`, straight alpha.
    public var color: Color
    /// `shadowOpacity`, multiplied with the color's alpha and the layer's alpha.
    public var opacity: Double
    /// `shadowRadius` in points: the blur's standard deviation is radius / 2, as Core Animation draws it.
    public var radius: Double
    /// `shadowOffset` in points.
    public var offset: Point

    public init(color: Color = .black, opacity: Double, radius: Double, offset: Point = Point(x: 0, y: -3)) {
        self.color = color
        self.opacity = opacity
        self.radius = radius
        self.offset = offset
    }
}

/// The phase of the timeline at a frame.
public enum Phase: String, Hashable, Sendable, Codable {
    case idle, interactive, animating
}

/// Everything on screen at one instant: the evaluated timeline for one frame.
public struct FrameState: Hashable, Sendable {
    public var frame: Int
    public var time: Double
    /// The style of the transition in progress, nil when idle.
    public var transition: String?
    public var phase: Phase
    /// The transition's fraction complete (0 = from-state, 1 = to-state); nil when idle.
    public var progress: Double?
    /// Fingers down, in points.
    public var touches: [Point]
    /// The render tree's top-level nodes, back to front.
    public var nodes: [RenderNode]
    /// Where the video plays the scene at another pace (`playback`): the scene's time this
    /// frame shows, `time` being the video's; nil without `playback`.
    public var sceneTime: Double?

    public init(frame: Int, time: Double, transition: String?, phase: Phase, progress: Double?,
                touches: [Point], nodes: [RenderNode]) {
        self.frame = frame
        self.time = time
        self.transition = transition
        self.phase = phase
        self.progress = progress
        self.touches = touches
        self.nodes = nodes
    }

    /// Every node, depth first, back to front, placed on screen: the trace's `layers`.
    public var layers: [PlacedNode] { nodes.flatMap { $0.flattened() } }
}
