import Foundation
import Motion

/// Reads a timing curve: a UIKit preset name or control points `[x1, y1, x2, y2]`.
struct CurveDecoder {
    let reader: NodeReader

    func decode(_ node: Node) -> CubicTimingCurve? {
        let r = reader
        if node.scalar != nil {
            guard let name = r.string(node, "curve") else { return nil }
            if let curve = CubicTimingCurve.named[name] { return curve }
            let names = CubicTimingCurve.named.keys.sorted()
            let hint = Diagnostic.didYouMean(name, in: names)
            r.error(node, "unknown curve '\(name)'\(hint); expected one of: \(names.joined(separator: ", ")) or control points [x1, y1, x2, y2]")
            return nil
        }
        guard let v = r.numbers(node, "curve control points [x1, y1, x2, y2]", count: 4) else { return nil }
        guard Limits.unit.contains(v[0]), Limits.unit.contains(v[2]) else {
            r.error(node, "curve control point x values must be between 0 and 1 (y may overshoot), found x1 = \(v[0]), x2 = \(v[2])")
            return nil
        }
        return CubicTimingCurve(v[0], v[1], v[2], v[3])
    }
}

/// Reads a spring in any of UIKit's three forms.
///
/// - `{mass, stiffness, damping, initialVelocity}`: `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`
/// - `{dampingRatio, duration}`: `UISpringTimingParameters(dampingRatio:)` in an animator of that duration
/// - `{duration, bounce}`: SwiftUI's `Spring(duration:bounce:)`
struct SpringDecoder {
    let reader: NodeReader

    func decode(_ node: Node) -> Spring? {
        let r = reader
        typealias K = SpringKeys
        guard let fields = r.mapping(node, K.mapping) else { return nil }
        let velocity = r.value(fields, K.initialVelocity, "spring initialVelocity")
        let overdamping = r.value(fields, K.allowsOverdamping)
        if fields[K.dampingRatio] != nil {
            for key in [K.mass.key, K.stiffness.key, K.damping.key, K.bounce.key] where fields[key] != nil {
                r.error(fields.key(key), "'\(key)' cannot be combined with 'dampingRatio'; a spring is {mass, stiffness, damping}, {dampingRatio, duration} or {duration, bounce}")
            }
            let ratio = r.value(fields, K.dampingRatio)
            guard fields[K.duration] != nil else {
                r.error(node, "a spring with 'dampingRatio' needs 'duration' (seconds), as UIKit honours the animator's duration")
                return nil
            }
            let duration = r.value(fields, K.duration, "spring duration")
            guard let ratio, let duration else { return nil }
            return Spring(dampingRatio: ratio, duration: duration, initialVelocity: velocity)
        }
        if fields[K.bounce] != nil {
            for key in [K.mass.key, K.stiffness.key, K.damping.key] where fields[key] != nil {
                r.error(fields.key(key), "'\(key)' cannot be combined with 'bounce'; a spring is {mass, stiffness, damping}, {dampingRatio, duration} or {duration, bounce}")
            }
            let bounce = r.value(fields, K.bounce)
            // SwiftUI's `Spring(duration:bounce:)` defaults its duration to 0.5 s.
            let duration = r.value(fields, K.duration, "spring duration") ?? 0.5
            guard let bounce else { return nil }
            let spring = Spring(duration: duration, bounce: bounce, initialVelocity: velocity)
            return settles(spring, at: fields[K.bounce], change: "lower 'bounce' (\(Limits.format(bounce))) or shorten 'duration'")
        }
        if let key = fields.key(K.duration) {
            r.error(key, "a {mass, stiffness, damping} spring lasts its own settling duration; 'duration' goes with 'dampingRatio' or 'bounce'")
        }
        // Wide enough for any spring UIKit users write; narrow enough that settling stays a number.
        let mass = r.value(fields, K.mass)
        let stiffness = r.value(fields, K.stiffness)
        let damping = r.value(fields, K.damping)
        for key in [K.stiffness.key, K.damping.key] where fields[key] == nil {
            r.error(node, "missing key '\(key)' in spring")
        }
        guard let stiffness, let damping, fields[K.mass] == nil || mass != nil else { return nil }
        let spring = Spring(mass: mass ?? 1, stiffness: stiffness, damping: damping, initialVelocity: velocity,
                            allowsOverdamping: overdamping)
        // ζ = c / (2√(km)); critical damping, the fastest settling without overshoot, is c = 2√(km).
        let critical = 2 * (stiffness * (mass ?? 1)).squareRoot()
        return settles(spring, at: fields[K.damping],
                       change: "raise 'damping' (damping ratio \(String(format: "%.3g", spring.dampingRatio)); critically damped at \(String(format: "%.4g", critical)))")
    }

    /// `spring`, unless it lasts its own settling duration and that is over `Limits.settling`:
    /// then an error at `node` that gives the settling time and `change`, the parameter to change.
    private func settles(_ spring: Spring, at node: Node?, change: String) -> Spring? {
        let settling = spring.settlingDuration()
        guard settling > Limits.settling else { return spring }
        let time = settling >= Spring.longestSettling ? "more than \(Limits.format(Spring.longestSettling)) s"
            : "\(String(format: "%.3g", settling)) s"
        reader.error(node, "this spring takes \(time) to settle (to within 0.1% of its target), over the limit of \(Limits.format(Limits.settling)) s; \(change)")
        return nil
    }
}
