import Foundation
import Geometry
import Motion
import Yams

/// Reads scene files (YAML, or JSON with the same structure) into validated `Scene` values.
public enum SceneLoader {
    /// Loads and validates the scene at `url`; throws `SceneError` listing every problem.
    public static func load(contentsOf url: URL) throws -> Scene {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw SceneError([Diagnostic(location: SourceLocation(file: url.path, line: 1, column: 1),
                                         message: "cannot read the scene file: \(error.localizedDescription)")])
        }
        let name = url.deletingPathExtension().lastPathComponent
        return try load(text: text, file: url.path, name: name)
    }

    /// Loads and validates scene `text`; `file` names it in diagnostics.
    public static func load(text: String, file: String, name: String) throws -> Scene {
        // JSON is read as YAML: tabs are only ever whitespace in JSON, and YAML rejects them
        // in places JSON allows, so each becomes one space (columns are unchanged).
        let source = file.lowercased().hasSuffix(".json") ? text.replacingOccurrences(of: "\t", with: " ") : text
        let root: Node?
        do {
            root = try Yams.compose(yaml: source)
        } catch let error as YamlError {
            throw SceneError([diagnostic(for: error, file: file)])
        } catch {
            throw SceneError([Diagnostic(location: SourceLocation(file: file, line: 1, column: 1), message: "\(error)")])
        }
        guard let root else {
            throw SceneError([Diagnostic(location: SourceLocation(file: file, line: 1, column: 1),
                                         message: "the scene file is empty; expected a mapping with 'screens', 'root' and 'timeline'")])
        }
        let reader = NodeReader(file: file)
        var decoder = SceneDecoder(reader: reader, name: name)
        let scene = decoder.decode(root)
        if let scene, reader.diagnostics.isEmpty { return scene }
        throw SceneError(reader.diagnostics.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) })
    }

    private static func diagnostic(for error: YamlError, file: String) -> Diagnostic {
        func at(_ mark: Mark, _ message: String) -> Diagnostic {
            Diagnostic(location: SourceLocation(file: file, line: mark.line, column: mark.column), message: message)
        }
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            let prefix = context.map { "\($0.text) (line \($0.mark.line)): " } ?? ""
            return at(mark, "invalid YAML/JSON: \(prefix)\(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            return at(context.mark, "duplicate keys: \(duplicates.joined(separator: ", "))")
        default:
            return Diagnostic(location: SourceLocation(file: file, line: 1, column: 1), message: "invalid YAML/JSON: \(error)")
        }
    }
}

/// Turns the document's nodes into a `Scene`, one section at a time.
struct SceneDecoder {
    let reader: NodeReader
    let name: String
    var appearance: Appearance = .light

    init(reader: NodeReader, name: String) {
        self.reader = reader
        self.name = name
    }

    static let topLevelKeys = ["device", "size", "scale", "appearance", "fps", "duration", "tail", "touches",
                               "background", "screens", "root", "styles", "transitions", "timeline", "snapshots"]

