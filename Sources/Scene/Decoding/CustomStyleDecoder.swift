import Geometry
import Motion

/// Reads the `styles:` section: custom transition styles, every mistake at its line and column.
struct CustomStyleDecoder {
    let reader: NodeReader

    func decodeStyles(_ node: Node) -> [CustomStyleSpec] {
        guard let fields = reader.mapping(node, "styles (a mapping of style names to definitions)") else { return [] }
        return fields.entries.compactMap { entry in
            if entry.name.isEmpty || entry.name.contains("/") {
                reader.error(entry.key, "a style name is a plain name (no '/'), found '\(entry.name)'")
                return nil
            }
            return decodeStyle(name: entry.name, entry.value, key: entry.key)
        }
    }

    func decodeStyle(name: String, _ node: Node, key: Node) -> CustomStyleSpec? {
        let r = reader
        typealias K = CustomStyleKeys
        guard let fields = r.mapping(node, K.mapping) else { return nil }
        var presentations: [Presentation] = [.modal]
        if let value = fields[K.presentation] {
            if value.sequence != nil {
                let items = r.sequence(value, "presentations") ?? []
                presentations = items.compactMap { r.choice($0, "presentation", Presentation.self) }
                if items.isEmpty { r.error(value, "expected at least one presentation: navigation, modal") }
            } else if let one = r.choice(value, "presentation", Presentation.self) {
                presentations = [one]
            }
        }
        var timing = CustomStyleSpec.Timing.cubic(K.curve.defaultValue, duration: K.duration.defaultValue)
        if let springNode = fields[K.spring] {
            for key in [K.curve.key, K.duration.key] where fields[key] != nil {
                r.error(fields.key(key), "'\(key)' cannot be combined with 'spring'; a spring's duration goes inside it ({ dampingRatio, duration })")
            }
            if let spring = SpringDecoder(reader: r).decode(springNode) { timing = .spring(spring) }
        } else {
            timing = .cubic(r.value(fields, K.curve), duration: r.value(fields, K.duration))
        }
        let scrubbing = r.value(fields, K.scrubbing)
        let resting = r.value(fields, K.resting)
        var layers: [LayerSpec] = []
        if let node = fields[K.layers] {
            layers = decodeLayers(node) ?? []
        }
        let forward = fields[K.forward].map { decodeDirection($0, "forward", scrubbing: scrubbing) } ?? DirectionSpec()
        let back = fields[K.back].map { decodeDirection($0, "back", scrubbing: scrubbing) } ?? DirectionSpec()
        for (key, direction) in [("forward", forward), ("back", back)] where direction.animator == .system && presentations != [.navigation] {
            r.error(fields[key], "'\(key): { animator: system }' is UIKit's default push or pop: it needs 'presentation: navigation'")
        }
        if forward.gesture?.follow != nil {
            r.error(fields[K.forward], "'follow' is for the way back (a dismissal that follows the finger); the forward gesture scrubs its layers")
        }
        if back.gesture?.follow != nil, case .spring = timing {
            r.error(fields.key(K.spring), "a style whose way back has 'follow' runs its other layers on a transition animator with 'duration' and 'curve'; the spring goes in 'follow'")
        }
        return CustomStyleSpec(name: name, location: r.location(key), presentations: presentations, timing: timing,
                               scrubbing: scrubbing, layers: layers, forward: forward, back: back, resting: resting)
    }

    func decodeDirection(_ node: Node, _ what: String, scrubbing: CustomStyleSpec.Scrubbing) -> DirectionSpec {
        guard let fields = reader.mapping(node, DirectionKeys.mapping, what: "the '\(what)' direction") else { return DirectionSpec() }
        let animator = reader.value(fields, DirectionKeys.animator)
        if animator == .system {
            // UIKit's own transition brings its own picture and gesture.
            for key in [DirectionKeys.layers.key, DirectionKeys.gesture.key] where fields[key] != nil {
                reader.error(fields.key(key), "'\(key)' cannot be combined with 'animator: system': UIKit's default \(what == "forward" ? "push" : "pop") has its own")
            }
        }
        return DirectionSpec(layers: fields[DirectionKeys.layers].flatMap(decodeLayers),
                             gesture: fields[DirectionKeys.gesture].flatMap { decodeGesture($0, scrubbing: scrubbing) }, animator: animator)
    }

    // MARK: Layers

