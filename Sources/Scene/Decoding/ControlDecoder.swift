import Foundation
import Geometry
import Yams

/// Controls, icons and the keys every view shares.
extension SceneDecoder {
    func decodeControl(_ declaration: ControlDeclaration, _ node: Node) -> ControlView? {
        let r = reader
        let kind = declaration.name
        guard let fields = r.mapping(node, declaration.mapping) else { return nil }
        let context = ControlFields(decoder: self, fields: fields, node: node, kind: kind)
        let tint = fields["tint"].flatMap { r.color($0, "tint", appearance: appearance) } ?? declaration.defaultTint(context)
        let control = declaration.decode(context)
        let fixed = control.flatMap { ControlView.fixedSize(of: $0) }
        let frame = decodeFrame(fields, node, kind: kind, fixedSize: fixed)
        guard let control, let frame else { return nil }
        var view = ControlView(control, frame: frame, tint: tint, colors: context.colors)
        view.sceneKind = kind
        view.id = decodeViewID(fields, kind)
        view.autoresizing = decodeAutoresizing(fields)
        view.opacity = decodeOpacity(fields)
        return view
    }

    func decodeSegmented(_ c: ControlFields) -> ControlView.Kind? {
        let r = reader
        guard let segmentsNode = c["segments"] else {
            r.error(c.node, "missing key 'segments' (a list of titles or { icon: NAME }) in segmentedControl")
            return nil
        }
        let segments: [ControlView.Segment] = (r.sequence(segmentsNode, "segments", limit: Limits.itemsPerControl) ?? []).compactMap { item in
            if item.scalar != nil { return r.string(item, "segment title").map { ControlView.Segment(title: $0) } }
            guard let segment = r.mapping(item, ControlKeys.segment) else { return nil }
            let title = segment["title"].flatMap { r.string($0, "segment title") }
            let icon = segment["icon"].flatMap { decodeIcon($0) }
            if title == nil, icon == nil {
                if segment["title"] == nil, segment["icon"] == nil { r.error(item, "a segment has a 'title' or an 'icon'") }
                return nil
            }
            return ControlView.Segment(title: title, icon: icon)
        }
        if segments.isEmpty, segmentsNode.sequence?.isEmpty == true {
            r.error(segmentsNode, "a segmentedControl needs at least one segment")
        }
        let selected = c["selected"].flatMap { r.int($0, "selected segment", range: 0...max(segments.count - 1, 0)) }
            ?? ControlKeys.selected.defaultValue
        return .segmented(segments: segments, selected: selected)
    }

    func decodeButton(_ c: ControlFields) -> ControlView.Kind? {
        let r = reader, fields = c.fields
        typealias K = ControlKeys
        let style = c.value(K.buttonStyle, "button style")
        let title = c.value(K.buttonTitle, "button title")
        let icon = fields["icon"].flatMap { decodeIcon($0) }
        if fields["title"] == nil, fields["icon"] == nil {
            r.error(c.node, "a button has a 'title', an 'icon' or both")
            return nil
        }
        let font = decodeFont(fields, defaultSize: 17)
        let radius = c.value(K.buttonCornerRadius, "cornerRadius")
        let color = c.value(K.buttonColor, "button color")
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
        if let value = r.value(fields, ViewKeys.size, "font size") { size = value }
        if let value = r.value(fields, ViewKeys.weight) { weight = value }
        return (size, weight)
    }

    /// `opacity`: 0...1, default 1 (`UIView.alpha`).
    func decodeOpacity(_ fields: Fields) -> Double {
        reader.value(fields, ViewKeys.opacity)
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
        guard let fields = r.mapping(node, IconKeys.mapping) else { return nil }
        if fields["name"] == nil { r.error(node, "missing key 'name' (an icon name) in icon") }
        if fields["frame"] == nil { r.error(node, "missing key 'frame' [x, y, width, height] in icon") }
        let icon = fields["name"].flatMap { decodeIcon($0) }
        let frame = r.value(fields, ViewKeys.frame)
        let font = decodeFont(fields, defaultSize: 17)
        let color = self.color(fields, IconKeys.color)
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

