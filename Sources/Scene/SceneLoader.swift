internal import CMalloc
import Foundation
import Geometry
import Motion

/// Reads scene files (YAML, or JSON with the same structure) into validated `Scene` values.
public enum SceneLoader {
    /// Loads and validates the scene at `url`; throws `SceneError` listing every problem.
    public static func load(contentsOf url: URL, traits: SceneTraits = SceneTraits()) throws -> Scene {
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
        return try load(text: text, file: url.path, name: name, traits: traits)
    }

    /// Loads and validates scene `text`; `file` names it in diagnostics.
    public static func load(text: String, file: String, name: String, traits: SceneTraits = SceneTraits()) throws -> Scene {
        defer {
            // The document's nodes are gone by now: a long list's are hundreds of megabytes of
            // small blocks, which the allocator would otherwise keep for this thread alone while
            // the render's threads allocate afresh (malloc_trim(3) gives the free pages back).
            malloc_trim(0)
        }
        return try decode(text: text, file: file, name: name, traits: traits)
    }

    private static func decode(text: String, file: String, name: String, traits: SceneTraits) throws -> Scene {
        // JSON is read as YAML: tabs are only ever whitespace in JSON, and YAML rejects them
        // in places JSON allows, so each becomes one space (columns are unchanged).
        let source = file.lowercased().hasSuffix(".json") ? text.replacingOccurrences(of: "\t", with: " ") : text
        let document: SceneDocument?
        do {
            document = try SceneDocument.compose(source, aliasLimit: Limits.aliasedNodes)
        } catch {
            throw SceneError([Diagnostic(location: SourceLocation(file: file, line: error.line, column: error.column),
                                         message: error.message)])
        }
        guard let root = document?.root else {
            throw SceneError([Diagnostic(location: SourceLocation(file: file, line: 1, column: 1),
                                         message: "the scene file is empty; expected a mapping with 'screens', 'root' and 'timeline'")])
        }
        let reader = NodeReader(file: file)
        var decoder = SceneDecoder(reader: reader, name: name, traits: traits)
        let scene = decoder.decode(root)
        if let scene, reader.diagnostics.isEmpty { return scene }
        var error = SceneError(reader.diagnostics.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) })
        error.readFiles = decoder.readFiles
        throw error
    }
}

/// Turns the document's nodes into a `Scene`, one section at a time: the scene's own keys, its
/// device and transitions here; screens, views and bars through the other `DecodingPart`s, and
/// the timeline through `TimelineDecoder`.
struct SceneDecoder: DecodingPart {
    private(set) var context: DecodingContext
    let name: String
    /// What the command line plays the scene at instead of its own keys.
    let traits: SceneTraits

    init(reader: NodeReader, name: String, traits: SceneTraits = SceneTraits()) {
        context = DecodingContext(reader: reader)
        self.name = name
        self.traits = traits
    }

    /// In the dark appearance each screen read again with its system colours at the elevated
    /// level, for where a sheet shows it (`ScreenSpec.elevated`). The first reading reported every
    /// problem; the second's reader keeps its own, unread.
    private func elevate(_ screens: inout [String: ScreenSpec], _ entries: [(name: String, key: Node, value: Node)]) {
        var elevated = context
        elevated.reader = NodeReader(file: reader.file, level: .elevated)
        let views = ViewDecoder(context: elevated)
        for entry in entries where screens[entry.name] != nil {
            if let spec = views.decodeScreen(name: entry.name, entry.value) { screens[entry.name]?.elevated = ElevatedScreen(spec) }
        }
    }

