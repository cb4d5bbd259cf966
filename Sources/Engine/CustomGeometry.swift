import Foundation
import Geometry
import Motion
import Scene

/// A custom style's picture: each layer's keyframes evaluated at `amount` (how far the top
/// screen is in). Each property is interpolated between the keyframes that give it, eased by the
/// later keyframe's `curve`; before the first and after the last it holds, except past 0 or 1
/// (a spring overshooting), where the end segment continues in a straight line.
struct CustomGeometry: StyleGeometry {
    let layers: [LayerSpec]
    let resting: CustomStyleSpec.Resting
    /// The frames of the views with ids of the two screens, at full size.
    let views: [ScreenRole: [String: Rect]]

    func layers(amount a: Double, stage: TransitionStage) -> [Placement] {
        placements(amount: a, stage: stage, matches: true)
    }

    func restingLayers(stage: TransitionStage) -> [Placement]? {
        resting == .all ? placements(amount: 1, stage: stage, matches: false) : nil
    }

    private func screen(_ role: ScreenRole, _ stage: TransitionStage) -> String {
        role == .from ? stage.below : stage.above
    }

    private func placements(amount a: Double, stage: TransitionStage, matches: Bool) -> [Placement] {
        var placements: [Placement] = []
        var adjustments: [String: [String: ViewAdjustment]] = [:]
        for layer in layers {
            let track = Tracks(layer.keyframes, stage: stage, views: views, anchor: layer.anchor)
            switch layer.node {
            case .screen(let role):
                let name = screen(role, stage)
                placements.append(Placement(id: name, content: .screen(name), frame: track.frame(a, default: stage.bounds),
                                            alpha: track.alpha(a), cornerRadius: track.cornerRadius(a, default: stage.bounds),
                                            shadow: shadow(layer, track, a), layout: layout(layer.layout)))
                placements[placements.count - 1].rotation = track.rotation(a)
                placements[placements.count - 1].anchor = layer.anchor
            case .fill(let id, let color):
                placements.append(Placement(id: id, content: .fill(color), frame: track.frame(a, default: stage.bounds),
                                            alpha: track.alpha(a), cornerRadius: track.cornerRadius(a, default: stage.bounds),
                                            shadow: shadow(layer, track, a)))
                placements[placements.count - 1].rotation = track.rotation(a)
                placements[placements.count - 1].anchor = layer.anchor
            case .view(let role, let id):
                let offset = track.offset(a)
                adjustments[screen(role, stage), default: [:]][id] = ViewAdjustment(
                    offset: offset, scale: track.scale(a), rotation: track.rotation(a), alpha: track.alpha(a), anchor: layer.anchor)
            case .match(let match):
                guard matches else { continue }
                let start = track.resolve(match.from), end = track.resolve(match.to)
                let t = match.curve.value(at: min(max(a, 0), 1)) + (a < 0 ? a : a > 1 ? a - 1 : 0)
                let flown = start.interpolated(to: end, fraction: t)
                let frame = track.scaled(flown, by: track.scale(a))
                let drawn = screen(match.draws.role, stage)
                var placement = Placement(id: "match/\(drawn)/\(match.draws.id)", content: .view(screen: drawn, id: match.draws.id),
                                          frame: frame, alpha: track.alpha(a),
                                          cornerRadius: track.cornerRadius(a, default: frame), shadow: shadow(layer, track, a))
                placement.rotation = track.rotation(a)
                placement.anchor = layer.anchor
                placements.append(placement)
                if match.hidesViews {
                    for case .view(let role, let id) in [match.from, match.to, .view(match.draws.role, match.draws.id)] {
                        adjustments[screen(role, stage), default: [:]][id, default: ViewAdjustment()].alpha = 0
                    }
                }
            }
        }
        for index in placements.indices {
            if case .screen(let name) = placements[index].content, let views = adjustments[name] {
                placements[index].views = views
            }
        }
        return placements
    }

    private func layout(_ layout: LayerSpec.Layout) -> Placement.Layout {
        switch layout {
        case .scaled: return .scaled
        case .frame: return .atFrame
        case .fill: return .aspectFill
        }
    }

    private func shadow(_ layer: LayerSpec, _ track: Tracks, _ a: Double) -> Shadow? {
        guard let spec = layer.shadow else { return nil }
        return Shadow(color: spec.color, opacity: track.shadowOpacity(a, default: spec.opacity), radius: spec.radius, offset: spec.offset)
    }

    /// The scale at the far end of a gesture relative to its start, for reading a translation in
    /// a screen's own coordinates while the gesture scales it (`readIn`).
    func scaleRatio(of role: ScreenRole, axis: GestureSpec.Axis, forward: Bool) -> Double {
        let keyframes = layers.first { if case .screen(role) = $0.node { return true } else { return false } }?.keyframes ?? []
        let track = Tracks(keyframes, stage: TransitionStage(bounds: Rect(x: 0, y: 0, width: 1, height: 1), below: "", above: ""),
                           views: views, anchor: Point(x: 0.5, y: 0.5))
        let s0 = track.scale(0), s1 = track.scale(1)
        // A way back runs from fully in (1) to out (0); a way forward the other way round.
        let inside: Double = axis == .x ? s1.x : s1.y
        let outside: Double = axis == .x ? s0.x : s0.y
        let begin = forward ? outside : inside, finish = forward ? inside : outside
        return begin != 0 ? finish / begin : 1
    }
}

