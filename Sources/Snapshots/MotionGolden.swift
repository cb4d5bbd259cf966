import Engine
import Foundation
import Geometry
import Scene

/// A scene's motion as a text golden (`__snapshots__/<scene>/motion.txt`): every frame's render
/// tree — each layer's frame, transform, alpha, corner radius, shadow and scroll offset — and
/// the transition's phase and progress and the fingers, written as what each frame changes, so
/// a still stretch costs nothing and a pull request's diff shows which values moved when. It
/// holds numbers only, no pixels: the same on any machine, and it catches what falls between
/// snapshot points (a flick 3 pt shorter, a deceleration rate 0.0005 lower) that images miss.
///
/// ```
/// segue motion 1: settings-scroll, 541 frames at 60 fps
/// frame 0 (0 s)
///   @ phase=idle transition=- progress=- touches=-
///   + settings frame=0,0,393,852 transform=1,0,0,1,0,0 alpha=1 radius=0
/// frame 12 (0.2 s)
///   = settings/list offset=0,12.5
///   - navigationBar/settings/title
/// ```
/// `+` a layer that appears, `=` one that changes (only the values that change), `-` one that
/// goes; `@` the frame's own state. Points (frames, translations, offsets, radii, fingers) have
/// 2 decimals, fractions (alpha, progress, a transform's scale and rotation) 3: the tolerances
/// a comparison allows (`pointTolerance`, `fractionTolerance`), one step of each.
public enum MotionGolden {
    public static let fileName = "motion.txt"
    /// The snapshot point name a motion golden's results carry.
    public static let pointName = "motion"
    /// The largest difference in points two values may have and still agree.
    public static let pointTolerance = 0.01
    /// The largest difference of alpha, progress or a transform's linear part.
    public static let fractionTolerance = 0.001

    // MARK: Writing

    /// The golden's text for `timeline`'s frames.
    public static func text(of timeline: Timeline) -> String {
        var out = "segue motion 1: \(timeline.scene.name), \(timeline.frameCount) frames at \(timeline.scene.fps) fps\n"
        var previous: Frame = [:]
        var previousState: [Field] = []
        for index in 0..<timeline.frameCount {
            let state = timeline.state(frame: index)
            let (fields, layers) = values(of: state)
            var lines: [String] = []
            if fields != previousState { lines.append("  @ " + line(changed(fields, from: previousState))) }
            for (id, fields) in layers {
                if let before = previous[id] {
                    if before != fields { lines.append("  = \(quoted(id)) " + line(changed(fields, from: before))) }
                } else {
                    lines.append("  + \(quoted(id)) " + line(fields))
                }
            }
            let now = Set(layers.map(\.id))
            for (id, _) in previous.sorted(by: { $0.key < $1.key }) where !now.contains(id) { lines.append("  - \(quoted(id))") }
            if !lines.isEmpty {
                out += "frame \(index) (\(JSONNumber.format(state.time, decimals: 4)) s)\n" + lines.joined(separator: "\n") + "\n"
            }
            previous = Dictionary(layers, uniquingKeysWith: { first, _ in first })
            previousState = fields
        }
        return out
    }

    /// One value of a layer or of the frame: its key and its text.
    struct Field: Equatable {
        var key: String
        var value: String
    }

    typealias Frame = [String: [Field]]

    /// The frame's own fields and each layer's, layers in drawing order; a repeated id gets `#2`, `#3`.
    static func values(of state: FrameState) -> (fields: [Field], layers: [(id: String, fields: [Field])]) {
        let fields = [
            Field(key: "phase", value: state.phase.rawValue),
            Field(key: "transition", value: state.transition ?? "-"),
            Field(key: "progress", value: state.progress.map { fraction($0) } ?? "-"),
            Field(key: "touches", value: state.touches.isEmpty ? "-" : state.touches.map { points([$0.x, $0.y]) }.joined(separator: ";")),
        ]
        var seen: [String: Int] = [:]
        let layers = state.layers.map { node -> (id: String, fields: [Field]) in
            seen[node.id, default: 0] += 1
            let id = seen[node.id] == 1 ? node.id : "\(node.id)#\(seen[node.id] ?? 0)"
            let t = node.transform.components
            var fields = [
                Field(key: "frame", value: points(node.frame.components)),
                Field(key: "transform", value: (t[0..<4].map { fraction($0) } + t[4...].map { point($0) }).joined(separator: ",")),
                Field(key: "alpha", value: fraction(node.alpha)),
                Field(key: "radius", value: point(node.cornerRadius)),
            ]
            if let tone = node.tone { fields.append(Field(key: "tone", value: tone.rawValue)) }
            if let shadow = node.shadowOpacity { fields.append(Field(key: "shadow", value: fraction(shadow))) }
            if let offset = node.contentOffset { fields.append(Field(key: "offset", value: points([offset.x, offset.y]))) }
            return (id, fields)
        }
        return (fields, layers)
    }

