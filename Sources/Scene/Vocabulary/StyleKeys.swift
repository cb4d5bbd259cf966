import Geometry
import Motion

// The declarations of custom transition styles (`styles:`, docs/scene-format.md#custom-transitions).
// See `KeyMapping` and docs/architecture.md, "Declaring a scene key".

/// The keys of a custom style.
public enum CustomStyleKeys {
    public static let presentation = ShapedKey("presentation", .oneOf([.choice(Presentation.allCases.map(\.rawValue)),
                                                                      .list(.choice(Presentation.allCases.map(\.rawValue)))]),
                                               defaultText: "modal", doc: "push/pop or present/dismiss")
    public static let duration = Setting<Double>("duration", .number(range: 0...Limits.duration, exclusiveMinimum: 0), default: 0.3,
                                                 doc: "seconds", uikit: "UIViewPropertyAnimator.duration")
    public static let curve = Setting<CubicTimingCurve>("curve", default: .easeInOut, doc: "the animator's curve")
    public static let spring = ShapedKey("spring", .spring, doc: "a spring instead of duration and curve")
    public static let scrubbing = Setting<CustomStyleSpec.Scrubbing>("scrubbing", default: .animator, doc: "how a finger scrubs the animation")
    public static let layers = ShapedKey("layers", .list(.shape("layer")), doc: "the nodes it animates, back to front")
    public static let forward = ShapedKey("forward", .shape("direction"), doc: "the forward direction's own layers and gesture")
    public static let back = ShapedKey("back", .shape("direction"), doc: "the way back's own layers and gesture")
    public static let resting = Setting<CustomStyleSpec.Resting>("resting", default: .top, doc: "what stays on screen after a present or push")

    public static let mapping = KeyMapping("customStyle", "a custom style", doc: "a custom transition style", required: ["layers"],
                                           [presentation, duration, curve, spring, scrubbing, layers, forward, back, resting])
}

/// `forward:` and `back:` of a custom style.
public enum DirectionKeys {
    public static let animator = Setting<DirectionSpec.Animator>("animator", default: .style,
                                                                 doc: "system: UIKit's own push or pop plays this direction")
    public static let layers = ShapedKey("layers", .list(.shape("layer")), doc: "this direction's own layers")
    public static let gesture = ShapedKey("gesture", .shape("gesture"), doc: "the gesture that drives this direction")

    public static let mapping = KeyMapping("direction", "a direction", doc: "a direction's own layers and gesture", [animator, layers, gesture])
}

/// One animated node of a custom style.
public enum LayerKeys {
    public static let node = ShapedKey("node", .text, doc: "from, to, below, above, from/<view id>, to/<view id>, dimming or shadow")
    public static let match = ShapedKey("match", .shape("match"), doc: "a matched element: a view flying from one frame to another")
    public static let color = Setting<Color>("color", default: .black, doc: "a fill node's color")
    public static let layout = Setting<LayerSpec.Layout?>("layout", defaultText: "by node",
        doc: "scaled: laid out at full size and scaled; frame: laid out at its frame; fill: scaled to cover, clipped")
    public static let shadow = ShapedKey("shadow", .shape("layerShadow"), doc: "the shadow the node casts")
    public static let anchor = Setting<Point?>("anchor", defaultText: "[0.5, 0.5]",
                                               doc: "the point scale and rotation keep in place, in unit coordinates of the frame")
    public static let keyframes = ShapedKey("keyframes", .list(.shape("keyframe")), doc: "the node's properties over the progress")

    public static let mapping = KeyMapping("layer", "a layer", doc: "one animated node", [node, match, color, layout, shadow, anchor, keyframes])
}

/// `match:` of a layer.
public enum MatchKeys {
    public static let from = ShapedKey("from", .text, doc: "cell, or a view on the from screen")
    public static let to = ShapedKey("to", .text, doc: "cell, or a view on the to screen")
    public static let draws = ShapedKey("draws", .text, doc: "the view whose picture flies")
    public static let hides = Setting<Bool>("hides", default: true, doc: "hide both ends while it flies")
    public static let curve = Setting<CubicTimingCurve>("curve", default: .linear, doc: "how it flies")

    public static let mapping = KeyMapping("match", "a matched element", doc: "a matched element: a view flying from one frame to another",
                                           required: ["from", "to"], [from, to, draws, hides, curve])
}

/// A layer's `shadow:`.
public enum LayerShadowKeys {
    public static let color = Setting<Color?>("color", defaultText: "black", doc: "shadow color")
    public static let radius = Setting<Double?>("radius", .number(range: Limits.shadowRadius), doc: "blur radius in points")
    public static let offset = Setting<Point?>("offset", doc: "[x, y] in points")
    public static let opacity = Setting<Double?>("opacity", .number(range: Limits.unit), doc: "the default opacity")

    public static let mapping = KeyMapping("layerShadow", "a shadow", doc: "the shadow a node casts", [color, radius, offset, opacity])
}

/// A node's properties at one progress.
public enum KeyframeKeys {
    public static let at = Setting<Double?>("at", .number(range: Limits.unit), doc: "progress 0 to 1: how far the top screen is in")
    public static let curve = Setting<CubicTimingCurve?>("curve", defaultText: "linear", doc: "eases the segment ending here")
    public static let frame = ShapedKey("frame", .shape("frameValue"), doc: "full, cell, a view, or [x, y, width, height]")
    public static let offset = ShapedKey("offset", .list(.shape("length")), doc: "[dx, dy] translation")
    public static let scale = ShapedKey("scale", .oneOf([.number(), .numbers(count: 2, range: Limits.coordinates)]),
                                        doc: "about the layer's anchor: s or [sx, sy]")
    public static let rotation = Setting<Double?>("rotation", doc: "degrees, clockwise, about the layer's anchor")
    public static let alpha = Setting<Double?>("alpha", .number(range: Limits.unit), doc: "opacity")
    public static let cornerRadius = ShapedKey("cornerRadius", .shape("length"), doc: "points, or a percentage of the frame's shorter side")
    public static let shadowOpacity = Setting<Double?>("shadowOpacity", .number(range: Limits.unit), doc: "the shadow's opacity")

