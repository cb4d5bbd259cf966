import Foundation
import Geometry
import Yams

/// Controls, icons and the keys every view shares.
extension SceneDecoder {
    /// The control kinds by their scene-file key.
    static let controlKinds = ["button", "switch", "segmentedControl", "textField", "searchBar", "slider", "stepper",
                               "pageControl", "progressView", "activityIndicator", "datePicker"]

    /// Keys every control has.
    static let controlKeys = ["id", "frame", "autoresizing", "opacity", "tint"]

    func decodeControl(_ kind: String, _ node: Node) -> ControlView? {
        let r = reader
        let what = kind == "activityIndicator" ? "an activity indicator" : "a \(kind)"
        let own: [String]
        switch kind {
        case "button": own = ["title", "icon", "style", "font", "family", "size", "weight", "cornerRadius", "color"]
        case "switch": own = ["isOn"]
        case "segmentedControl": own = ["segments", "selected"]
        case "textField": own = ["text", "placeholder", "editing", "style"]
        case "searchBar": own = ["text", "placeholder", "editing", "cancel"]
        case "slider": own = ["value", "minimum", "maximum"]
        case "pageControl": own = ["pages", "current"]
        case "progressView": own = ["progress"]
        case "activityIndicator": own = ["style"]
        case "datePicker": own = ["label", "date", "mode"]
        default: own = []
        }
        guard let fields = r.mapping(node, what, allowed: Self.controlKeys + own) else { return nil }
        let colors = ControlView.Colors.system(appearance)
        let defaultTint: String = switch kind {
        case "switch": "systemGreen"
        case "pageControl": "label"
        case "activityIndicator": "systemGray"
        default: "systemBlue"
        }
        let tint = fields["tint"].flatMap { r.color($0, "tint", appearance: appearance) }
            ?? (kind == "segmentedControl" ? colors.selectedSegment : system(defaultTint))

        var control: ControlView.Kind?
        switch kind {
        case "button":
            control = decodeButton(fields, node)
        case "switch":
            control = .toggle(isOn: fields["isOn"].flatMap { r.bool($0, "isOn") } ?? false)
        case "segmentedControl":
            guard let segmentsNode = fields["segments"] else {
                r.error(node, "missing key 'segments' (a list of titles or { icon: NAME }) in segmentedControl")
                break
            }
            let segments: [ControlView.Segment] = (r.sequence(segmentsNode, "segments") ?? []).compactMap { item in
                if item.scalar != nil { return r.string(item, "segment title").map { ControlView.Segment(title: $0) } }
                guard let segment = r.mapping(item, "a segment (a title, or { icon: NAME })", allowed: ["title", "icon"]) else { return nil }
                let title = segment["title"].flatMap { r.string($0, "segment title") }
                let icon = segment["icon"].flatMap { decodeIcon($0) }
                if title == nil, icon == nil {
                    if segment["title"] == nil, segment["icon"] == nil { r.error(item, "a segment has a 'title' or an 'icon'") }
                    return nil
                }
                return ControlView.Segment(title: title, icon: icon)
            }
            if segments.isEmpty, r.sequence(segmentsNode, "segments")?.isEmpty == true {
                r.error(segmentsNode, "a segmentedControl needs at least one segment")
            }
            let selected = fields["selected"].flatMap { r.int($0, "selected segment", range: 0...max(segments.count - 1, 0)) } ?? 0
            control = .segmented(segments: segments, selected: selected)
        case "textField", "searchBar":
            let search = kind == "searchBar"
            let style = search ? .search
                : fields["style"].flatMap { r.choice($0, "textField style", ControlView.TextField.Style.self) } ?? .roundedRect
            let text = fields["text"].flatMap { r.string($0, "text") } ?? ""
            let placeholder = fields["placeholder"].flatMap { r.string($0, "placeholder") } ?? (search ? "Search" : "")
            let editing = fields["editing"].flatMap { r.bool($0, "editing") } ?? false
            let cancel = fields["cancel"].flatMap { r.bool($0, "cancel") } ?? false
            control = .textField(ControlView.TextField(style: style, text: text, placeholder: placeholder, isEditing: editing,
                                                       showsCancel: cancel))
        case "slider":
            let minimum = fields["minimum"].flatMap { r.double($0, "minimum") } ?? 0
            let maximum = fields["maximum"].flatMap { r.double($0, "maximum") } ?? 1
            if maximum <= minimum, let node = fields["maximum"] ?? fields["minimum"] {
                r.error(node, "a slider's maximum must be above its minimum, found \(minimum)...\(maximum)")
            }
            let value = fields["value"].flatMap { r.double($0, "value", range: minimum...max(maximum, minimum)) } ?? minimum
            control = .slider(fraction: maximum > minimum ? (value - minimum) / (maximum - minimum) : 0)
        case "stepper":
            control = .stepper
        case "pageControl":
            let pages = fields["pages"].flatMap { r.int($0, "pages", range: 1...50) }
            if fields["pages"] == nil { r.error(node, "missing key 'pages' (how many dots) in pageControl") }
            let current = fields["current"].flatMap { r.int($0, "current page", range: 0...max((pages ?? 1) - 1, 0)) } ?? 0
            if let pages { control = .pageControl(count: pages, current: current) }
        case "datePicker":
            let mode = fields["mode"].flatMap { r.choice($0, "datePicker mode", ControlView.DatePicker.Mode.self) } ?? .dateAndTime
            var moment: ControlView.DatePicker.Moment?
            if let node = fields["date"], let text = r.string(node, "date") {
                moment = ControlView.DatePicker.Moment(parsing: text)
                if moment == nil {
                    r.error(node, "expected a date as YYYY-MM-DD HH:MM, YYYY-MM-DD or HH:MM (24-hour), found '\(text)'")
                }
            } else if fields["date"] == nil {
                r.error(node, "missing key 'date' (YYYY-MM-DD HH:MM, YYYY-MM-DD or HH:MM) in datePicker")
            }
            let label = fields["label"].flatMap { r.string($0, "label") } ?? ""
            if let moment { control = .datePicker(ControlView.DatePicker(label: label, mode: mode, date: moment)) }
        case "progressView":
            control = .progress(fraction: fields["progress"].flatMap { r.double($0, "progress", range: 0...1) } ?? 0)
        default:
            let style = fields["style"].flatMap { r.choice($0, "activityIndicator style", ActivityIndicatorStyle.self) } ?? .medium
            control = .activityIndicator(large: style == .large)
        }

        let fixed = control.flatMap { ControlView.fixedSize(of: $0) }
        let frame = decodeFrame(fields, node, kind: kind, fixedSize: fixed)
        guard let control, let frame else { return nil }
        var view = ControlView(control, frame: frame, tint: tint, colors: colors)
        view.id = decodeViewID(fields, kind)
        view.autoresizing = decodeAutoresizing(fields)
        view.opacity = decodeOpacity(fields)
        return view
    }