    /// The fields that differ from `before`: new or changed values, and `key=-` for a key that went
    /// (a shadow no longer cast, an offset no longer tracked).
    private static func changed(_ fields: [Field], from before: [Field]) -> [Field] {
        fields.filter { field in !before.contains(field) }
            + before.filter { old in !fields.contains { $0.key == old.key } }.map { Field(key: $0.key, value: "-") }
    }

    private static func line(_ fields: [Field]) -> String {
        fields.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }

    private static func point(_ value: Double) -> String { JSONNumber.format(value, decimals: 2) }
    private static func points(_ values: [Double]) -> String { values.map(point).joined(separator: ",") }
    private static func fraction(_ value: Double) -> String { JSONNumber.format(value, decimals: 3) }

    /// An id as written: as it is, or JSON-quoted when it has a space, `=` or a quote.
    private static func quoted(_ id: String) -> String {
        id.isEmpty || id.contains(where: { $0 == " " || $0 == "=" || $0 == "\"" || $0.isNewline }) ? JSONNumber.quote(id) : id
    }

    // MARK: Reading and comparing

    /// A golden's frames, as read back: the header's frame count and fps, and each frame's changes.
    struct Recording {
        var scene: String
        var frameCount: Int
        var fps: Int
        /// Per frame that changes anything: the frame's fields and each layer's (nil: it goes).
        var changes: [Int: (fields: [Field], layers: [(id: String, fields: [Field]?)])] = [:]
    }

