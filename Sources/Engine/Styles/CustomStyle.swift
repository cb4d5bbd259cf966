import Foundation
import Geometry
import Interaction
import Motion
import Scene

/// A transition style declared in the scene file (`styles:`), interpreted: its keyframed
/// layers become a `StyleGeometry`, its timing and gestures a `PercentDrivenDriver` — or, for a
/// way back whose screen follows the finger (`follow`), the two-animator driver of the `slide-up-modal` tutorial.
struct CustomStyle: TransitionStyleDefinition {
    let spec: CustomStyleSpec
    let scene: Scene

    var name: String { spec.name }
    var summary: String { "declared in the scene file" }
    var presentations: [Presentation] { spec.presentations }
    var sourceCellSetting: String? { spec.usesCell ? "cell" : nil }
    var settings: [SettingDescriptor] { spec.settings }

    /// The direction's spec.
    private func direction(_ forward: Bool) -> DirectionSpec { forward ? spec.forward : spec.back }

    /// A direction with `animator: system` is UIKit's own push or pop.
    func usesSystemAnimator(forward: Bool) -> Bool {
        direction(forward).animator == .system
    }

    /// The geometry of `run`'s direction.
    func geometry(_ run: StyleRun) -> CustomGeometry {
        CustomGeometry(layers: direction(run.forward).layers ?? spec.layers, resting: spec.resting,
                       views: viewFrames(run.stage))
    }

    /// Where the views with ids of the stage's two screens sit, at full size.
    private func viewFrames(_ stage: TransitionStage) -> [ScreenRole: [String: Rect]] {
        var frames: [ScreenRole: [String: Rect]] = [:]
        for (role, name) in [(ScreenRole.from, stage.below), (.to, stage.above)] {
            var views: [String: Rect] = [:]
            for view in scene.screens[name]?.identifiedViews(on: scene.device) ?? [] { views[view.id] = view.frame }
            frames[role] = views
        }
        return frames
    }

    private var timing: AnimatorTiming {
        switch spec.timing {
        case .cubic(let curve, let duration): return .cubic(curve, duration: duration)
        case .spring(let spring): return .spring(spring)
        }
    }

    /// The percent-driven driver for `run` (a direction without `follow`).
    func driver(_ run: StyleRun) -> PercentDrivenDriver {
        let gesture = direction(run.forward).gesture
        let geometry = geometry(run)
        return PercentDrivenDriver(styleName: name, geometry: geometry, stage: run.stage, forward: run.forward,
                                   timing: timing,
                                   completionCurve: spec.scrubbing == .layer ? gesture?.completionCurve ?? GestureKeys.completionCurve.defaultValue : nil,
                                   completionSpeed: gesture?.completionSpeed ?? GestureKeys.completionSpeed.defaultValue,
                                   scrubsInLayerTime: spec.scrubbing == .layer,
                                   interruptible: gesture?.interruptible ?? GestureKeys.interruptible.defaultValue,
                                   rule: gesture.map { rule($0, geometry: geometry, forward: run.forward) })
    }

    /// A way back whose screen follows the finger makes the style the `slide-up-modal` tutorial's two animators in
    /// both directions: its presentation too runs on the transition animator and, interruptible,
    /// is caught and driven by the same rule.
    func animated(_ run: StyleRun, at time: Double) -> any TransitionDriver {
        if let gesture = spec.back.gesture, let follow = gesture.follow {
            let (parameters, customize) = following(run, gesture, follow)
            return SlideUpModalDriver.animated(parameters: parameters, bounds: run.stage.bounds, presenter: run.stage.below,
                                               sheet: run.stage.above, forward: run.forward, at: time, customize: customize)
        }
        var driver = driver(run)
        driver.start(at: time)
        return driver
    }

