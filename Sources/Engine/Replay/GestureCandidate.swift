import Geometry
import Interaction
import Scene

/// A gesture that could start a transition from the screen at rest.
struct GestureCandidate {
    var transition: ResolvedTransition
    var stage: TransitionStage
    /// Whether the transition runs inside the navigation controller (a push or a pop).
    var pushed: Bool
    var recognizer: PanRecognizer
    var accepts: (PanEvent, Point) -> Bool
    var make: (PanEvent) -> any TransitionDriver
    /// The gesture in words: "\(style)'s pan from the left edge".
    var summary: String
    /// The presented navigation controller the transition runs inside, whose points its stage is in.
    var container: PresentedContainer?
    /// Why the transition cannot run (its screen is already shown), for a gesture that begins it.
    var refusal: String?

    init(_ transition: ResolvedTransition, _ stage: TransitionStage, pushed: Bool, _ gesture: StyleGesture, in container: PresentedContainer? = nil) {
        self.transition = transition
        self.stage = stage
        self.pushed = pushed
        self.container = container
        recognizer = gesture.recognizer
        accepts = gesture.accepts
        make = gesture.make
        summary = "\(transition.style.name)'s \(gesture.summary)"
    }

    /// The gestures that can start a transition from `rest`: the way back from the top screen
    /// first, then the ways forward from it among `transitions`, each where its style has a
    /// gesture in that direction.
    static func all(at rest: AtRest, _ transitions: [ResolvedTransition]) -> [GestureCandidate] {
        var candidates: [GestureCandidate] = []
        let stack = rest.stack, top = rest.top
        let inside = rest.container(level: stack.count - 1)
        if stack.count > 1, let transition = top.transition, let stage = top.stage,
           let gesture = transition.gesture(stage, forward: false) {
            candidates.append(GestureCandidate(transition, stage, pushed: top.pushed, gesture, in: top.pushed ? inside : nil))
        }
        // Inside a presented navigation controller, the presentation's own gesture (a sheet's
        // drag) takes the whole stack away.
        let root = rest.navigation.controllerRoot(level: stack.count - 1)
        if top.pushed, root > 0, let transition = stack[root].transition, let stage = stack[root].stage,
           let gesture = transition.gesture(stage, forward: false) {
            candidates.append(GestureCandidate(transition, stage, pushed: false, gesture))
        }
        // A screen filled from a list's items: a gesture brings in the item its transition names.
        for transition in transitions where transition.spec.from == top.screen && transition.spec.filled?.isDefault != false {
            let pushed = transition.pushedByGesture
            let stage = rest.sourceStage(above: transition.spec.to, cell: nil, pushed: pushed)
            guard let gesture = transition.gesture(stage, forward: true) else { continue }
            var candidate = GestureCandidate(transition, stage, pushed: pushed, gesture, in: pushed ? inside : nil)
            candidate.refusal = rest.navigation.hierarchy.refusal(toShow: transition.spec.to, verb: pushed ? "push" : "present")
            candidates.append(candidate)
        }
        return candidates
    }

    /// Why `recognizer` saw no pan in `trace`.
    static func recognitionProblem(_ trace: [TouchPoint], _ recognizer: PanRecognizer) -> String {
        guard let down = trace.first else { return "no samples" }
        if let edge = recognizer.edge, !recognizer.isNearEdge(down.location) {
            return "the touch went down at \(Wording.point(down.location)), not within \(Wording.number(recognizer.edgeZone)) pt of the \(edge.rawValue) edge"
        }
        let moved = trace.map { ($0.location - down.location).magnitude }.max() ?? 0
        return "the touch moved \(Wording.number(moved)) pt, less than the \(Wording.number(recognizer.slop)) pt it must move to begin"
    }
}
