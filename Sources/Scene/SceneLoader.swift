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
            if let problem = RegularFile.problem(at: url.path, limit: Limits.sceneBytes) {
                throw SceneError([Diagnostic(location: SourceLocation(file: url.path, line: 1, column: 1),
                                             message: "cannot read the scene file: \(problem)")])
            }
            text = try String(contentsOf: url, encoding: .utf8)
        } catch let error as SceneError {
            throw error
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
        if let overrun = AliasBudget.overrun(in: source, limit: Limits.aliasedNodes) {
            throw SceneError([Diagnostic(location: SourceLocation(file: file, line: overrun.line, column: overrun.column), message:
                "alias '*\(overrun.anchor)' brings the nodes the aliases repeat to \(overrun.total), over the limit of \(Limits.aliasedNodes) nodes; write the repeated part out, or repeat it fewer times")])
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: source)
        } catch let error as YamlError {
            throw SceneError([diagnostic(for: error, file: file, text: source)])
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

    private static func diagnostic(for error: YamlError, file: String, text: String) -> Diagnostic {
        func at(_ mark: Mark, _ message: String) -> Diagnostic {
            // The parser marks the end of a file without a final newline on the line after the
            // last; such a problem is at the end of the last line.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let lineCount = text.hasSuffix("\n") ? lines.count - 1 : lines.count
            if mark.line > lineCount, lineCount > 0 {
                let last = lines[lineCount - 1]
                return Diagnostic(location: SourceLocation(file: file, line: lineCount, column: last.count + 1), message: message)
            }
            return Diagnostic(location: SourceLocation(file: file, line: mark.line, column: mark.column), message: message)
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
    private(set) var reader: NodeReader
    let name: String
    var appearance: Appearance = .light
    /// The image files checked so far, to check each once and keep them within `Limits.pixelMemory`.
    let images = ImageFiles()
    /// Every file read so far besides the scene file (`Scene.readFiles`).
    let reads = ReadFiles()
    /// The names the scene gives its screens, known before any screen is decoded, for the
    /// screens a bar button's action pushes or presents.
    let screenNames = ScreenNames()
    /// The scene's own fonts by family name (`fonts:`), read before the screens.
    var fonts: [String: CustomFont] = [:]

    init(reader: NodeReader, name: String) {
        self.reader = reader
        self.name = name
    }

    /// In the dark appearance each screen read again with its system colours at the elevated
    /// level, for where a sheet shows it (`ScreenSpec.elevated`). The first reading reported every
    /// problem; the second's reader keeps its own, unread.
    private func elevate(_ screens: inout [String: ScreenSpec], _ entries: [(name: String, key: Node, value: Node)]) {
        var elevated = self
        elevated.reader = NodeReader(file: reader.file, level: .elevated)
        for entry in entries where screens[entry.name] != nil {
            if let spec = elevated.decodeScreen(name: entry.name, entry.value) { screens[entry.name]?.elevated = ElevatedScreen(spec) }
        }
    }

    mutating func decode(_ root: Node) -> Scene? {
        typealias K = SceneKeys
        guard let fields = reader.mapping(root, K.mapping) else { return nil }
        let r = reader

        appearance = r.value(fields, K.appearance)
        var device = Device.presets["iphone-15"] ?? Device(name: "iphone-15", size: Size(width: 393, height: 852), scale: 3)
        if let node = fields["device"] { device = decodeDevice(node) ?? device }
        if let size = r.value(fields, K.size) {
            device.size = size
            device.name = "custom"
        }
        if let scale = r.value(fields, K.scale) { device.scale = scale }

        let fps = r.value(fields, K.fps)
        let duration = r.value(fields, K.duration)
        let tail = r.value(fields, K.tail)
        let touches = r.value(fields, K.touches)
        var background = Color.black
        if let node = fields["background"] {
            if node.scalar?.string == "transparent" {
                background = .clear
            } else if let color = r.color(node, "background", appearance: appearance) {
                background = color
            }
        }

        if let node = fields["fonts"] { fonts = decodeFonts(node) }

        var screens: [String: ScreenSpec] = [:]
        var order: [String] = []
        images.prefetch(namedPNGFiles(in: root))
        if let node = fields["screens"] {
            if let count = node.mapping?.count, count > Limits.screens {
                r.error(node, "\(count) screens is over the limit of \(Limits.screens) screens")
            } else if let screenFields = r.mapping(node, "screens") {
                screenNames.names = screenFields.names
                for entry in screenFields.entries {
                    if let screen = decodeScreen(name: entry.name, entry.value) {
                        screens[entry.name] = screen
                        order.append(entry.name)
                    }
                }
                if appearance == .dark { elevate(&screens, screenFields.entries) }
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
        var tabs: TabBarController?
        if let node = fields["tabs"] {
            if let key = fields.key("root") {
                r.error(key, "a scene starts at one screen ('root') or in a tab bar controller ('tabs'), not both; give each tab its 'root'")
            }
            tabs = decodeTabs(node, screens: screens, order: order)
            if let tabs { rootName = tabs.roots[tabs.bar.selected] }
            checkNoScreenTabBars(fields["screens"])
        }

        let styles = fields["styles"].map { CustomStyleDecoder(reader: r).decodeStyles($0) } ?? []

        var transitions: [TransitionSpec] = []
        if let node = fields["transitions"], let items = r.sequence(node, "transitions") {
            for item in items {
                guard let transition = decodeTransition(item, screens: screens, order: order) else { continue }
                if let first = transitions.first(where: { $0.from == transition.from && $0.to == transition.to }) {
                    r.error(at: transition.location, "a transition from '\(transition.from)' to '\(transition.to)' is already declared on line \(first.location.line); one transition per pair of screens")
                    continue
                }
                transitions.append(transition)
            }
        }

        var timeline: [TimelineEntry] = []
        if let node = fields["timeline"], let items = r.sequence(node, "timeline") {
            for item in items {
                if let entry = decodeEntry(item, screens: screens, order: order, device: device) { timeline.append(entry) }
            }
        }
        // Each finger's samples as they play at the file's frame rate, synthesized once for both checks.
        let fingers = timeline.map { ($0, $0.samples(framesPerSecond: fps)) }
        checkTouchesDoNotOverlap(fingers)
        let sampleCount = fingers.reduce(0) { total, finger in total + (finger.1?.count ?? 0) }
        if sampleCount > Limits.samples, let node = fields["timeline"] {
            r.error(node, "the timeline's touches make \(sampleCount) samples, over the limit of \(Limits.samples) samples")
        }
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
        scene.tabs = tabs
        scene.readFiles = reads.paths
        for key in ["device", "size", "scale", "fps", "duration", "screens", "timeline"] {
            if let node = fields[key] { scene.keyLocations[key] = r.location(node) }
        }
        for problem in Limits.check(scene) { r.error(at: problem.location, problem.message) }
        return scene
    }

    /// With `tabs:`, the tab bar is the controller's: a screen's own `tabBar` would draw a second one.
    private func checkNoScreenTabBars(_ screens: Node?) {
        for (name, screen) in screens?.mapping ?? [:] {
            guard let key = screen.mapping?.first(where: { $0.key.scalar?.string == "tabBar" })?.key else { continue }
            reader.error(key, "screen '\(name.scalar?.string ?? "")' has its own 'tabBar', but the scene's 'tabs' draw the tab bar over every tab; remove it (tab titles, icons and badges go in 'tabs: { items }')")
        }
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
        typealias K = DeviceKeys
        guard let fields = r.mapping(node, K.mapping) else { return nil }
        var device = Device(name: "custom", size: Size(width: 393, height: 852), scale: 3)
        if let preset = fields["preset"] { device = decodeDevice(preset) ?? device }
        if let size = r.value(fields, K.size, "device size") {
            device.size = size
            device.name = "custom"
        }
        if let scale = r.value(fields, K.scale, "device scale") { device.scale = scale }
        if let radius = r.value(fields, K.cornerRadius, "device cornerRadius") {
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
        guard let fields = r.mapping(node, TransitionKeys.mapping.what) else { return nil }
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
        if let from, from == to, let value = fields["to"] {
            // A screen is one view controller: UIKit raises when one already shown is presented or pushed again.
            r.error(value, "a transition from '\(from)' to itself: a screen is one view controller, which cannot be pushed or presented over itself; declare another screen for what it shows")
            return nil
        }
        if fields["style"] == nil {
            r.error(node, "missing key 'style' (a built-in style such as slide-up-modal, or one declared under 'styles')")
        }
        let style = fields["style"].flatMap { r.string($0, "transition style") }
        let settings = StyleSettings(file: r.file, entries: fields.entries.filter { TransitionKeys.mapping[$0.name] == nil })
        var tap: TapTrigger?
        if let node = fields["tap"], let trigger = r.mapping(node, TapTriggerKeys.mapping) {
            if trigger["list"] == nil { r.error(node, "missing key 'list' (a list or grid id) in tap") }
            let list = trigger["list"].flatMap { r.string($0, "list or grid id") }
            let index = r.value(trigger, TapTriggerKeys.index, "row or cell index")
            if let list, trigger["index"] == nil || index != nil { tap = TapTrigger(list: list, index: index) }
        }
        guard let from, let to, let style else { return nil }
        return TransitionSpec(from: from, to: to, style: style, location: r.location(node),
                              styleLocation: r.location(fields["style"]), settings: settings, tap: tap)
    }

    // MARK: Timeline

    func decodeEntry(_ node: Node, screens: [String: ScreenSpec], order: [String], device: Device) -> TimelineEntry? {
        let r = reader
        typealias K = EntryKeys
        guard let fields = r.mapping(node, K.mapping) else { return nil }
        guard fields["at"] != nil else {
            r.error(node, "missing key 'at' (seconds from the start) in timeline entry")
            return nil
        }
        let time = r.value(fields, K.at, "'at' time")
        let actions = fields.entries.filter { K.actionNames.contains($0.name) }
        guard actions.count == 1, let entry = actions.first else {
            r.error(node, "a timeline entry has exactly one action (\(K.actionNames.joined(separator: ", "))), found \(actions.count)")
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
            action = decodeTap(entry.value).map(Action.tap)
        case "scroll":
            action = decodeScroll(entry.value).map(Action.scroll)
        default:
            action = decodeSwipe(entry.value, device: device).map(Action.swipe)
        }
        var expect: Outcome?
        var expectedScroll: ExpectedScroll?
        var expectedDetent: String?
        if let node = fields["expect"] {
            if let mapping = node.mapping {
                // { scroll: { list, offset } } or { detent: NAME }: the key given says which.
                let keys = mapping.keys.compactMap { $0.scalar?.string }
                if keys.contains("scroll") && keys.contains("detent") {
                    r.error(node, "expect gives where a scroll comes to rest ({ scroll: … }) or the detent a sheet settles at ({ detent: … }), not both")
                } else if keys.contains("scroll") {
                    expectedScroll = decodeExpectedScroll(node)
                    expect = .scroll
                } else if keys.contains("detent") {
                    if let detentFields = r.mapping(node, ExpectDetentKeys.mapping) {
                        expectedDetent = r.value(detentFields, ExpectDetentKeys.detent)
                        if expectedDetent != nil { expect = .detent }
                    }
                } else {
                    let hint = keys.first.flatMap { r.closest(to: $0, in: ["scroll", "detent"]) }.map { " (did you mean '\($0)'?)" } ?? ""
                    r.error(node, "expected expect as { scroll: { list, offset } } or { detent: NAME }\(hint), found " +
                            (keys.isEmpty ? "an empty mapping" : "the keys " + keys.map { "'\($0)'" }.joined(separator: ", ")))
                }
            } else {
                expect = r.choice(node, "expect (the gesture's outcome: \(Outcome.allCases.map(\.rawValue).joined(separator: ", ")), { scroll: { list, offset } } or { detent: NAME })", Outcome.self)
            }
        }
        if let node = fields["expect"], let action, !TimelineEntry(time: 0, action: action, location: r.location(node)).isGesture {
            r.error(node, "'expect' goes with a gesture (pan, swipe or tap); '\(entry.name)' always does what it says")
        }
        let name = r.value(fields, K.name, "entry name")
        if let name, name.isEmpty || name.contains("/") || name.hasPrefix(".") {
            r.error(fields["name"], "an entry name is a plain file name (no '/', not starting with '.'), found '\(name)'")
        }
        guard let time, let action else { return nil }
        var decoded = TimelineEntry(time: time, action: action, location: r.location(node), expect: expect, name: name)
        decoded.expectedScroll = expectedScroll
        decoded.expectedDetent = expectedDetent
        return decoded
    }

    /// `expect: { scroll: { list: ID, offset: N, tolerance: T } }`.
    func decodeExpectedScroll(_ node: Node) -> ExpectedScroll? {
        let r = reader
        guard let fields = r.mapping(node, ExpectKeys.mapping) else { return nil }
        guard let scroll = fields["scroll"] else {
            r.error(node, "missing key 'scroll' ({ list: ID, offset: N }) in expect")
            return nil
        }
        guard let inner = r.mapping(scroll, ExpectKeys.scrollMapping) else { return nil }
        if inner["list"] == nil { r.error(scroll, "missing key 'list' (the list or grid id) in the expected scroll") }
        if inner["offset"] == nil { r.error(scroll, "missing key 'offset' (where it comes to rest, in points) in the expected scroll") }
        guard let list = r.value(inner, ExpectKeys.list, "list id"), let offset = r.value(inner, ExpectKeys.offset, "offset") else { return nil }
        return ExpectedScroll(list: list, offset: offset, tolerance: r.value(inner, ExpectKeys.tolerance, "tolerance"))
    }

    /// `scroll: { list: ID, to: N, position }`.
    func decodeScroll(_ node: Node) -> ScrollTarget? {
        let r = reader
        guard let fields = r.mapping(node, ScrollKeys.mapping) else { return nil }
        if fields["list"] == nil { r.error(node, "missing key 'list' (the list or grid id) in scroll") }
        if fields["to"] == nil { r.error(node, "missing key 'to' (the row or cell to bring into view) in scroll") }
        guard let list = r.value(fields, ScrollKeys.list, "list id"), let index = r.value(fields, ScrollKeys.to, "row or cell") else {
            return nil
        }
        return ScrollTarget(list: list, index: index, position: r.value(fields, ScrollKeys.position, "scroll position"))
    }

    /// `tap: [x, y]`, `tap: { list: ID, index: N }` (a row or cell), `tap: { view: ID }`,
    /// `tap: { tab: N }` (an item of the scene's tab bar) or `tap: { back: true }` (the back button).
    func decodeTap(_ node: Node) -> TapTarget? {
        let r = reader
        if node.sequence != nil { return r.point(node, "tap location").map(TapTarget.point) }
        guard let fields = r.mapping(node, TapKeys.mapping) else { return nil }
        if fields.entries.count > 1, let key = ["tab", "back", "barItem"].first(where: { fields[$0] != nil }) {
            r.error(fields.key(key), "'\(key)' is a tap target of its own; a tap has one of: [x, y], { list, index }, { view }, { tab }, { back }, { barItem }")
            return nil
        }
        if fields["barItem"] != nil {
            return r.value(fields, TapKeys.barItem).map(TapTarget.barItem)
        }
        if fields["tab"] != nil {
            return r.value(fields, TapKeys.tab).map(TapTarget.tab)
        }
        if let back = fields["back"] {
            guard let value = r.value(fields, TapKeys.back) else { return nil }
            if !value { r.error(back, "'back' takes true (a tap on the back button); leave it out otherwise") }
            return value ? .back : nil
        }
        if let view = fields["view"] {
            if fields["list"] != nil || fields["index"] != nil {
                r.error(node, "a tap is on a view ({ view: ID }) or on a row or cell ({ list: ID, index: N }), not both")
            }
            return r.string(view, "view id").map(TapTarget.view)
        }
        guard let list = fields["list"] else {
            r.error(node, "missing key 'list' (a list or grid id) or 'view' (a view id) in tap")
            return nil
        }
        let id = r.string(list, "list or grid id")
        let index: Int? = r.value(fields, TapKeys.index, "row or cell index")
        guard let id, let index else { return nil }
        return .cell(list: id, index: index)
    }

    func decodePan(_ node: Node) -> [TouchSample]? {
        let r = reader
        guard let items = r.sequence(node, "pan samples [[t, x, y], ...]", limit: Limits.samples) else { return nil }
        guard items.count <= Limits.samples else {
            r.error(node, "\(items.count) pan samples is over the limit of \(Limits.samples) samples")
            return nil
        }
        var samples: [TouchSample] = []
        for item in items {
            guard let v = r.numbers(item, "a pan sample [t, x, y]", count: 3) else { return nil }
            guard v[0] <= Limits.duration else {
                r.error(item.sequence?.first, "pan sample time \(Limits.format(v[0])) s is over the limit of \(Limits.format(Limits.duration)) s")
                return nil
            }
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

    /// A synthesized finger: `{ from, to, duration, curve, rate, hold }` point to point, or by
    /// intent, `{ direction | edge, distance, velocity, from, rate }`.
    func decodeSwipe(_ node: Node, device: Device) -> SynthesizedTouch? {
        let r = reader
        typealias K = SwipeKeys
        guard let fields = r.mapping(node, K.mapping) else { return nil }
        if fields["direction"] != nil || fields["edge"] != nil { return decodeIntentSwipe(fields, node: node, device: device) }
        for key in ["distance", "velocity", "x", "y"] where fields[key] != nil {
            r.error(fields.key(key), "'\(key)' goes with a swipe by 'direction' or 'edge'; this swipe goes from 'from' to 'to'")
        }
        let from = r.value(fields, K.from, "swipe 'from' [x, y]")
        let to = r.value(fields, K.to, "swipe 'to' [x, y]")
        if fields["from"] == nil { r.error(node, "missing key 'from' [x, y] in swipe (or give 'direction' or 'edge')") }
        if fields["to"] == nil { r.error(node, "missing key 'to' [x, y] in swipe (or give 'direction' or 'edge')") }
        let duration = r.value(fields, K.duration, "swipe duration")
        let rate = r.value(fields, K.rate, "swipe sample rate")
        let hold = r.value(fields, K.hold, "swipe hold")
        let count = duration * rate
        guard count <= Double(Limits.samples) else {
            r.error(fields["duration"] ?? fields["rate"], "a swipe of \(Limits.format(duration)) s at \(Limits.format(rate)) Hz makes \(Limits.format(count.rounded(.up))) samples, over the limit of \(Limits.samples) samples")
            return nil
        }
        let curve = r.value(fields, K.curve)
        guard let from, let to else { return nil }
        return .line(SwipeSynthesizer(from: from, to: to, duration: duration, curve: curve, rate: rate, hold: hold))
    }

    /// `{ direction: left | right | up | down, distance, velocity, from, rate }` or
    /// `{ edge: left | right | top | bottom, distance, velocity, x | y, rate }`.
    func decodeIntentSwipe(_ fields: Fields, node: Node, device: Device) -> SynthesizedTouch? {
        let r = reader
        typealias K = SwipeKeys
        let bounds = device.bounds
        for key in ["to", "duration", "curve", "hold"] where fields[key] != nil {
            r.error(fields.key(key), "'\(key)' goes with a swipe from 'from' to 'to'; a swipe by direction or edge takes distance, velocity and rate")
        }
        if fields["direction"] != nil, fields["edge"] != nil {
            r.error(node, "a swipe goes in a 'direction' or comes from an 'edge', not both")
        }
        var direction: SwipeDirection?
        var start: Point?
        if fields["direction"] != nil {
            direction = r.value(fields, K.direction, "swipe direction")
            start = fields["from"] == nil ? Point(x: bounds.midX, y: bounds.midY) : r.value(fields, K.from, "swipe 'from' [x, y]")
            for key in ["x", "y"] where fields[key] != nil {
                r.error(fields.key(key), "'\(key)' places an edge swipe along its edge; a swipe by direction starts at 'from'")
            }
        } else if let edge = r.value(fields, K.edge, "screen edge") {
            // 2 pt inside the edge, well within UIKit's edge zone; along it at x or y (default: the middle).
            let along = r.value(fields, edge.isHorizontal ? K.y : K.x)
            direction = edge.inward
            switch edge {
            case .left: start = Point(x: bounds.minX + 2, y: along ?? bounds.midY)
            case .right: start = Point(x: bounds.maxX - 2, y: along ?? bounds.midY)
            case .top: start = Point(x: along ?? bounds.midX, y: bounds.minY + 2)
            case .bottom: start = Point(x: along ?? bounds.midX, y: bounds.maxY - 2)
            }
            if fields["from"] != nil { r.error(fields.key("from"), "an edge swipe starts at its edge; place it along the edge with 'x' or 'y'") }
        }
        let span = direction.map { $0.isHorizontal ? bounds.width : bounds.height } ?? bounds.width
        var distance = span * 0.5
        if let node = fields["distance"] {
            if let text = node.scalar?.string, text.hasSuffix("%") {
                guard let percent = Double(text.dropLast()), percent > 0, percent <= 1000 else {
                    r.error(node, "expected a distance in points or a percentage of the screen like \"60%\", found '\(text)'")
                    return nil
                }
                distance = span * percent / 100
            } else if let points = r.double(node, "swipe distance (points, or \"N%\" of the screen)", range: 0...Limits.coordinate,
                                            exclusiveMin: 0) {
                distance = points
            } else {
                return nil
            }
        }
        let velocity = r.value(fields, K.velocity, "release velocity (pt/s)")
        let rate = r.value(fields, K.rate, "swipe sample rate")
        guard let direction, let start else { return nil }
        // Speeding up evenly to v over distance d takes 2d / v seconds.
        let count = (velocity > 0 ? 2 * distance / velocity : 0.3) * rate
        guard count <= Double(Limits.samples) else {
            r.error(fields["velocity"] ?? node, "a swipe of \(Limits.format(distance)) pt released at \(Limits.format(velocity)) pt/s makes \(Limits.format(count.rounded(.up))) samples at \(Limits.format(rate)) Hz, over the limit of \(Limits.samples) samples; release it faster")
            return nil
        }
        return .intent(IntentSwipe(from: start, direction: direction, distance: distance, releaseVelocity: velocity, rate: rate))
    }

    func decodeSnapshot(_ node: Node) -> SnapshotSpec? {
        let r = reader
        typealias K = SnapshotKeys
        guard let fields = r.mapping(node, K.mapping) else { return nil }
        let name = r.value(fields, K.name, "snapshot name")
        if let name, name.isEmpty || name.contains("/") || name.hasPrefix(".") {
            r.error(fields["name"], "a snapshot name is a plain file name (no '/', not starting with '.'), found '\(name)'")
        }
        if fields["at"] != nil {
            if fields["progress"] != nil || fields["transition"] != nil {
                r.error(node, "a snapshot is either { at: seconds } or { progress: p, transition: index }, not both")
                return nil
            }
            guard let time = r.value(fields, K.at, "snapshot time") else { return nil }
            return SnapshotSpec(point: .time(time), name: name ?? "t\(SnapshotSpec.format(time))", location: r.location(node))
        }
        guard fields["progress"] != nil else {
            r.error(node, "a snapshot needs 'at' (seconds) or 'progress' (0 to 1, with 'transition')")
            return nil
        }
        let progress = r.value(fields, K.progress, "snapshot progress")
        let transition = r.value(fields, K.transition, "snapshot transition index")
        guard let progress else { return nil }
        return SnapshotSpec(point: .progress(progress, transition: transition),
                            name: name ?? "transition\(transition)-p\(SnapshotSpec.format(progress))", location: r.location(node))
    }

    func checkTouchesDoNotOverlap(_ fingers: [(entry: TimelineEntry, samples: [TouchSample]?)]) {
        var spans: [(start: Double, end: Double, entry: TimelineEntry)] = []
        for (entry, samples) in fingers {
            if let samples, let last = samples.last {
                spans.append((entry.time + (samples.first?.time ?? 0), entry.time + last.time, entry))
            } else if case .tap = entry.action {
                spans.append((entry.time, entry.time + TapTarget.duration, entry))
            }
        }
        spans.sort { $0.start < $1.start }
        for (previous, next) in zip(spans, spans.dropFirst()) where next.start < previous.end {
            reader.error(at: next.entry.location,
                         "this touch begins at \(next.start) s while the touch of line \(previous.entry.location.line) is still down (until \(previous.end) s); one finger at a time")
        }
    }
}

/// A finger synthesized from a few numbers (`swipe:`), point to point or by intent.
///
/// UIKit hands touches to gesture recognizers once per display refresh, coalescing the samples a
/// faster digitizer took in between (Apple, "Getting high-fidelity input with coalesced
/// touches"): what a recognizer — and a view following it — sees changes once per frame, by
/// the samples of that frame. So a synthesized finger is sampled a whole number of times per
/// video frame: its `rate` rounded to the nearest multiple of the frame rate, and at least the
/// frame rate. A linear swipe then moves by equal steps on every frame at any `rate` and fps, and
/// no frame repeats the one before while the finger moves.
public enum SynthesizedTouch: Sendable, Hashable {
    case line(SwipeSynthesizer)
    case intent(IntentSwipe)

    /// The samples for a video at `fps` frames per second; nil: at the swipe's own `rate`.
    public func samples(framesPerSecond fps: Int?) -> [TouchSample] {
        switch self {
        case .line(var swipe):
            swipe.rate = Self.rate(swipe.rate, framesPerSecond: fps)
            return swipe.samples()
        case .intent(var swipe):
            swipe.rate = Self.rate(swipe.rate, framesPerSecond: fps)
            return swipe.samples()
        }
    }

    /// `rate` as a whole number (at least one) of samples per frame at `fps`.
    public static func rate(_ rate: Double, framesPerSecond fps: Int?) -> Double {
        guard let fps, fps > 0 else { return rate }
        let perFrame = max((rate / Double(fps)).rounded(), 1)
        return perFrame * Double(fps)
    }
}

/// Synthesizes a finger trace: touch down at `from`, optionally hold, move to `to` over
/// `duration` shaped by `curve`, sampled at `rate` Hz, lift at `to`.
public struct SwipeSynthesizer: Sendable, Hashable {
    public var from: Point, to: Point, duration: Double, curve: CubicTimingCurve, rate: Double, hold: Double

    public init(from: Point, to: Point, duration: Double, curve: CubicTimingCurve = .linear, rate: Double = 120, hold: Double = 0) {
        self.from = from
        self.to = to
        self.duration = duration
        self.curve = curve
        self.rate = rate
        self.hold = hold
    }

    /// Touch down at 0; after `hold`, a sample every 1 / `rate` s and one at the end, so samples
    /// fall a whole number of times into every frame of a video whose rate divides `rate`.
    public func samples() -> [TouchSample] {
        var samples = [TouchSample(time: 0, location: from)]
        // Samples strictly inside the movement; a step within 1 µs of the end is the end. Not
        // capped: the loader and the timeline check `Limits.samples` on what this returns, and
        // `duration` (at most `Limits.duration`) times `rate` (at most 1000 Hz, rounded to a
        // multiple of at most 240 fps) bounds it.
        let inside = Swift.max(Int(saturating: (duration * rate - 1e-6).rounded(.up)) - 1, 0)
        for i in stride(from: 1, through: inside, by: 1) {
            let t = Double(i) / rate
            samples.append(TouchSample(time: hold + t, location: from.interpolated(to: to, fraction: curve.value(at: t / duration))))
        }
        samples.append(TouchSample(time: hold + duration, location: to))
        return samples
    }
}

/// Which way a swipe by intent moves.
public enum SwipeDirection: String, Sendable, CaseIterable {
    case left, right, up, down

    var isHorizontal: Bool { self == .left || self == .right }

    /// The unit vector of the movement (y down).
    var unit: Point {
        switch self {
        case .left: return Point(x: -1, y: 0)
        case .right: return Point(x: 1, y: 0)
        case .up: return Point(x: 0, y: -1)
        case .down: return Point(x: 0, y: 1)
        }
    }
}

/// The screen edge an edge swipe comes from.
public enum SwipeEdge: String, Sendable, CaseIterable {
    case left, right, top, bottom

    var isHorizontal: Bool { self == .left || self == .right }

    /// The direction that leaves the edge.
    var inward: SwipeDirection {
        switch self {
        case .left: return .right
        case .right: return .left
        case .top: return .down
        case .bottom: return .up
        }
    }
}

/// A finger swiped by intent, sampled like a touchscreen: it speeds up from rest (constant
/// acceleration) and covers its last three samples at exactly `releaseVelocity`, so the pan's
/// release velocity — 0.2 × the latest sample's velocity + 0.8 × the one before
/// (docs/uikit-semantics.md#gestures) — is exactly the one asked for. A release velocity of 0
/// eases to a stop and holds still for three samples before lifting.
public struct IntentSwipe: Sendable, Hashable {
    public var from: Point
    public var direction: SwipeDirection
    public var distance: Double
    public var releaseVelocity: Double
    public var rate: Double

    public func samples() -> [TouchSample] {
        let dt = 1 / rate, unit = direction.unit
        func sample(_ step: Int, _ travel: Double) -> TouchSample {
            TouchSample(time: Double(step) * dt, location: Point(x: from.x + unit.x * travel, y: from.y + unit.y * travel))
        }
        var out = [sample(0, 0)]
        if releaseVelocity <= 0 {
            // Ease in and out over about 0.3 s, then hold still.
            let steps = max(Int(saturating: (0.3 * rate).rounded()), 2)
            for i in 1...steps {
                let x = Double(i) / Double(steps)
                out.append(sample(i, distance * x * x * (3 - 2 * x)))
            }
            for i in 1...3 { out.append(sample(steps + i, distance)) }
            return out
        }
        // The last three steps at the release velocity, the rest speeding up evenly.
        let cruise = min(distance, 3 * releaseVelocity * dt)
        let cruiseSteps = max(Int(saturating: (cruise / (releaseVelocity * dt)).rounded(.up)), 1)
        let step = cruise / Double(cruiseSteps)
        let speedUp = distance - cruise
        let speedUpSteps = speedUp > 0 ? max(Int(saturating: (2 * speedUp / (releaseVelocity * dt)).rounded()), 1) : 0
        for i in stride(from: 1, through: speedUpSteps, by: 1) {
            let x = Double(i) / Double(speedUpSteps)
            out.append(sample(i, speedUp * x * x))
        }
        for i in 1...cruiseSteps {
            out.append(sample(speedUpSteps + i, speedUp + step * Double(i)))
        }
        return out
    }
}