    mutating func decode(_ root: Node) -> Scene? {
        typealias K = SceneKeys
        guard let fields = reader.mapping(root, K.mapping) else { return nil }
        let r = reader

        context.appearance = traits.appearance ?? r.value(fields, K.appearance)
        context.contentSize = traits.contentSize ?? r.value(fields, K.contentSize)
        let motion = traits.motion ?? r.value(fields, K.motion)
        var device = Device.presets[Device.defaultPresetName] ?? Device(name: "custom", size: Size(width: 393, height: 852), scale: 3)
        if let node = fields[K.device] { device = decodeDevice(node) ?? device }
        if let size = r.value(fields, K.size) {
            device.size = size
            device.name = "custom"
        }
        if let name = traits.device, let preset = Device.presets[name] { device = preset }
        if let scale = r.value(fields, K.scale) { device.scale = scale }
        let design = traits.design ?? r.value(fields, K.design)
        device.design = design
        context.design = design

        let fps = r.value(fields, K.fps)
        let duration = r.value(fields, K.duration)
        let tail = r.value(fields, K.tail)
        let touches = r.value(fields, K.touches)
        var background = Scene.defaultBackground
        if let node = fields[K.background] {
            if node.scalar?.string == "transparent" {
                background = .clear
            } else if let color = r.color(node, "background", appearance: appearance) {
                background = color
            }
        }

        if let node = fields[K.fonts] { (context.fonts, context.sceneFonts.files) = decodeFonts(node) }
        context.sceneFonts.system = systemFamily(fields, K.systemFont).flatMap { $0 == CustomFont.inter.family ? nil : $0 }
        context.sceneFonts.display = systemFamily(fields, K.systemDisplayFont)
            .flatMap { $0 == context.sceneFonts.system ?? CustomFont.inter.family ? nil : $0 }

        var screens: [String: ScreenSpec] = [:]
        var order: [String] = []
        // Screens filled from a tapped row or cell, read once per item after the transitions.
        var templates: [(name: String, node: Node)] = []
        images.prefetch(namedPNGFiles(in: root))
        if let node = fields[K.screens] {
            if let count = node.mapping?.count, count > Limits.screens {
                r.error(node, "\(count) screens is over the limit of \(Limits.screens) screens")
            } else if let items = Self.collectionItems(in: node), items > Limits.collectionItems {
                r.error(node, "the screens' lists and grids have \(items) rows and cells, over the limit of \(Limits.collectionItems)")
            } else if let screenFields = r.mapping(node, "screens") {
                screenNames.names = screenFields.names
                for entry in screenFields.entries {
                    if CellFill.isRead(in: entry.value) {
                        templates.append((entry.name, entry.value))
                        continue
                    }
                    if let screen = views.decodeScreen(name: entry.name, entry.value) {
                        screens[entry.name] = screen
                        order.append(entry.name)
                    }
                }
                if appearance == .dark { elevate(&screens, screenFields.entries.filter { entry in !templates.contains { $0.name == entry.name } }) }
                if screenFields.entries.isEmpty { r.error(node, "a scene needs at least one screen") }
            }
        }

        var rootName = order.first ?? ""
        let templateNames = Set(templates.map(\.name))
        if let node = fields[K.root], let value = r.string(node, "root screen") {
            if templateNames.contains(value) {
                r.error(node, FilledScreen.notARoot(value))
            } else if screens[value] == nil && !order.isEmpty {
                r.error(node, "unknown screen '\(value)'; screens are: \(order.joined(separator: ", "))")
            }
            rootName = value
        } else if fields[K.root] == nil && !order.isEmpty && fields[K.screens] != nil {
            rootName = order[0]
        }
        var tabs: TabBarController?
        if let node = fields[K.tabs] {
            if let key = fields.key(K.root) {
                r.error(key, "a scene starts at one screen ('root') or in a tab bar controller ('tabs'), not both; give each tab its 'root'")
            }
            tabs = bars.decodeTabs(node, screens: screens, order: order, templates: templateNames)
            if let tabs { rootName = tabs.roots[tabs.bar.selected] }
            checkNoScreenTabBars(fields[K.screens])
        }

        let styles = fields[K.styles].map { CustomStyleDecoder(reader: r).decodeStyles($0) } ?? []

        var transitions: [TransitionSpec] = []
        if let node = fields[K.transitions], let items = r.sequence(node, "transitions") {
            for item in items {
                guard let transition = decodeTransition(item, screens: screens, order: order, templates: templateNames, styles: styles) else { continue }
                if let first = transitions.first(where: { $0.from == transition.from && $0.to == transition.to }) {
                    r.error(at: transition.location, "a transition from '\(transition.from)' to '\(transition.to)' is already declared on line \(first.location.line); one transition per pair of screens")
                    continue
                }
                transitions.append(transition)
            }
        }

        transitions = fillScreens(templates, screens: &screens, order: &order, transitions: transitions)

        var entries = TimelineDecoder(reader: r, screens: screens, order: order, templates: templateNames, device: device)
        let written = r.value(fields, K.layoutDirection)
        entries.mirroring = TimelineMirroring(written: written, played: traits.layoutDirection ?? written,
                                              mirrors: r.value(fields, K.mirrorTimeline))
        var timeline: [TimelineEntry] = []
        if let node = fields[K.timeline], let items = r.sequence(node, "timeline") {
            for item in items {
                if let entry = entries.decodeEntry(item) { timeline.append(entry) }
            }
        }
        // Each finger's samples as they play at the file's frame rate, synthesized once for both checks.
        let fingers = timeline.map { ($0, $0.samples(framesPerSecond: fps)) }
        entries.checkTouchesDoNotOverlap(fingers)
        let sampleCount = fingers.reduce(0) { total, finger in total + (finger.1?.count ?? 0) }
        if sampleCount > Limits.samples, let node = fields[K.timeline] {
            r.error(node, "the timeline's touches make \(sampleCount) samples, over the limit of \(Limits.samples) samples")
        }
        timeline = timeline.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)