    func decodeLayers(_ node: Node) -> [LayerSpec]? {
        guard let items = reader.sequence(node, "layers (nodes back to front)") else { return nil }
        if items.isEmpty { reader.error(node, "a style needs at least one layer") }
        let layers = items.compactMap(decodeLayer)
        // A view moves inside its screen: the screen must be drawn.
        for layer in layers {
            guard case .view(let role, let id) = layer.node else { continue }
            if !layers.contains(where: { $0.node == .screen(role) }) {
                reader.error(at: layer.location, "'\(role.rawValue)/\(id)' moves inside the '\(role.rawValue)' screen, which is not among these layers; add '- node: \(role.rawValue)' before it")
            }
        }
        return layers
    }

    /// `from`, `to`, `below`, `above`, `<from|to>/<view id>`, or a fill's name.
    func screenRole(_ text: String) -> ScreenRole? {
        switch text {
        case "from", "below": return .from
        case "to", "above": return .to
        default: return nil
        }
    }

    /// `<from|to>/<id>`.
    func viewReference(_ node: Node, _ what: String) -> (ScreenRole, String)? {
        guard let text = reader.string(node, what) else { return nil }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let role = screenRole(parts[0]), !parts[1].isEmpty else {
            reader.error(node, "expected \(what) as from/<view id> or to/<view id> (below/above also name the screens), found '\(text)'")
            return nil
        }
        return (role, parts[1])
    }

    func decodeLayer(_ node: Node) -> LayerSpec? {
        let r = reader
        guard let fields = r.mapping(node, LayerKeys.mapping) else { return nil }
        let location = r.location(node)
        let layout = r.value(fields, LayerKeys.layout)
        let shadow = fields[LayerKeys.shadow].flatMap(decodeShadow)
        let keyframes = fields[LayerKeys.keyframes].flatMap(decodeKeyframes) ?? []
        let kind: LayerSpec.Node
        if let matchNode = fields[LayerKeys.match] {
            if fields[LayerKeys.node] != nil { r.error(fields.key(LayerKeys.node), "a layer is either 'node' or 'match', not both") }
            guard let match = decodeMatch(matchNode) else { return nil }
            kind = .match(match)
            for keyframe in keyframes where keyframe.frame != nil || keyframe.offset != nil {
                r.error(at: keyframe.location, "a matched element flies between its 'from' and 'to' frames; its keyframes take scale, rotation, alpha, cornerRadius, shadowOpacity")
            }
        } else if let nameNode = fields[LayerKeys.node] {
            guard let text = r.string(nameNode, "node") else { return nil }
            if let role = screenRole(text) {
                kind = .screen(role)
            } else if text.contains("/") {
                guard let (role, id) = viewReference(nameNode, "node") else { return nil }
                kind = .view(role, id)
                for keyframe in keyframes where keyframe.frame != nil || keyframe.cornerRadius != nil || keyframe.shadowOpacity != nil {
                    r.error(at: keyframe.location, "a view inside its screen takes offset, scale, rotation and alpha keyframes")
                }
            } else if ["dimming", "shadow"].contains(text) {
                let color = r.value(fields, LayerKeys.color)
                kind = .fill(text, color)
            } else {
                let hint = Diagnostic.didYouMean(text, in: ["from", "to", "below", "above", "dimming", "shadow"])
                r.error(nameNode, "unknown node '\(text)'\(hint); expected from, to (or below, above), from/<view id>, to/<view id>, dimming or shadow")
                return nil
            }
        } else {
            r.error(node, "a layer needs 'node' (from, to, from/<view id>, to/<view id>, dimming, shadow) or 'match'")
            return nil
        }
        var isFill = false, isPlaced = false
        switch kind {
        case .fill: isFill = true
        case .screen, .match: isPlaced = true
        case .view: break
        }
        if !isFill, let key = fields.key(LayerKeys.color) { r.error(key, "'color' is for fill nodes (dimming, shadow)") }
        if !isPlaced, let key = fields.key(LayerKeys.layout) { r.error(key, "'layout' is for screens and matched elements") }
        let defaultLayout: LayerSpec.Layout
        if case .match = kind { defaultLayout = .fill } else { defaultLayout = .scaled }
        let anchor = r.value(fields, LayerKeys.anchor, "anchor (unit coordinates of the frame, [0.5, 0.5] its center) [x, y]")
            ?? Point(x: 0.5, y: 0.5)
        return LayerSpec(node: kind, layout: layout ?? defaultLayout, keyframes: keyframes, shadow: shadow, anchor: anchor,
                         location: location)
    }