    /// A golden that cannot be read: the line, and what is wrong with it.
    public struct Unreadable: Error, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line) of the motion golden: \(reason)" }
    }

    static func read(_ text: String) throws -> Recording {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let header = lines.first, header.hasPrefix("segue motion 1: "),
              let comma = header.range(of: ", ", options: .backwards) else {
            throw Unreadable(line: 1, reason: "expected 'segue motion 1: SCENE, N frames at F fps'")
        }
        let counts = header[comma.upperBound...].split(separator: " ")
        guard counts.count == 5, let frames = Int(counts[0]), counts[1] == "frames", counts[2] == "at", let fps = Int(counts[3]), counts[4] == "fps" else {
            throw Unreadable(line: 1, reason: "expected 'N frames at F fps' after the scene's name")
        }
        var recording = Recording(scene: String(header[header.index(header.startIndex, offsetBy: 16)..<comma.lowerBound]), frameCount: frames, fps: fps)
        var current: Int?
        for (offset, line) in lines.enumerated().dropFirst() {
            let number = offset + 1
            if line.hasPrefix("frame ") {
                guard let index = line.dropFirst(6).split(separator: " ").first.flatMap({ Int($0) }), index >= 0, index < frames else {
                    throw Unreadable(line: number, reason: "expected 'frame N (T s)' with N below \(frames)")
                }
                current = index
                recording.changes[index] = ([], [])
                continue
            }
            guard let index = current, line.hasPrefix("  "), line.count > 4 else {
                throw Unreadable(line: number, reason: "expected 'frame N (T s)' or a change under one ('  + ID …', '  = ID …', '  - ID', '  @ …')")
            }
            let kind = line[line.index(line.startIndex, offsetBy: 2)]
            var rest = Substring(line.dropFirst(4))
            if kind == "@" {
                recording.changes[index]?.fields = try fields(rest, line: number)
                continue
            }
            let id = try layerID(&rest, line: number)
            switch kind {
            case "+", "=": recording.changes[index]?.layers.append((id, try fields(rest, line: number)))
            case "-": recording.changes[index]?.layers.append((id, nil))
            default: throw Unreadable(line: number, reason: "expected +, =, - or @ after two spaces")
            }
        }
        return recording
    }

    private static func layerID(_ rest: inout Substring, line: Int) throws -> String {
        if rest.first == "\"" {
            // A JSON string: up to the first unescaped quote.
            var index = rest.index(after: rest.startIndex), escaped = false
            while index < rest.endIndex, escaped || rest[index] != "\"" {
                escaped = !escaped && rest[index] == "\\"
                index = rest.index(after: index)
            }
            guard index < rest.endIndex, let data = rest[...index].data(using: .utf8),
                  let id = try? JSONDecoder().decode(String.self, from: data) else {
                throw Unreadable(line: line, reason: "a quoted layer id is not a JSON string")
            }
            rest = rest[rest.index(after: index)...].drop { $0 == " " }
            return id
        }
        let id = rest.prefix { $0 != " " }
        rest = rest.dropFirst(id.count).drop { $0 == " " }
        return String(id)
    }

    private static func fields(_ text: Substring, line: Int) throws -> [Field] {
        try text.split(separator: " ").map { pair in
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw Unreadable(line: line, reason: "expected KEY=VALUE, found '\(pair)'")
            }
            return Field(key: String(pair[..<equals]), value: String(pair[pair.index(after: equals)...]))
        }
    }

    /// How a scene's motion differs from its golden's.
    public struct Difference: Sendable, Hashable, CustomStringConvertible {
        /// The first frame that differs, its time, and what differs there.
        public var frame: Int
        public var time: Double
        public var what: String
        /// How many frames differ, and the last.
        public var frames: Int
        public var lastFrame: Int

        /// "frame 35 (0.5833 s): layer … ; 61 frames differ, up to frame 361", or for a change of
        /// length or frame rate (`frame` −1) what changed.
        public var description: String {
            guard frame >= 0 else { return what }
            return "frame \(frame) (\(JSONNumber.format(time, decimals: 4)) s): \(what)"
                + (frames > 1 ? "; \(frames) frames differ, up to frame \(lastFrame)" : "; no other frame differs")
        }
    }

    /// How `actual` (this run's text) differs from `golden`'s: nil when they agree within the
    /// tolerances; a header difference (frame count, fps) is one of its own, frame -1.
    static func compare(_ actual: String, with golden: String) throws -> Difference? {
        let now = try read(actual), then = try read(golden)
        if now.frameCount != then.frameCount || now.fps != then.fps {
            let seconds = { (r: Recording) in JSONNumber.format(Double(r.frameCount) / Double(r.fps), decimals: 4) }
            return Difference(frame: -1, time: 0, what: "the scene now lasts \(now.frameCount) frames at \(now.fps) fps (\(seconds(now)) s); its motion golden has \(then.frameCount) frames at \(then.fps) fps (\(seconds(then)) s)",
                              frames: 0, lastFrame: -1)
        }
        var a = State(), b = State()
        var first: (frame: Int, what: String)?
        var count = 0, last = -1
        var differs: String?
        for index in 0..<now.frameCount {
            let changedA = a.apply(now.changes[index]), changedB = b.apply(then.changes[index])
            if changedA || changedB { differs = a.firstDifference(from: b) }
            guard let what = differs else { continue }
            if first == nil { first = (index, what) }
            count += 1
            last = index
        }
        guard let first else { return nil }
        return Difference(frame: first.frame, time: Double(first.frame) / Double(now.fps), what: first.what, frames: count, lastFrame: last)
    }

    /// A frame's whole state, rebuilt change by change.
    private struct State {
        var fields: [String: String] = [:]
        var layers: [String: [String: String]] = [:]

        /// Applies a frame's changes; whether there were any.
        mutating func apply(_ changes: (fields: [Field], layers: [(id: String, fields: [Field]?)])?) -> Bool {
            guard let changes else { return false }
            for field in changes.fields { fields[field.key] = field.value }
            for (id, values) in changes.layers {
                guard let values else { layers[id] = nil; continue }
                for field in values { layers[id, default: [:]][field.key] = field.value }
            }
            return true
        }

        /// The first value (in layer id order) on which `self` (now) and `golden` disagree beyond the tolerances.
        func firstDifference(from golden: State) -> String? {
            for key in Set(fields.keys).union(golden.fields.keys).sorted() {
                let now = fields[key] ?? "-", then = golden.fields[key] ?? "-"
                if !agree(now, then, key: key) { return "\(key) is \(now), the golden has \(then)" }
            }
            for id in Set(layers.keys).union(golden.layers.keys).sorted() {
                guard let now = layers[id] else { return "layer '\(id)' is gone; the golden has it" }
                guard let then = golden.layers[id] else { return "layer '\(id)' is drawn; the golden has no such layer" }
                for key in Set(now.keys).union(then.keys).sorted() {
                    let a = now[key] ?? "-", b = then[key] ?? "-"
                    if !agree(a, b, key: key) { return "layer '\(id)' \(key) is \(a), the golden has \(b)\(tolerance(key))" }
                }
            }
            return nil
        }

        private func agree(_ a: String, _ b: String, key: String) -> Bool {
            guard a != b else { return true }
            let x = a.split(separator: ";").flatMap { $0.split(separator: ",") }.map { Double($0) }
            let y = b.split(separator: ";").flatMap { $0.split(separator: ",") }.map { Double($0) }
            guard x.count == y.count, !x.contains(nil), !y.contains(nil) else { return false }
            for (i, (p, q)) in zip(x, y).enumerated() {
                let allowed = (key == "transform" && i < 4) || key == "alpha" || key == "progress" || key == "shadow"
                    ? fractionTolerance : pointTolerance
                guard let p, let q, abs(p - q) <= allowed + 1e-9 else { return false }
            }
            return true
        }

        private func tolerance(_ key: String) -> String {
            key == "alpha" || key == "shadow" ? " (beyond \(fractionTolerance))" : key == "tone" ? "" : " (beyond \(pointTolerance) pt)"
        }
    }
}
