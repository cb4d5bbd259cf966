import Geometry
import Motion

// The declarations of custom transition styles (`styles:`, docs/scene-format.md#custom-transitions).
// See `KeyMapping` and docs/architecture.md, "Declaring a scene key".

/// The keys of a custom style.
public enum CustomStyleKeys {
    public static let presentation = ShapedKey("presentation", .oneOf([.choice(Presentation.allCases.map(\.rawValue)),
                                                                      .list(.choice(Presentation.allCases.map(\.rawValue)))]),
                                               defaultText: "modal",
                                               doc: "navigation: push / pop under the navigation bar, which cross-fades; modal: present / dismiss over everything; or both")
    public static let duration = Setting<Double>("duration", .number(range: 0...Limits.duration, exclusiveMinimum: 0), default: 0.3,
                                                 doc: "seconds", uikit: "UIViewPropertyAnimator.duration")
    public static let curve = Setting<CubicTimingCurve>("curve", default: .easeInOut, doc: "the animator's curve")
    public static let spring = ShapedKey("spring", .spring,
                                         doc: "a spring instead of duration and curve; past the ends the keyframes continue in a straight line")
    public static let scrubbing = Setting<CustomStyleSpec.Scrubbing>("scrubbing", default: .animator,
                                                                     doc: "animator: a fraction shows linearly (a property animator); layer: through the curve (UIView.animate in layer time)")
    public static let layers = ShapedKey("layers", .list(.shape("layer")), doc: "the nodes it animates, back to front")
    public static let forward = ShapedKey("forward", .shape("direction"), doc: "present / push: its own layers and gesture, or { animator: system }",
                                         uikit: "interactionControllerForPresentation")
    public static let back = ShapedKey("back", .shape("direction"), doc: "dismiss / pop: its own layers and gesture, or { animator: system }",
                                      uikit: "interactionControllerForDismissal")
    public static let resting = Setting<CustomStyleSpec.Resting>("resting", default: .top,
                                                                 doc: "what stays once the screen is in: top, the top screen alone; all, every layer at progress 1 but matched elements",
                                                                 uikit: "shouldRemovePresentersView")

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
    public static let color = Setting<Color>("color", default: .black, doc: "the color of a dimming or shadow node, at its keyframed alpha")
    public static let layout = Setting<LayerSpec.Layout?>("layout", defaultText: "by node",
        doc: "scaled (screens' default): laid out at full size and scaled; frame: laid out at its frame, clipped; fill (matched elements' default): scaled to cover, clipped")
    public static let shadow = ShapedKey("shadow", .shape("layerShadow"), doc: "the shadow the node casts")
    public static let anchor = Setting<Point?>("anchor", defaultText: "[0.5, 0.5]",
                                               doc: "the point scale and rotation keep in place, in unit coordinates of the frame",
                                                   uikit: "CALayer.anchorPoint")
    public static let keyframes = ShapedKey("keyframes", .list(.shape("keyframe")), doc: "the node's properties over the progress, at increasing")

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
    public static let radius = Setting<Double?>("radius", .number(range: Limits.shadowRadius), defaultText: "3", doc: "blur radius in points")
    public static let offset = Setting<Point?>("offset", defaultText: "[0, -3]", doc: "[x, y] in points")
    public static let opacity = Setting<Double?>("opacity", .number(range: Limits.unit), defaultText: "1",
                                               doc: "its opacity where no keyframe gives shadowOpacity")

    public static let mapping = KeyMapping("layerShadow", "a shadow", doc: "the shadow a node casts", [color, radius, offset, opacity])
}