        var snapshots: [SnapshotSpec] = []
        if let node = fields[K.snapshots], let items = r.sequence(node, "snapshots") {
            snapshots = items.compactMap { entries.decodeSnapshot($0) }
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
        scene.layoutDirection = entries.mirroring.played
        scene.motion = motion
        scene.design = design
        scene.reduceTransparency = traits.transparency.map(\.isReduced) ?? r.value(fields, K.reduceTransparency)
        scene.fonts = context.sceneFonts
        if let node = fields[K.playback] { scene.playback = decodePlayback(node) }
        if let node = fields[K.captions] { scene.captions = decodeCaptions(node) }
        if let node = fields[K.variants] { scene.variants = decodeVariants(node) }
        if let node = fields[K.deviceFrame] { scene.deviceFrame = decodeDeviceFrame(node, device: scene.device, sceneBackground: background) }
        scene.readFiles = reads.paths
        scene.readFileLocations = reads.locations
        for key in [K.device.key, K.size.key, K.scale.key, K.fps.key, K.duration.key, K.screens.key, K.timeline.key, K.playback.key,
                    K.deviceFrame.key] {
            if let node = fields[key] { scene.keyLocations[key] = r.location(node) }
        }
        for problem in Limits.check(scene) { r.error(at: problem.location, problem.message) }
        return scene
    }

    /// With `tabs:`, the tab bar is the controller's: a screen's own `tabBar` would draw a second one.
    /// `systemFont:` or `systemDisplayFont:`: Inter or a family of the scene's `fonts`.
    private func systemFamily(_ fields: Fields, _ key: Setting<String?>) -> String? {
        guard let node = fields[key], let family = reader.string(node, "font family") else { return nil }
        return knownFamily(family, at: node)?.family
    }

    private func checkNoScreenTabBars(_ screens: Node?) {
        guard let pairs = screens?.mapping else { return }
        for (name, screen) in pairs {
            guard let key = screen.mapping?.first(where: { $0.key.scalar?.string == "tabBar" })?.key else { continue }
            reader.error(key, "screen '\(name.scalar?.string ?? "")' has its own 'tabBar', but the scene's 'tabs' draw the tab bar over every tab; remove it (tab titles, icons and badges go in 'tabs: { items }')")
        }
    }

    /// The rows and cells of every screen's lists and grids, counted before any is decoded.
    private static func collectionItems(in screens: Node) -> Int? {
        screens.mapping?.reduce(0) { total, screen in total + (screen.value[declared: ScreenKeys.content].map { ViewDecoder.contentCount($0).items } ?? 0) }
    }

    // MARK: Device

    func decodeDevice(_ node: Node) -> Device? {
        let r = reader
        if node.scalar != nil {
            guard let name = r.string(node, "device") else { return nil }
            if let preset = Device.presets[name] { return preset }
            let names = Device.presets.keys.sorted()
            let hint = Diagnostic.didYouMean(name, in: names)
            r.error(node, "unknown device '\(name)'\(hint); expected one of: \(names.joined(separator: ", "))")
            return nil
        }
        typealias K = DeviceKeys
        guard let fields = r.mapping(node, K.mapping) else { return nil }
        var device = Device(name: "custom", size: Size(width: 393, height: 852), scale: 3)
        if let preset = fields[K.preset] { device = decodeDevice(preset) ?? device }
        if let size = r.value(fields, K.size, "device size") {
            device.size = size
            device.name = "custom"
        }
        if let scale = r.value(fields, K.scale, "device scale") { device.scale = scale }
        if let radius = r.value(fields, K.cornerRadius, "device cornerRadius") {
            device.cornerRadius = radius
        }
        if let insets = fields[K.safeArea].flatMap({ r.numbers($0, "device safeArea [top, bottom]", count: 2) }) {
            device.safeAreaTop = insets[0]
            device.safeAreaBottom = insets[1]
        }
        return device
    }

    // MARK: Transitions