    mutating func decode(_ root: Node) -> Scene? {
        guard let fields = reader.mapping(root, "a scene", allowed: Self.topLevelKeys) else { return nil }
        let r = reader

        if let node = fields["appearance"], let value = r.choice(node, "appearance", Appearance.self) { appearance = value }
        var device = Device.presets["iphone-15"] ?? Device(name: "iphone-15", size: Size(width: 393, height: 852), scale: 3)
        if let node = fields["device"] { device = decodeDevice(node) ?? device }
        if let node = fields["size"], let size = r.size(node, "size") {
            device.size = size
            device.name = "custom"
        }
        if let node = fields["scale"], let scale = r.double(node, "scale", range: 0.25...4) { device.scale = scale }

        let fps = fields["fps"].flatMap { r.int($0, "fps", range: 1...240) } ?? 60
        let duration = fields["duration"].flatMap { r.double($0, "duration", exclusiveMin: 0) }
        let tail = fields["tail"].flatMap { r.double($0, "tail", range: 0...60) } ?? 0.5
        let touches = fields["touches"].flatMap { r.bool($0, "touches") } ?? true
        var background = Color.black
        if let node = fields["background"] {
            if node.scalar?.string == "transparent" {
                background = .clear
            } else if let color = r.color(node, "background", appearance: appearance) {
                background = color
            }
        }

        var screens: [String: ScreenSpec] = [:]
        var order: [String] = []
        if let node = fields["screens"] {
            if let screenFields = r.mapping(node, "screens") {
                for entry in screenFields.entries {
                    if let screen = decodeScreen(name: entry.name, entry.value) {
                        screens[entry.name] = screen
                        order.append(entry.name)
                    }
                }
                if screenFields.entries.isEmpty { r.error(node, "a scene needs at least one screen") }
            }
        } else {
            r.error(root, "missing key 'screens': the screens the scene shows")
        }

        var rootName = order.first ?? ""
        if let node = fields["root"], let value = r.string(node, "root screen") {
            if screens[value] == nil && !order.isEmpty {
                r.error(node, "unknown screen '\(value)'; screens are: \(order.joined(separator: ", "))")
            }
            rootName = value
        } else if fields["root"] == nil && !order.isEmpty && fields["screens"] != nil {
            rootName = order[0]
        }

        let styles = fields["styles"].map { CustomStyleDecoder(reader: r).decodeStyles($0) } ?? []

        var transitions: [TransitionSpec] = []
        if let node = fields["transitions"], let items = r.sequence(node, "transitions") {
            for item in items {
                if let transition = decodeTransition(item, screens: screens, order: order) { transitions.append(transition) }
            }
        }

        var timeline: [TimelineEntry] = []
        if let node = fields["timeline"], let items = r.sequence(node, "timeline") {
            for item in items {
                if let entry = decodeEntry(item, screens: screens, order: order) { timeline.append(entry) }
            }
        }
        checkTouchesDoNotOverlap(timeline)
        timeline = timeline.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)

        var snapshots: [SnapshotSpec] = []
        if let node = fields["snapshots"], let items = r.sequence(node, "snapshots") {
            snapshots = items.compactMap { decodeSnapshot($0) }
            var seen: [String: SourceLocation] = [:]
            for snapshot in snapshots {
                if let first = seen[snapshot.name] {
                    r.error(at: snapshot.location, "snapshot name '\(snapshot.name)' is already used on line \(first.line)")
                }
                seen[snapshot.name] = snapshot.location
            }
        }