/// A node's properties at one progress.
public enum KeyframeKeys {
    public static let at = Setting<Double?>("at", .number(range: Limits.unit), doc: "progress 0 to 1: how far the top screen is in")
    public static let curve = Setting<CubicTimingCurve?>("curve", defaultText: "linear", doc: "eases the segment ending here")
    public static let frame = ShapedKey("frame", .shape("frameValue"),
                                        doc: "full (the container), cell (the tapped cell's image), from/<id> or to/<id> (where that view sits), or [x, y, width, height]")
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
    public static let recognizer = Setting<GestureSpec.Recognizer.Kind>("recognizer", default: .pan,
                                                   doc: "UIPanGestureRecognizer or UIScreenEdgePanGestureRecognizer")
    public static let edge = Setting<Edge>("edge", default: .left, doc: "the edge an edgePan starts from")
    public static let edgeZone = Setting<Double>("edgeZone", .number(range: Limits.edgeZone, exclusiveMinimum: 0), default: 13,
                                                 doc: "points from the edge")
    public static let beginsIn = ShapedKey("beginsIn", .oneOf([.choice(["anywhere", "leftHalf", "rightHalf", "topHalf", "bottomHalf"]), .rect]),
                                           defaultText: "anywhere", doc: "where the touch must go down (not with edgePan)",
                                           uikit: "gestureRecognizerShouldBegin")
    public static let beginsMoving = ShapedKey("beginsMoving", .choice(["any", "left", "right", "up", "down"]), defaultText: "any",
                                               doc: "the movement when the pan is recognized must point that way, more than across",
                                               uikit: "gestureRecognizerShouldBegin")
    public static let progress = ShapedKey("progress", .shape("progress"), doc: "how progress follows the finger")
    public static let finish = ShapedKey("finish", .shape("finish"), doc: "when a release finishes")
    public static let autoFinish = Setting<Double?>("autoFinish", .number(range: Limits.unit), doc: "progress past which it finishes at once")
    public static let completionCurve = Setting<CubicTimingCurve>("completionCurve", default: .easeInOut, doc: "the completion's curve",
                                                                  uikit: "completionCurve")
    public static let completionSpeed = Setting<Double>("completionSpeed", .number(range: Limits.completionSpeed), default: 1,
                                                        doc: "speed of the completion", uikit: "completionSpeed")
    public static let interruptible = Setting<Bool>("interruptible", default: false,
                                                    doc: "a touch during the completion catches it and the pan drives it from there",
                                                        uikit: "UIViewPropertyAnimator.isInterruptible")
    public static let follow = ShapedKey("follow", .shape("follow"), doc: "the screen follows the finger, then a spring carries it")

    public static let mapping = KeyMapping("gesture", "a gesture", doc: "the gesture that drives a direction",
        [recognizer, edge, edgeZone, beginsIn, beginsMoving, progress, finish, autoFinish, completionCurve, completionSpeed, interruptible, follow])
}

/// A gesture's `progress:`.
public enum ProgressRuleKeys {
    public static let translation = Setting<GestureSpec.Axis?>("translation",
                                                               doc: "the pan's translation along this axis over distance, added to the progress the gesture caught")
    public static let location = Setting<GestureSpec.Axis?>("location", doc: "the touch's position over the container's width or height, absolute")
    public static let distance = ShapedKey("distance", .shape("length"), defaultText: "100%",
                                           doc: "points or a percentage of the container's size along the axis: the travel that makes progress 1")
    public static let direction = Setting<GestureSpec.Direction>("direction", default: .positive,
                                                                 doc: "which way counts: positive (right / down), negative (left / up), either (its magnitude)")
    public static let readIn = ShapedKey("readIn", .choice(["container", "from", "to"]), defaultText: "container",
                                         doc: "from or to: read the translation in that screen's own coordinates, through its model transform")

    public static let mapping = KeyMapping("progress", "a progress rule", doc: "how progress follows the finger",
                                           [translation, location, distance, direction, readIn])
}

/// A gesture's `finish:`.
public enum FinishRuleKeys {
    public static let above = Setting<Double?>("above", .number(range: Limits.unit), doc: "a release above this progress finishes")
    public static let atLeast = Setting<Double?>("atLeast", .number(range: Limits.unit), doc: "a release at this progress or more finishes")
    public static let velocity = Setting<Double?>("velocity", .number(range: Limits.velocity),
                                                  doc: "a release faster than this (pt/s) along the progress direction (right or down for either) finishes too")
    public static let flick = Setting<Double?>("flick", .number(range: Limits.speed),
                                               doc: "a release faster than this (pt/s, any direction) decides by whether it points along the progress direction")

    public static let mapping = KeyMapping("finish", "a finish rule", doc: "when a release finishes", [above, atLeast, velocity, flick])
}

/// A gesture's `follow:`.
public enum FollowRuleKeys {
    public static let node = ShapedKey("node", .choice(["from", "to", "below", "above"]), doc: "the screen that follows the finger")
    public static let spring = ShapedKey("spring", .spring, doc: "the spring that carries it")
    public static let releaseVelocity = ShapedKey("releaseVelocity", .choice(["inherit", "zero"]), defaultText: "inherit",
                                                  doc: "inherit: the finger's release velocity, in units of the remaining distance, starts the spring; zero: it starts at rest")

    public static let mapping = KeyMapping("follow", "a follow rule",
                                           doc: "the screen follows the finger 1:1 down the y axis, then a spring carries it while the transition animator runs the other layers",
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