    func decodeTransition(_ node: Node, screens: [String: ScreenSpec], order: [String], templates: Set<String> = [],
                          styles: [CustomStyleSpec]) -> TransitionSpec? {
        let r = reader
        // Any other key is a setting of the style, checked once the style is known.
        guard let fields = r.mapping(node, TransitionKeys.mapping.what) else { return nil }
        r.requireKeys(fields, TransitionKeys.mapping)
        func screenName(_ key: String) -> String? {
            guard let value = fields[key] else { return nil }
            guard let name = r.string(value, "'\(key)' screen") else { return nil }
            if screens[name] == nil, !templates.contains(name), !order.isEmpty {
                r.error(value, "unknown screen '\(name)'; screens are: \((order + templates.sorted()).joined(separator: ", "))")
                return nil
            }
            return name
        }
        let from = screenName("from")
        let to = screenName("to")
        if let from, from == to, let value = fields[TransitionKeys.to] {
            // A screen is one view controller: UIKit raises when one already shown is presented or pushed again.
            r.error(value, "a transition from '\(from)' to itself: a screen is one view controller, which cannot be pushed or presented over itself; declare another screen for what it shows")
            return nil
        }
        let style = fields[TransitionKeys.style].flatMap { r.string($0, "transition style") }
        // Every other key is a setting of the style: decoded against a built-in style's settings
        // (which win over a scene style of the same name) or the scene style's; a style of no
        // known name is reported when the timeline resolves it.
        var settings = SettingValues()
        if let style, let descriptors = BuiltInStyles.settings(of: style) ?? styles.first(where: { $0.name == style })?.settings {
            settings = StyleSettingsDecoder(reader: r).decode(fields.entries.filter { TransitionKeys.mapping[$0.name] == nil },
                                                             descriptors, style: style,
                                                             nearby: [TransitionKeys.tap.key, TransitionKeys.reduceMotionStyle.key, TransitionKeys.crossFadeStyle.key])
        } else if let style, let node = fields[TransitionKeys.style] {
            let known = BuiltInStyles.all.map(\.name) + styles.map(\.name).filter { BuiltInStyles.settings(of: $0) == nil }
            r.error(node, TransitionSpec.unknownStyle(style, known: known))
        }
        var tap: TapTrigger?
        if let node = fields[TransitionKeys.tap], let trigger = r.mapping(node, TapTriggerKeys.mapping) {
            let list = trigger[TapTriggerKeys.list].flatMap { r.string($0, "list or grid id") }
            let index = r.value(trigger, TapTriggerKeys.index, "row or cell index")
            if let list, trigger[TapTriggerKeys.index] == nil || index != nil { tap = TapTrigger(list: list, index: index) }
            // The rows tapped are the `from` screen's: an id it does not have would only show when
            // the first tap finds no gesture that starts the transition.
            if let list, let from, let ids = screens[from]?.collectionIDs, !ids.contains(list), let value = trigger[TapTriggerKeys.list] {
                let hint = Diagnostic.didYouMean(list, in: ids)
                let known = ids.isEmpty ? "it has no list, grid or scroll view with an id" : "its lists, grids and scroll views: \(ids.joined(separator: ", "))"
                r.error(value, "screen '\(from)' has no list or grid '\(list)' for this transition's taps\(hint); \(known)")
            }
        }
        // The styles that play instead under Reduce Motion: named like `style`, checked against the same names.
        func fallback(_ key: Setting<String?>) -> TransitionSpec.Fallback? {
            guard let node = fields[key], let name = r.string(node, "'\(key.key)' style") else { return nil }
            let known = BuiltInStyles.all.map(\.name) + styles.map(\.name).filter { BuiltInStyles.settings(of: $0) == nil }
            guard known.contains(name) else {
                r.error(node, "unknown '\(key.key)' '\(name)'\(Diagnostic.didYouMean(name, in: known)); expected one of: \(known.joined(separator: ", ")), or a style declared under 'styles'")
                return nil
            }
            return TransitionSpec.Fallback(style: name, location: r.location(node))
        }
        let reduceMotionStyle = fallback(TransitionKeys.reduceMotionStyle)
        let crossFadeStyle = fallback(TransitionKeys.crossFadeStyle)
        guard let from, let to, let style else { return nil }
        var spec = TransitionSpec(from: from, to: to, style: style, location: r.location(node),
                                  styleLocation: r.location(fields[TransitionKeys.style]), settings: settings, tap: tap)
        spec.reduceMotionStyle = reduceMotionStyle
        spec.crossFadeStyle = crossFadeStyle
        return spec
    }

    /// The files read so far besides the scene file.
    var readFiles: [String] { reads.paths }

    /// Every PNG file the document's strings name, as `decodeImageFile` finds them: the images
    /// the scene may show, for `ImageFiles.prefetch` to check at once before the views are read.
    /// A loop over a stack of the nodes still to visit, in file order: no recursion, whatever the
    /// depth (which `Limits.nesting` bounds anyway).
    func namedPNGFiles(in root: Node) -> [String] {
        var files: [String] = []
        var pending = [root]
        while let node = pending.popLast() {
            switch node.shape {
            case .scalar(let scalar):
                guard scalar.string.lowercased().hasSuffix(".png") else { continue }
                let url = imageURL(scalar.string)
                if url.pathExtension.lowercased() == "png" { files.append(url.standardizedFileURL.path) }
            case .mapping(let mapping):
                pending.append(contentsOf: mapping.values.reversed())
            case .sequence(let items):
                pending.append(contentsOf: items.reversed())
            }
        }
        return files
    }
}