    private func decodeButton(_ fields: Fields, _ node: Node) -> ControlView.Kind? {
        let r = reader
        let style = fields["style"].flatMap { r.choice($0, "button style", ControlView.Button.Style.self) } ?? .plain
        let title = fields["title"].flatMap { r.string($0, "button title") }
        let icon = fields["icon"].flatMap { decodeIcon($0) }
        if fields["title"] == nil, fields["icon"] == nil {
            r.error(node, "a button has a 'title', an 'icon' or both")
            return nil
        }
        let font = decodeFont(fields, defaultSize: 17)
        let radius = fields["cornerRadius"].flatMap { r.double($0, "cornerRadius", range: 0...10_000) }
        let color = fields["color"].flatMap { r.color($0, "button color", appearance: appearance) }
        guard title != nil || icon != nil else { return nil }
        var button = ControlView.Button(style: style, title: title, icon: icon, fontSize: font.size, weight: font.weight,
                                        cornerRadius: radius, foreground: color)
        button.customFont = decodeFamily(fields)
        return .button(button)
    }

    /// `frame`: [x, y, width, height]; a control of fixed size also takes [x, y].
    private func decodeFrame(_ fields: Fields, _ node: Node, kind: String, fixedSize: Size?) -> Rect? {
        let r = reader
        guard let frameNode = fields["frame"] else {
            let form = fixedSize == nil ? "[x, y, width, height]" : "[x, y] (or [x, y, width, height])"
            r.error(node, "missing key 'frame' \(form) in \(kind)")
            return nil
        }
        if let fixedSize, frameNode.sequence?.count == 2, let origin = r.point(frameNode, "frame") {
            return Rect(origin: origin, size: fixedSize)
        }
        return r.rect(frameNode, "frame")
    }

    /// `font` (a text style), then `size` and `weight` overriding it.
    func decodeFont(_ fields: Fields, defaultSize: Double, defaultWeight: LabelView.Weight = .regular) -> (size: Double, weight: LabelView.Weight) {
        let r = reader
        var size = defaultSize
        var weight = defaultWeight
        if let font = fields["font"], let style = r.string(font, "font") {
            if let preset = LabelView.textStyles[style] {
                size = preset.size
                weight = preset.weight
            } else {
                let names = LabelView.textStyles.keys.sorted()
                let hint = r.closest(to: style, in: names).map { " (did you mean '\($0)'?)" } ?? ""
                r.error(font, "unknown font text style '\(style)'\(hint); expected one of: \(names.joined(separator: ", "))")
            }
        }
        if let value = fields["size"].flatMap({ r.double($0, "font size", range: 1...500) }) { size = value }
        if let value = fields["weight"].flatMap({ r.choice($0, "weight", LabelView.Weight.self) }) { weight = value }
        return (size, weight)
    }