    func gesture(_ run: StyleRun) -> StyleGesture? {
        guard let spec = direction(run.forward).gesture else { return nil }
        let bounds = run.stage.bounds
        let moving = spec.beginsMoving
        let movingRight: @Sendable (Point) -> Bool = { movement in
            guard let moving else { return true }
            switch moving {
            case .bottom: return movement.y > 0 && abs(movement.y) > abs(movement.x)
            case .top: return movement.y < 0 && abs(movement.y) > abs(movement.x)
            case .right: return movement.x > 0 && abs(movement.x) > abs(movement.y)
            case .left: return movement.x < 0 && abs(movement.x) > abs(movement.y)
            }
        }
        if let follow = spec.follow {
            let (parameters, customize) = following(run, spec, follow)
            let rule = rule(spec, geometry: geometry(run), forward: run.forward)
            let stage = run.stage
            return StyleGesture(
                recognizer: rule.recognizer(bounds: bounds),
                accepts: { began, movement in rule.accepts(beganAt: began.location, bounds: bounds) && movingRight(movement) },
                make: { began in
                    SlideUpModalDriver.interactive(parameters: parameters, bounds: stage.bounds, presenter: stage.below,
                                                   sheet: stage.above, forward: run.forward, began: began, customize: customize)
                })
        }
        let template = driver(run)
        guard let rule = template.rule else { return nil }
        return StyleGesture(
            recognizer: rule.recognizer(bounds: bounds),
            accepts: { began, movement in rule.accepts(beganAt: began.location, bounds: bounds) && movingRight(movement) },
            make: { began in
                var driver = template
                driver.begin(began)
                driver.handle(began)
                return driver
            })
    }

    func resting(_ run: StyleRun) -> [Placement]? {
        geometry(run).restingLayers(stage: run.stage)
    }

    // MARK: Gestures

    /// The interaction rule of a gesture spec.
    func rule(_ gesture: GestureSpec, geometry: CustomGeometry, forward: Bool) -> InteractionRule {
        let recognizer: InteractionRule.Recognizer
        switch (gesture.recognizer, gesture.region) {
        case (.edgePan(let edge, let zone), _): recognizer = .edge(ScreenEdge(edge), zone: zone)
        case (.pan, .anywhere): recognizer = .pan
        case (.pan, .half(let edge)): recognizer = .panInHalf(ScreenEdge(edge))
        case (.pan, .rect(let rect)): recognizer = .panInRegion(rect)
        }
        let progress: @Sendable (PanEvent, Rect, Double) -> Double
        let axis: GestureSpec.Axis, sign: Double
        switch gesture.progress {
        case .location(let a):
            axis = a
            sign = 1
            progress = { event, bounds, _ in
                a == .x ? (event.location.x - bounds.minX) / bounds.width : (event.location.y - bounds.minY) / bounds.height
            }
        case .translation(let a, let distance, let direction, let readIn):
            axis = a
            sign = direction == .negative ? -1 : 1
            // The `scale-fade-modal` tutorial's reading in a view being scaled: through its model transform, which is
            // already the scale at the gesture's far end (relative to its start).
            let endScale = readIn.map { geometry.scaleRatio(of: $0, axis: a, forward: forward) }
            progress = { event, bounds, base in
                let t = a == .x ? event.translation.x : event.translation.y
                let reading: Double
                switch direction {
                case .positive: reading = t
                case .negative: reading = -t
                case .either: reading = abs(t)
                }
                let d = distance.resolve(a == .x ? bounds.width : bounds.height)
                if let endScale {
                    return ScaleFadeReading.progress(translation: reading, distance: d, endScale: endScale, base: base)
                }
                return base + reading / d
            }
        }
        let finish = gesture.finish
        let reads: InteractionRule.Reading
        switch gesture.progress {
        case .location(let a): reads = a == .x ? .locationX : .locationY
        case .translation(let a, _, _, _): reads = a == .x ? .translationX : .translationY
        }
        return InteractionRule(
            recognizer: recognizer, reads: reads, progress: progress, autoFinish: gesture.autoFinish,
            decision: ReleaseDecision(axis: axis, sign: sign, flick: finish.flick, velocity: finish.velocity,
                                      threshold: finish.threshold, inclusive: finish.inclusive))
    }