/// A layer's keyframes, read property by property.
private struct Tracks {
    let keyframes: [Keyframe]
    let stage: TransitionStage
    let views: [ScreenRole: [String: Rect]]
    let anchor: Point

    init(_ keyframes: [Keyframe], stage: TransitionStage, views: [ScreenRole: [String: Rect]], anchor: Point) {
        self.keyframes = keyframes
        self.stage = stage
        self.views = views
        self.anchor = anchor
    }

    /// The value at `a` of the property that `value` reads from a keyframe (nil where it is not given).
    func value(_ a: Double, _ value: (Keyframe) -> [Double]?) -> [Double]? {
        let keys = keyframes.compactMap { key in value(key).map { (at: key.at, curve: key.curve, value: $0) } }
        guard let first = keys.first, let last = keys.last else { return nil }
        func lerp(_ i: Int, _ t: Double) -> [Double] {
            zip(keys[i].value, keys[i + 1].value).map { $0 + ($1 - $0) * t }
        }
        if a <= first.at {
            // A spring carried the amount below 0: the first segment continues straight.
            guard a < 0, first.at == 0, keys.count > 1 else { return first.value }
            return lerp(0, (a - keys[0].at) / (keys[1].at - keys[0].at))
        }
        if a >= last.at {
            guard a > 1, last.at == 1, keys.count > 1 else { return last.value }
            let n = keys.count - 2
            return lerp(n, (a - keys[n].at) / (keys[n + 1].at - keys[n].at))
        }
        guard let i = keys.indices.dropLast().last(where: { keys[$0].at <= a }) else { return first.value }
        let t = (a - keys[i].at) / (keys[i + 1].at - keys[i].at)
        return lerp(i, keys[i + 1].curve?.value(at: t) ?? t)
    }

    /// A frame value in container points.
    func resolve(_ frame: FrameValue) -> Rect {
        let b = stage.bounds
        switch frame {
        case .full: return b
        case .cell: return stage.cellImage ?? Rect(x: b.midX, y: b.midY, width: 0, height: 0)
        case .view(let role, let id): return views[role]?[id] ?? Rect(x: b.midX, y: b.midY, width: 0, height: 0)
        case .rect(let v):
            return Rect(x: b.minX + v[0].resolve(b.width), y: b.minY + v[1].resolve(b.height),
                        width: v[2].resolve(b.width), height: v[3].resolve(b.height))
        }
    }

    func baseFrame(_ a: Double, default fallback: Rect) -> Rect {
        guard let v = value(a, { $0.frame.map { resolve($0).components } }) else { return fallback }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// The frame: the keyframed frame scaled about the anchor, then offset.
    func frame(_ a: Double, default fallback: Rect) -> Rect {
        let base = baseFrame(a, default: fallback)
        let s = scale(a), d = offset(a)
        guard s.x != 1 || s.y != 1 else { return base.offsetBy(dx: d.x, dy: d.y) }
        return scaled(base, by: s).offsetBy(dx: d.x, dy: d.y)
    }

    /// `rect` scaled by `s` about the anchor.
    func scaled(_ rect: Rect, by s: Point) -> Rect {
        let w = rect.width * s.x, h = rect.height * s.y
        let pivot = Point(x: rect.x + anchor.x * rect.width, y: rect.y + anchor.y * rect.height)
        return Rect(x: pivot.x - anchor.x * w, y: pivot.y - anchor.y * h, width: w, height: h)
    }

    func offset(_ a: Double) -> Point {
        let b = stage.bounds
        guard let v = value(a, { $0.offset.map { [$0[0].resolve(b.width), $0[1].resolve(b.height)] } }) else { return .zero }
        return Point(x: v[0], y: v[1])
    }

    func scale(_ a: Double) -> Point {
        guard let v = value(a, { $0.scale }) else { return Point(x: 1, y: 1) }
        return Point(x: v[0], y: v[1])
    }

    /// Radians.
    func rotation(_ a: Double) -> Double {
        (value(a, { $0.rotation.map { [$0] } })?[0] ?? 0) * .pi / 180
    }

    func alpha(_ a: Double) -> Double {
        min(max(value(a, { $0.alpha.map { [$0] } })?[0] ?? 1, 0), 1)
    }

    /// Points; a percentage is of the shorter side of the frame the keyframe's progress shows.
    func cornerRadius(_ a: Double, default fallback: Rect) -> Double {
        let r = value(a) { key in
            key.cornerRadius.map { length in
                let frame = baseFrame(key.at, default: fallback)
                return [length.resolve(min(frame.width, frame.height))]
            }
        }
        return max(r?[0] ?? 0, 0)
    }

    func shadowOpacity(_ a: Double, default fallback: Double) -> Double {
        min(max(value(a, { $0.shadowOpacity.map { [$0] } })?[0] ?? fallback, 0), 1)
    }
}