    func decodeMatch(_ node: Node) -> MatchSpec? {
        let r = reader
        guard let fields = r.mapping(node, MatchKeys.mapping) else { return nil }
        func end(_ key: String) -> FrameValue? {
            guard let value = fields[key] else { return nil }
            if value.scalar?.string == "cell" { return .cell }
            return viewReference(value, "match '\(key)'").map { .view($0.0, $0.1) }
        }
        let from = end("from"), to = end("to")
        guard let from, let to else { return nil }
        var draws: (ScreenRole, String)?
        if let value = fields[MatchKeys.draws] {
            draws = viewReference(value, "match 'draws'")
        } else if case .view(let role, let id) = from {
            draws = (role, id)
        } else if case .view(let role, let id) = to {
            draws = (role, id)
        } else {
            r.error(node, "a match between two cells needs 'draws: <from|to>/<view id>', the view drawn in flight")
        }
        let hides = r.value(fields, MatchKeys.hides)
        let curve = r.value(fields, MatchKeys.curve)
        guard let draws else { return nil }
        return MatchSpec(from: from, to: to, draws: (role: draws.0, id: draws.1), hidesViews: hides, curve: curve)
    }

    func decodeShadow(_ node: Node) -> ShadowSpec? {
        let r = reader
        typealias K = LayerShadowKeys
        guard let fields = r.mapping(node, K.mapping) else { return nil }
        var shadow = ShadowSpec()
        if let v = r.value(fields, K.color, "shadow color") { shadow.color = v }
        if let v = r.value(fields, K.radius, "shadow radius") { shadow.radius = v }
        if let v = r.value(fields, K.offset, "shadow offset [x, y]") { shadow.offset = v }
        if let v = r.value(fields, K.opacity, "shadow opacity") { shadow.opacity = v }
        return shadow
    }

    // MARK: Keyframes

    func decodeKeyframes(_ node: Node) -> [Keyframe]? {
        guard let items = reader.sequence(node, "keyframes") else { return nil }
        let keyframes = items.compactMap(decodeKeyframe)
        for (previous, next) in zip(keyframes, keyframes.dropFirst()) where next.at <= previous.at {
            reader.error(at: next.location, "keyframe 'at' values must increase: \(next.at) comes after \(previous.at)")
        }
        return keyframes
    }

    func length(_ node: Node, _ what: String) -> Length? {
        if let text = node.scalar?.string, text.hasSuffix("%") {
            guard let value = Double(text.dropLast().trimmingCharacters(in: .whitespaces)), value.isFinite else {
                reader.error(node, "expected \(what) as points or a percentage such as \"-100%\", found '\(text)'")
                return nil
            }
            return .percent(value)
        }
        guard node.scalar != nil, let value = reader.double(node, "\(what) (points, or a percentage such as \"50%\")") else {
            if node.scalar == nil { reader.error(node, "expected \(what) (points, or a percentage such as \"50%\"), found \(reader.describe(node))") }
            return nil
        }
        return .points(value)
    }

    func lengths(_ node: Node, _ what: String, count: Int) -> [Length]? {
        guard let items = node.sequence, items.count == count else {
            reader.error(node, "expected \(what) (a list of \(count) lengths: points or percentages), found \(reader.describe(node))")
            return nil
        }
        let values = items.compactMap { length($0, "a value in \(what)") }
        return values.count == count ? values : nil
    }

    func frameValue(_ node: Node) -> FrameValue? {
        if let text = node.scalar?.string {
            switch text {
            case "full": return .full
            case "cell": return .cell
            default:
                return viewReference(node, "frame (full, cell, from/<view id>, to/<view id> or [x, y, width, height])").map { .view($0.0, $0.1) }
            }
        }
        return lengths(node, "frame [x, y, width, height]", count: 4).map(FrameValue.rect)
    }