    /// The `slide-up-modal` tutorial's two animators for a way back whose screen follows the finger: the frame
    /// animator's spring carries `follow`'s screen, the transition animator the other layers.
    private func following(_ run: StyleRun, _ gesture: GestureSpec, _ follow: GestureSpec.Follow)
        -> (SlideUpModalParameters, @Sendable (inout SlideUpModalDriver) -> Void) {
        var p = SlideUpModalParameters()
        p.spring = follow.spring
        if case .cubic(let curve, let duration) = spec.timing {
            p.curve = curve
            p.duration = duration
        }
        if case .translation(_, let distance, _, _) = gesture.progress {
            p.progressScale = distance.resolve(run.stage.bounds.height) / run.stage.bounds.height
        }
        p.flickVelocity = gesture.finish.flick ?? .infinity
        p.completionThreshold = gesture.finish.threshold ?? 0.5
        p.releaseVelocity = follow.inheritsVelocity ? .inherit : .zero
        p.interruptible = gesture.interruptible
        let geometry = geometry(run), stage = run.stage, name = self.name
        let followed = follow.role == .from ? stage.below : stage.above
        // How far the screen travels from rest (fully in) to fully out, down.
        let rest = geometry.layers(amount: 1, stage: stage).first { $0.id == followed }?.frame ?? stage.bounds
        let out = geometry.layers(amount: 0, stage: stage).first { $0.id == followed }?.frame ?? stage.bounds
        let travel = out.y - rest.y
        return (p, { driver in
            driver.styleName = name
            driver.travel = travel
            driver.picture = { amount, offset in
                var placements = geometry.layers(amount: amount, stage: stage)
                if let offset, let index = placements.firstIndex(where: { $0.id == followed }) {
                    placements[index].frame = rest.offsetBy(dx: 0, dy: offset)
                }
                return placements
            }
        })
    }
}

extension ScreenEdge {
    init(_ edge: Edge) {
        switch edge {
        case .left: self = .left
        case .right: self = .right
        case .top: self = .top
        case .bottom: self = .bottom
        }
    }
}

// MARK: Checks against the scene

extension CustomStyle {
    /// Every view a transition from `from` to `to` would need and the screens lack, at the line
    /// that names it.
    func problems(from: String, to: String, transition: SourceLocation) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let screens = [ScreenRole.from: from, .to: to]
        func check(_ role: ScreenRole, _ id: String, at location: SourceLocation) {
            guard let name = screens[role] else { return }
            let ids = scene.screens[name]?.identifiedViews(on: scene.device).map(\.id) ?? []
            guard !ids.contains(id), !problems.contains(where: { $0.location == location && $0.message.hasPrefix("'\(role.rawValue)/\(id)'") }) else { return }
            let known = ids.isEmpty ? "it has no views with an id" : "its views with ids are: \(ids.joined(separator: ", "))"
            problems.append(Diagnostic(location: location, message:
                "'\(role.rawValue)/\(id)': screen '\(name)' (the '\(role.rawValue)' of the transition at line \(transition.line)) has no top-level view with id '\(id)'; \(known)"))
        }
        func check(_ frame: FrameValue?, at location: SourceLocation) {
            if case .view(let role, let id)? = frame { check(role, id, at: location) }
        }
        for layer in spec.layers + (spec.forward.layers ?? []) + (spec.back.layers ?? []) {
            switch layer.node {
            case .view(let role, let id): check(role, id, at: layer.location)
            case .match(let match):
                check(match.from, at: layer.location)
                check(match.to, at: layer.location)
                check(match.draws.role, match.draws.id, at: layer.location)
            case .screen, .fill: break
            }
            for keyframe in layer.keyframes { check(keyframe.frame, at: keyframe.location) }
        }
        return problems
    }
}