    /// `opacity`: 0...1, default 1 (`UIView.alpha`).
    func decodeOpacity(_ fields: Fields) -> Double {
        fields["opacity"].flatMap { reader.double($0, "opacity", range: 0...1) } ?? 1
    }

    /// An icon name (Material Icons, an SF Symbol alias) or a non-ASCII text such as an emoji.
    func decodeIcon(_ node: Node) -> Icon? {
        let r = reader
        guard let name = r.string(node, "icon name") else { return nil }
        switch IconCatalog.icon(named: name) {
        case .success(let icon):
            return icon
        case .failure(.setMissing):
            r.error(node, "icon '\(name)' needs the Material Icons font: run scripts/bootstrap (it installs fonts-material-design-icons-iconfont)")
        case .failure(.unknown(let nearest)):
            let hint = nearest.isEmpty ? "" : "; nearest: \(nearest.joined(separator: ", "))"
            r.error(node, "unknown icon '\(name)'\(hint) (Material Icons names, SF Symbol names of common symbols, or an emoji)")
        }
        return nil
    }

    /// `icon: { name, frame, font, size, weight, color }`.
    func decodeIconView(_ node: Node) -> IconView? {
        let r = reader
        let keys = ["id", "name", "frame", "autoresizing", "opacity", "font", "size", "weight", "color"]
        guard let fields = r.mapping(node, "an icon", allowed: keys) else { return nil }
        if fields["name"] == nil { r.error(node, "missing key 'name' (an icon name) in icon") }
        if fields["frame"] == nil { r.error(node, "missing key 'frame' [x, y, width, height] in icon") }
        let icon = fields["name"].flatMap { decodeIcon($0) }
        let frame = fields["frame"].flatMap { r.rect($0, "frame") }
        let font = decodeFont(fields, defaultSize: 17)
        let color = fields["color"].flatMap { r.color($0, "color", appearance: appearance) } ?? system("systemBlue")
        guard let icon, let frame else { return nil }
        var view = IconView(icon: icon, frame: frame, pointSize: font.size, weight: font.weight, color: color)
        view.id = decodeViewID(fields, "icon")
        view.autoresizing = decodeAutoresizing(fields)
        view.opacity = decodeOpacity(fields)
        return view
    }
}

/// The scene's own font files.
extension SceneDecoder {
    /// `fonts: [path, …]`: .ttf or .otf files relative to the scene file, each known by the
    /// family names in its `name` table.
    func decodeFonts(_ node: Node) -> [String: CustomFont] {
        let r = reader
        var fonts: [String: CustomFont] = [:]
        for item in r.sequence(node, "fonts (a list of .ttf or .otf files)") ?? [] {
            guard let given = r.string(item, "font file") else { continue }
            let folder = URL(fileURLWithPath: r.file).deletingLastPathComponent()
            let url = given.hasPrefix("/") ? URL(fileURLWithPath: given) : folder.appendingPathComponent(given)
            guard ["ttf", "otf"].contains(url.pathExtension.lowercased()) else {
                r.error(item, "font '\(given)' is not a .ttf or .otf file")
                continue
            }
            let path = url.standardizedFileURL.path
            reads.record(path)
            do {
                for family in try FontFileNames.families(ofFontAt: path) where fonts[family] == nil {
                    fonts[family] = CustomFont(family: family, path: path)
                }
            } catch {
                r.error(item, "cannot use font '\(given)' (\(path)): \(error)")
            }
        }
        return fonts
    }

    /// `family`: Inter (the default) or a family of the scene's `fonts`.
    func decodeFamily(_ fields: Fields) -> CustomFont? {
        let r = reader
        guard let node = fields["family"], let family = r.string(node, "font family") else { return nil }
        if family == "Inter" { return nil }
        if let font = fonts[family] { return font }
        let known = ["Inter"] + fonts.keys.sorted()
        let hint = r.closest(to: family, in: known).map { " (did you mean '\($0)'?)" } ?? ""
        r.error(node, "unknown font family '\(family)'\(hint); families: \(known.joined(separator: ", ")) — add font files under the scene's 'fonts:'")
        return nil
    }
}

/// `UIActivityIndicatorView.Style`.
enum ActivityIndicatorStyle: String, CaseIterable {
    case medium, large
}