    func decodeKeyframe(_ node: Node) -> Keyframe? {
        let r = reader
        typealias K = KeyframeKeys
        guard let fields = r.mapping(node, K.mapping) else { return nil }
        guard fields[K.at] != nil else { return nil }
        guard let at = r.value(fields, K.at, "keyframe 'at' (progress)") else { return nil }
        var keyframe = Keyframe(at: at, location: r.location(node))
        keyframe.curve = r.value(fields, K.curve)
        keyframe.frame = fields[K.frame].flatMap(frameValue)
        keyframe.offset = fields[K.offset].flatMap { lengths($0, "offset [dx, dy]", count: 2) }
        if let value = fields[K.scale] {
            if value.sequence != nil {
                keyframe.scale = r.numbers(value, "scale [sx, sy]", count: 2)
            } else if let s = r.double(value, "scale") {
                keyframe.scale = [s, s]
            }
        }
        keyframe.rotation = r.value(fields, K.rotation, "rotation (degrees)")
        keyframe.alpha = r.value(fields, K.alpha)
        keyframe.cornerRadius = fields[K.cornerRadius].flatMap { length($0, "cornerRadius") }
        keyframe.shadowOpacity = r.value(fields, K.shadowOpacity)
        if fields.entries.count == 1 || (fields.entries.count == 2 && fields[K.curve] != nil) {
            r.error(node, "a keyframe sets at least one of: frame, offset, scale, rotation, alpha, cornerRadius, shadowOpacity")
        }
        return keyframe
    }

    // MARK: Gestures

    func decodeGesture(_ node: Node, scrubbing: CustomStyleSpec.Scrubbing) -> GestureSpec? {
        let r = reader
        typealias K = GestureKeys
        guard let fields = r.mapping(node, K.mapping) else { return nil }
        var gesture = GestureSpec(location: r.location(node))
        switch r.read(fields, K.recognizer) {
        case .pan?, nil:
            for key in [K.edge.key, K.edgeZone.key] where fields[key] != nil {
                r.error(fields.key(key), "'\(key)' goes with 'recognizer: edgePan'")
            }
        case .edgePan?:
            let edge = r.value(fields, K.edge)
            let zone = r.value(fields, K.edgeZone)
            gesture.recognizer = .edgePan(edge, zone: zone)
        }
        if let value = fields[K.beginsIn] {
            if value.sequence != nil {
                if let rect = r.rect(value, "beginsIn region") { gesture.region = .rect(rect) }
            } else if let text = r.string(value, "beginsIn") {
                let halves: [String: Edge] = ["leftHalf": .left, "rightHalf": .right, "topHalf": .top, "bottomHalf": .bottom]
                if text == "anywhere" {
                    gesture.region = .anywhere
                } else if let edge = halves[text] {
                    gesture.region = .half(edge)
                } else {
                    let names = ["anywhere", "leftHalf", "rightHalf", "topHalf", "bottomHalf"]
                    let hint = Diagnostic.didYouMean(text, in: names)
                    r.error(value, "unknown beginsIn '\(text)'\(hint); expected one of: \(names.joined(separator: ", ")) or a region [x, y, width, height]")
                }
            }
        }
        let directions: [String: Edge] = ["left": .left, "right": .right, "up": .top, "down": .bottom]
        if let value = fields[K.beginsMoving], let text = r.string(value, "beginsMoving") {
            if let edge = directions[text] {
                gesture.beginsMoving = edge
            } else if text != "any" {
                r.error(value, "unknown beginsMoving '\(text)'; expected one of: any, left, right, up, down")
            }
        }
        if let value = fields[K.progress], let progress = decodeProgress(value) { gesture.progress = progress }
        if let value = fields[K.finish], let finish = decodeFinish(value) { gesture.finish = finish }
        gesture.autoFinish = r.value(fields, K.autoFinish)
        gesture.completionCurve = r.value(fields, K.completionCurve)
        gesture.completionSpeed = r.value(fields, K.completionSpeed)
        gesture.interruptible = r.value(fields, K.interruptible)
        if scrubbing == .animator, let key = fields.key(K.completionCurve) {
            // `finish()` / `cancel()` continue an interruptible animator on its own timing
            // (`continueAnimation(withTimingParameters: nil, durationFactor:)`): no curve applies.
            r.error(key, "'completionCurve' goes with 'scrubbing: layer': a property animator (scrubbing: animator) completes on its own timing")
        }
        if let value = fields[K.follow] {
            gesture.follow = decodeFollow(value, progress: gesture.progress)
            // The `slide-up-modal` tutorial's driver decides by a flick and a threshold, and completes on its springs.
            for key in [K.autoFinish.key, K.completionCurve.key, K.completionSpeed.key] where fields[key] != nil {
                r.error(fields.key(key), "'\(key)' does not go with 'follow': the spring and the transition animator complete the transition")
            }
            if gesture.finish.velocity != nil || gesture.finish.inclusive {
                r.error(fields[K.finish], "with 'follow' a release decides by 'flick' (its direction) and 'above' (the progress)")
            }
        }
        if case .edgePan = gesture.recognizer, let key = fields.key(K.beginsIn) {
            r.error(key, "'beginsIn' goes with 'recognizer: pan'; an edge pan begins within 'edgeZone' of its edge")
        }
        return gesture
    }

