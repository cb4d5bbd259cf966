import Scene

/// A scene transition with its style resolved and its settings decoded: what the replay starts,
/// asks for a gesture and rests by.
struct ResolvedTransition: Sendable {
    var spec: TransitionSpec
    var style: any TransitionStyleDefinition
    var settings: SettingValues
    /// Whether the scene plays right to left: a style that places by absolute x then plays as
    /// its code runs there (`AsWrittenStyle`) unless its `mirrorsInRightToLeft` is set.
    var rightToLeft = false
    /// The style that plays instead under the scene's Reduce Motion settings, as the scene names
    /// it (`reduceMotionStyle`, `crossFadeStyle`); nil: the style's own, or its built-in fallback
    /// (`ReducedMotion`).
    var reducedMotionStyle: (any TransitionStyleDefinition)?
    /// The scene's Motion settings.
    var motion: MotionPreference = .standard

    /// Resolves every transition of `scene` by its style's name and decodes its settings; every
    /// problem is a located diagnostic, and a transition with an unknown style is left out.
    static func resolve(_ scene: Scene) -> (transitions: [ResolvedTransition], problems: [Diagnostic]) {
        let registry = StyleRegistry(scene: scene)
        var problems = StyleRegistry.problems(scene: scene)
        var transitions: [ResolvedTransition] = []
        for spec in scene.transitions {
            guard let style = registry.style(named: spec.style) else {
                problems.append(Diagnostic(location: spec.styleLocation, message: TransitionSpec.unknownStyle(spec.style, known: registry.names)))
                continue
            }
            if let custom = style as? CustomStyle {
                problems += custom.problems(from: spec.from, to: spec.to, transition: spec.location)
            }
            var transition = ResolvedTransition(spec: spec, style: style, settings: spec.settings)
            transition.motion = scene.motion
            for fallback in [spec.reduceMotionStyle, spec.crossFadeStyle].compactMap({ $0 }) {
                guard let instead = registry.style(named: fallback.style) else { continue }
                if !instead.presentations.contains(where: style.presentations.contains) {
                    problems.append(Diagnostic(location: fallback.location, message:
                        "'\(fallback.style)' cannot play instead of '\(style.name)': it is brought in with \(ReducedMotion.verbs(instead.presentations)), '\(style.name)' with \(ReducedMotion.verbs(style.presentations))"))
                }
            }
            if let fallback = spec.fallback(at: scene.motion), let instead = registry.style(named: fallback.style) {
                transition.reducedMotionStyle = instead
            }
            transition.rightToLeft = scene.layoutDirection == .rightToLeft
            transitions.append(transition)
        }
        return (transitions, problems)
    }

    /// The style and run that play `stage` in a direction: UIKit's own push or pop
    /// (`SystemPush.fallback`) where the style has no animator for it, else the style's own.
    /// Every hook the timeline asks goes through here, so no style forwards the fallback itself.
    /// Under Reduce Motion the style named to play instead, or the one UIKit plays instead of a
    /// system style (`ReducedMotion.instead`), comes first, with its default settings.
    func resolved(_ stage: TransitionStage, forward: Bool) -> (style: any TransitionStyleDefinition, run: StyleRun) {
        var style = self.style
        var run = StyleRun(settings: settings, stage: stage, forward: forward)
        if motion.isReduceMotionEnabled, let instead = reducedMotionStyle ?? ReducedMotion.instead(of: style, pushed: stage.pushed) {
            style = instead
            run.settings = SettingValues(descriptors: instead.settings)
        }
        guard style.usesSystemAnimator(forward: forward) else {
            guard rightToLeft, style.placesByAbsoluteX, !run.settings[Setting<Bool>.mirrorsInRightToLeft] else { return (style, run) }
            return (AsWrittenStyle(base: style), run)
        }
        let system = SystemPush.fallback(for: style.name, run)
        return (system.style, system.run)
    }

    func animated(_ stage: TransitionStage, forward: Bool, at time: Double) -> any TransitionDriver {
        let (style, run) = resolved(stage, forward: forward)
        return style.animated(run, at: time)
    }

    func gesture(_ stage: TransitionStage, forward: Bool) -> StyleGesture? {
        let (style, run) = resolved(stage, forward: forward)
        return style.gesture(run)
    }

    func resting(_ stage: TransitionStage) -> [Placement]? {
        let (style, run) = resolved(stage, forward: true)
        return style.resting(run)
    }

    func barTransition(_ stage: TransitionStage, forward: Bool) -> BarTransition {
        let (style, run) = resolved(stage, forward: forward)
        return style.barTransition(run)
    }

    func crossFadesBottomBars(_ stage: TransitionStage, forward: Bool) -> Bool {
        resolved(stage, forward: forward).style.crossFadesBottomBars
    }

    /// Whether it runs inside a navigation controller when a gesture starts it: a gesture brings
    /// a screen in modally where the style can, else pushes it.
    var pushedByGesture: Bool { !style.presentations.contains(.modal) }
}