        var scene = Scene(name: name, file: reader.file, device: device, appearance: appearance, fps: fps,
                          duration: duration, tail: tail, showsTouches: touches, screens: screens, screenOrder: order,
                          root: rootName, transitions: transitions, timeline: timeline, snapshots: snapshots,
                          background: background)
        scene.styles = styles
        return scene
    }

    // MARK: Device

    func decodeDevice(_ node: Node) -> Device? {
        let r = reader
        if node.scalar != nil {
            guard let name = r.string(node, "device") else { return nil }
            if let preset = Device.presets[name] { return preset }
            let names = Device.presets.keys.sorted()
            let hint = r.closest(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
            r.error(node, "unknown device '\(name)'\(hint); expected one of: \(names.joined(separator: ", "))")
            return nil
        }
        guard let fields = r.mapping(node, "a device", allowed: ["preset", "size", "scale", "cornerRadius", "safeArea"]) else { return nil }
        var device = Device(name: "custom", size: Size(width: 393, height: 852), scale: 3)
        if let preset = fields["preset"] { device = decodeDevice(preset) ?? device }
        if let size = fields["size"].flatMap({ r.size($0, "device size") }) {
            device.size = size
            device.name = "custom"
        }
        if let scale = fields["scale"].flatMap({ r.double($0, "device scale", range: 0.25...4) }) { device.scale = scale }
        if let radius = fields["cornerRadius"].flatMap({ r.double($0, "device cornerRadius", range: 0...500) }) {
            device.cornerRadius = radius
        }
        if let insets = fields["safeArea"].flatMap({ r.numbers($0, "device safeArea [top, bottom]", count: 2) }) {
            device.safeAreaTop = insets[0]
            device.safeAreaBottom = insets[1]
        }
        return device
    }

    // MARK: Transitions

    func decodeTransition(_ node: Node, screens: [String: ScreenSpec], order: [String]) -> TransitionSpec? {
        let r = reader
        // Any other key is a setting of the style, checked once the style is known.
        guard let fields = r.mapping(node, "a transition") else { return nil }
        func screenName(_ key: String) -> String? {
            guard let value = fields[key] else {
                r.error(node, "missing key '\(key)' (a screen name) in transition")
                return nil
            }
            guard let name = r.string(value, "'\(key)' screen") else { return nil }
            if screens[name] == nil, !order.isEmpty {
                r.error(value, "unknown screen '\(name)'; screens are: \(order.joined(separator: ", "))")
                return nil
            }
            return name
        }
        let from = screenName("from")
        let to = screenName("to")
        if fields["style"] == nil {
            r.error(node, "missing key 'style' (a built-in style such as slide-up-modal, or one declared under 'styles')")
        }
        let style = fields["style"].flatMap { r.string($0, "transition style") }
        let settings = StyleSettings(file: r.file, entries: fields.entries.filter { !["from", "to", "style"].contains($0.name) })
        guard let from, let to, let style else { return nil }
        return TransitionSpec(from: from, to: to, style: style, location: r.location(node),
                              styleLocation: r.location(fields["style"]), settings: settings)
    }

    // MARK: Timeline

    static let actionKeys = ["present", "dismiss", "push", "pop", "pan", "swipe", "tap"]

    func decodeEntry(_ node: Node, screens: [String: ScreenSpec], order: [String]) -> TimelineEntry? {
        let r = reader
        guard let fields = r.mapping(node, "a timeline entry", allowed: ["at"] + Self.actionKeys) else { return nil }
        guard let atNode = fields["at"] else {
            r.error(node, "missing key 'at' (seconds from the start) in timeline entry")
            return nil
        }
        let time = r.double(atNode, "'at' time", range: 0...86_400)
        let actions = fields.entries.filter { $0.name != "at" }
        guard actions.count == 1, let entry = actions.first else {
            r.error(node, "a timeline entry has exactly one action (\(Self.actionKeys.joined(separator: ", "))), found \(actions.count)")
            return nil
        }
        let action: Action?
        switch entry.name {
        case "present", "push":
            if let name = r.string(entry.value, "screen to \(entry.name)") {
                if screens[name] == nil, !order.isEmpty {
                    r.error(entry.value, "unknown screen '\(name)'; screens are: \(order.joined(separator: ", "))")
                    action = nil
                } else {
                    action = entry.name == "push" ? .push(name) : .present(name)
                }
            } else {
                action = nil
            }
        case "dismiss":
            action = .dismiss
        case "pop":
            action = .pop
        case "pan":
            action = decodePan(entry.value).map(Action.touch)
        case "tap":
            action = r.point(entry.value, "tap location").map {
                // A finger down and up in place, as short as a quick tap.
                .touch([TouchSample(time: 0, location: $0), TouchSample(time: 0.08, location: $0)])
            }
        default:
            action = decodeSwipe(entry.value).map(Action.touch)
        }
        guard let time, let action else { return nil }
        return TimelineEntry(time: time, action: action, location: r.location(node))
    }

    func decodePan(_ node: Node) -> [TouchSample]? {
        let r = reader
        guard let items = r.sequence(node, "pan samples [[t, x, y], ...]") else { return nil }
        var samples: [TouchSample] = []
        for item in items {
            guard let v = r.numbers(item, "a pan sample [t, x, y]", count: 3) else { return nil }
            if let last = samples.last, v[0] < last.time {
                r.error(item, "pan sample times must not decrease: \(v[0]) comes after \(last.time)")
                return nil
            }
            if v[0] < 0 {
                r.error(item, "pan sample times are seconds from the entry's 'at' and cannot be negative")
                return nil
            }
            samples.append(TouchSample(time: v[0], location: Point(x: v[1], y: v[2])))
        }
        if samples.count < 2 {
            r.error(node, "a pan needs at least two samples (touch down and touch up)")
            return nil
        }
        return samples
    }

    func decodeSwipe(_ node: Node) -> [TouchSample]? {
        let r = reader
        guard let fields = r.mapping(node, "a swipe", allowed: ["from", "to", "duration", "curve", "rate", "hold"]) else { return nil }
        let from = fields["from"].flatMap { r.point($0, "swipe 'from'") }
        let to = fields["to"].flatMap { r.point($0, "swipe 'to'") }
        if fields["from"] == nil { r.error(node, "missing key 'from' [x, y] in swipe") }
        if fields["to"] == nil { r.error(node, "missing key 'to' [x, y] in swipe") }
        let duration = fields["duration"].flatMap { r.double($0, "swipe duration", exclusiveMin: 0) } ?? 0.25
        let rate = fields["rate"].flatMap { r.double($0, "swipe sample rate", range: 10...1000) } ?? 120
        let hold = fields["hold"].flatMap { r.double($0, "swipe hold", range: 0...60) } ?? 0
        var curve = CubicTimingCurve.linear
        if let node = fields["curve"] { curve = CurveDecoder(reader: r).decode(node) ?? curve }
        guard let from, let to else { return nil }
        return SwipeSynthesizer(from: from, to: to, duration: duration, curve: curve, rate: rate, hold: hold).samples()
    }

    func decodeSnapshot(_ node: Node) -> SnapshotSpec? {
        let r = reader
        guard let fields = r.mapping(node, "a snapshot", allowed: ["at", "progress", "transition", "name"]) else { return nil }
        let name = fields["name"].flatMap { r.string($0, "snapshot name") }
        if let name, name.isEmpty || name.contains("/") || name.hasPrefix(".") {
            r.error(fields["name"], "a snapshot name is a plain file name (no '/', not starting with '.'), found '\(name)'")
        }
        if let at = fields["at"] {
            if fields["progress"] != nil || fields["transition"] != nil {
                r.error(node, "a snapshot is either { at: seconds } or { progress: p, transition: index }, not both")
                return nil
            }
            guard let time = r.double(at, "snapshot time", range: 0...86_400) else { return nil }
            return SnapshotSpec(point: .time(time), name: name ?? "t\(SnapshotSpec.format(time))", location: r.location(node))
        }
        guard let progressNode = fields["progress"] else {
            r.error(node, "a snapshot needs 'at' (seconds) or 'progress' (0 to 1, with 'transition')")
            return nil
        }
        let progress = r.double(progressNode, "snapshot progress", range: 0...1)
        let transition = fields["transition"].flatMap { r.int($0, "snapshot transition index", range: 0...10_000) } ?? 0
        guard let progress else { return nil }
        return SnapshotSpec(point: .progress(progress, transition: transition),
                            name: name ?? "transition\(transition)-p\(SnapshotSpec.format(progress))", location: r.location(node))
    }

    func checkTouchesDoNotOverlap(_ entries: [TimelineEntry]) {
        var spans: [(start: Double, end: Double, entry: TimelineEntry)] = []
        for entry in entries {
            if case .touch(let samples) = entry.action, let last = samples.last {
                spans.append((entry.time + (samples.first?.time ?? 0), entry.time + last.time, entry))
            }
        }
        spans.sort { $0.start < $1.start }
        for (previous, next) in zip(spans, spans.dropFirst()) where next.start < previous.end {
            reader.error(at: next.entry.location,
                         "this touch begins at \(next.start) s while the touch of line \(previous.entry.location.line) is still down (until \(previous.end) s); one finger at a time")
        }
    }
}

/// Synthesizes a finger trace: touch down at `from`, optionally hold, move to `to` over
/// `duration` shaped by `curve`, sampled at `rate` Hz, lift at `to`.
public struct SwipeSynthesizer: Sendable {
    public var from: Point, to: Point, duration: Double, curve: CubicTimingCurve, rate: Double, hold: Double

    public init(from: Point, to: Point, duration: Double, curve: CubicTimingCurve = .linear, rate: Double = 120, hold: Double = 0) {
        self.from = from
        self.to = to
        self.duration = duration
        self.curve = curve
        self.rate = rate
        self.hold = hold
    }

    public func samples() -> [TouchSample] {
        var samples = [TouchSample(time: 0, location: from)]
        let count = max(Int((duration * rate).rounded(.up)), 1)
        for i in 1...count {
            let x = Double(i) / Double(count)
            samples.append(TouchSample(time: hold + duration * x, location: from.interpolated(to: to, fraction: curve.value(at: x))))
        }
        return samples
    }
}