    func decodeProgress(_ node: Node) -> GestureSpec.Progress? {
        let r = reader
        guard let fields = r.mapping(node, ProgressRuleKeys.mapping) else { return nil }
        if let axisNode = fields[ProgressRuleKeys.location] {
            for key in [ProgressRuleKeys.translation.key, ProgressRuleKeys.distance.key, ProgressRuleKeys.direction.key, ProgressRuleKeys.readIn.key] where fields[key] != nil {
                r.error(fields.key(key), "'\(key)' goes with 'translation'; 'location: x' reads the touch's position over the container's width")
            }
            return r.choice(axisNode, "location axis", GestureSpec.Axis.self).map(GestureSpec.Progress.location)
        }
        guard let axisNode = fields[ProgressRuleKeys.translation] else {
            r.error(node, "a progress rule is { translation: x|y, distance, direction, readIn } or { location: x|y }")
            return nil
        }
        guard let axis = r.choice(axisNode, "translation axis", GestureSpec.Axis.self) else { return nil }
        let distance = fields[ProgressRuleKeys.distance].flatMap { length($0, "distance") } ?? .percent(100)
        if distance.resolve(100) <= 0 { r.error(fields[ProgressRuleKeys.distance], "distance must be positive") }
        let direction = r.value(fields, ProgressRuleKeys.direction)
        var readIn: ScreenRole?
        if let value = fields[ProgressRuleKeys.readIn], let text = r.string(value, "readIn") {
            readIn = screenRole(text)
            if readIn == nil, text != "container" {
                r.error(value, "unknown readIn '\(text)'; expected container (screen points), from or to (that screen's own coordinates while it is scaled)")
            }
        }
        return .translation(axis, distance: distance, direction: direction, readIn: readIn)
    }

    func decodeFinish(_ node: Node) -> GestureSpec.Finish? {
        let r = reader
        typealias K = FinishRuleKeys
        guard let fields = r.mapping(node, K.mapping) else { return nil }
        var finish = GestureSpec.Finish(threshold: nil)
        if fields[K.above] != nil, fields[K.atLeast] != nil {
            r.error(fields.key(K.atLeast), "give 'above' or 'atLeast', not both")
        }
        if let v = r.value(fields, K.above, "above (progress)") { finish.threshold = v }
        if let v = r.value(fields, K.atLeast, "atLeast (progress)") {
            finish.threshold = v
            finish.inclusive = true
        }
        finish.velocity = r.value(fields, K.velocity, "velocity (pt/s)")
        finish.flick = r.value(fields, K.flick, "flick (pt/s)")
        if fields.entries.isEmpty { r.error(node, "a finish rule needs above, atLeast, velocity or flick") }
        return finish
    }

    func decodeFollow(_ node: Node, progress: GestureSpec.Progress) -> GestureSpec.Follow? {
        let r = reader
        guard let fields = r.mapping(node, FollowRuleKeys.mapping) else { return nil }
        let role = fields[FollowRuleKeys.node].flatMap { value -> ScreenRole? in
            guard let text = r.string(value, "follow node") else { return nil }
            guard let role = screenRole(text) else {
                r.error(value, "expected follow node from or to (below/above), found '\(text)'")
                return nil
            }
            return role
        } ?? .to
        guard let springNode = fields[FollowRuleKeys.spring] else { return nil }
        let spring = SpringDecoder(reader: r).decode(springNode)
        var inherits = true
        if let value = fields[FollowRuleKeys.releaseVelocity], let text = r.string(value, "releaseVelocity") {
            guard ["inherit", "zero"].contains(text) else {
                r.error(value, "unknown releaseVelocity '\(text)'; expected inherit or zero")
                return nil
            }
            inherits = text == "inherit"
        }
        guard case .translation(.y, _, .positive, nil) = progress else {
            r.error(node, "'follow' drives a node that follows the finger down: it needs 'progress: { translation: y }' (direction positive)")
            return nil
        }
        guard let spring else { return nil }
        return GestureSpec.Follow(role: role, spring: spring, inheritsVelocity: inherits)
    }
}