    public static let mapping = KeyMapping("keyframe", "a keyframe", doc: "a node's properties at one progress; curve eases the segments ending here",
                                           required: ["at"], [at, curve, frame, offset, scale, rotation, alpha, cornerRadius, shadowOpacity])
}

/// The gesture that drives a direction.
public enum GestureKeys {
    public static let recognizer = Setting<String>("recognizer", .choice(["pan", "edgePan"]), default: "pan",
                                                   doc: "UIPanGestureRecognizer or UIScreenEdgePanGestureRecognizer")
    public static let edge = Setting<Edge>("edge", default: .left, doc: "the edgePan's edge")
    public static let edgeZone = Setting<Double>("edgeZone", .number(range: Limits.edgeZone, exclusiveMinimum: 0), default: 13,
                                                 doc: "points from the edge")
    public static let beginsIn = ShapedKey("beginsIn", .oneOf([.choice(["anywhere", "leftHalf", "rightHalf", "topHalf", "bottomHalf"]), .rect]),
                                           defaultText: "anywhere", doc: "where the touch goes down")
    public static let beginsMoving = ShapedKey("beginsMoving", .choice(["any", "left", "right", "up", "down"]), defaultText: "any",
                                               doc: "the direction the touch moves in when the pan is recognized")
    public static let progress = ShapedKey("progress", .shape("progress"), doc: "how progress follows the finger")
    public static let finish = ShapedKey("finish", .shape("finish"), doc: "when a release finishes")
    public static let autoFinish = Setting<Double?>("autoFinish", .number(range: Limits.unit), doc: "progress past which it finishes at once")
    public static let completionCurve = Setting<CubicTimingCurve>("completionCurve", default: .easeInOut, doc: "the completion's curve",
                                                                  uikit: "completionCurve")
    public static let completionSpeed = Setting<Double>("completionSpeed", .number(range: Limits.completionSpeed), default: 1,
                                                        doc: "speed of the completion", uikit: "completionSpeed")
    public static let interruptible = Setting<Bool>("interruptible", default: false, doc: "a touch during the completion catches it")
    public static let follow = ShapedKey("follow", .shape("follow"), doc: "the screen follows the finger, then a spring carries it")

    public static let mapping = KeyMapping("gesture", "a gesture", doc: "the gesture that drives a direction",
        [recognizer, edge, edgeZone, beginsIn, beginsMoving, progress, finish, autoFinish, completionCurve, completionSpeed, interruptible, follow])
}

/// A gesture's `progress:`.
public enum ProgressRuleKeys {
    public static let translation = Setting<GestureSpec.Axis?>("translation", doc: "the pan's translation along this axis")
    public static let location = Setting<GestureSpec.Axis?>("location", doc: "the touch's position over the container's width or height")
    public static let distance = ShapedKey("distance", .shape("length"), defaultText: "100%", doc: "the distance that makes progress 1")
    public static let direction = Setting<GestureSpec.Direction>("direction", default: .positive, doc: "which way of the axis counts")
    public static let readIn = ShapedKey("readIn", .choice(["container", "from", "to"]), defaultText: "container",
                                         doc: "read the translation in a screen's own (scaled) coordinates")

    public static let mapping = KeyMapping("progress", "a progress rule", doc: "how progress follows the finger",
                                           [translation, location, distance, direction, readIn])
}

/// A gesture's `finish:`.
public enum FinishRuleKeys {
    public static let above = Setting<Double?>("above", .number(range: Limits.unit), doc: "progress")
    public static let atLeast = Setting<Double?>("atLeast", .number(range: Limits.unit), doc: "progress")
    public static let velocity = Setting<Double?>("velocity", .number(range: Limits.velocity), doc: "pt/s along the progress direction")
    public static let flick = Setting<Double?>("flick", .number(range: Limits.speed), doc: "pt/s: decides by direction")

    public static let mapping = KeyMapping("finish", "a finish rule", doc: "when a release finishes", [above, atLeast, velocity, flick])
}

/// A gesture's `follow:`.
public enum FollowRuleKeys {
    public static let node = ShapedKey("node", .choice(["from", "to", "below", "above"]), doc: "the screen that follows the finger")
    public static let spring = ShapedKey("spring", .spring, doc: "the spring that carries it")
    public static let releaseVelocity = ShapedKey("releaseVelocity", .choice(["inherit", "zero"]), defaultText: "inherit",
                                                  doc: "what starts the spring")

    public static let mapping = KeyMapping("follow", "a follow rule", doc: "the screen follows the finger, then a spring carries it",
                                           required: ["spring"], [node, spring, releaseVelocity])
}

extension CustomStyleSpec.Scrubbing: SettingChoice {}
extension CustomStyleSpec.Resting: SettingChoice {}
extension DirectionSpec.Animator: SettingChoice {}
extension LayerSpec.Layout: SettingChoice {}
extension Edge: SettingChoice {}
extension GestureSpec.Axis: SettingChoice {}
extension GestureSpec.Direction: SettingChoice {}
extension Presentation: SettingChoice {}
