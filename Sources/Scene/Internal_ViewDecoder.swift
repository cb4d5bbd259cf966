import Geometry
import Yams

/// Screens and the views they hold.
extension SceneDecoder {
    func decodeScreen(name: String, _ node: Node) -> ScreenSpec? {
        let r = reader
        guard let fields = r.mapping(node, "screen '\(name)'", allowed: ["background", "content"]) else { return nil }
        let background = fields["background"].flatMap { r.color($0, "background", appearance: appearance) }
            ?? SystemColor.named("systemBackground", appearance: appearance) ?? .white
        let views = fields["content"].map { decodeViews($0) } ?? []
        return ScreenSpec(name: name, background: background, views: views)
    }

    static let viewKinds = ["rect", "label"]

    func decodeViews(_ node: Node) -> [ViewSpec] {
        guard let items = reader.sequence(node, "content") else { return [] }
        return items.compactMap { decodeView($0) }
    }

    func decodeView(_ node: Node) -> ViewSpec? {
        let r = reader
        guard let fields = r.mapping(node, "a view", allowed: Self.viewKinds) else { return nil }
        guard fields.entries.count == 1, let entry = fields.entries.first else {
            if fields.entries.isEmpty, node.mapping?.count ?? 0 > 0 { return nil }  // the unknown key is already reported
            r.error(node, "a view has exactly one kind key (\(Self.viewKinds.joined(separator: ", "))), found \(fields.entries.count)")
            return nil
        }
        switch entry.name {
        case "rect": return decodeRect(entry.value).map(ViewSpec.rect)
        default: return decodeLabel(entry.value).map(ViewSpec.label)
        }
    }

    func decodeRect(_ node: Node) -> RectView? {
        let r = reader
        guard let fields = r.mapping(node, "a rect", allowed: ["frame", "fill", "cornerRadius", "border", "clipsToBounds", "content"])
        else { return nil }
        guard let frameNode = fields["frame"] else {
            r.error(node, "missing key 'frame' [x, y, width, height] in rect")
            return nil
        }
        let frame = r.rect(frameNode, "frame")
        let fill = fields["fill"].flatMap { r.color($0, "fill", appearance: appearance) } ?? .clear
        let radius = fields["cornerRadius"].flatMap { r.double($0, "cornerRadius", range: 0...10_000) } ?? 0
        var borderColor: Color?
        var borderWidth = 0.0
        if let border = fields["border"], let borderFields = r.mapping(border, "a border", allowed: ["color", "width"]) {
            borderColor = borderFields["color"].flatMap { r.color($0, "border color", appearance: appearance) }
                ?? SystemColor.named("separator", appearance: appearance)
            borderWidth = borderFields["width"].flatMap { r.double($0, "border width", range: 0...1000) } ?? 1
        }
        let clips = fields["clipsToBounds"].flatMap { r.bool($0, "clipsToBounds") } ?? false
        let subviews = fields["content"].map { decodeViews($0) } ?? []
        guard let frame else { return nil }
        return RectView(frame: frame, fill: fill, cornerRadius: radius, borderColor: borderColor,
                        borderWidth: borderWidth, clipsToBounds: clips, subviews: subviews)
    }

    func decodeLabel(_ node: Node) -> LabelView? {
        let r = reader
        guard let fields = r.mapping(node, "a label", allowed: ["text", "frame", "font", "size", "weight", "color", "alignment", "lines"])
        else { return nil }
        let text = fields["text"].flatMap { r.string($0, "text") }
        if fields["text"] == nil { r.error(node, "missing key 'text' in label") }
        let frame = fields["frame"].flatMap { r.rect($0, "frame") }
        if fields["frame"] == nil { r.error(node, "missing key 'frame' [x, y, width, height] in label") }
        var size = 17.0
        var weight = LabelView.Weight.regular
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
        let color = fields["color"].flatMap { r.color($0, "color", appearance: appearance) }
            ?? SystemColor.named("label", appearance: appearance) ?? .black
        let alignment = fields["alignment"].flatMap { r.choice($0, "alignment", LabelView.Alignment.self) } ?? .left
        let lines = fields["lines"].flatMap { r.int($0, "lines", range: 0...1000) } ?? 1
        guard let text, let frame else { return nil }
        return LabelView(text: text, frame: frame, fontSize: size, weight: weight, color: color, alignment: alignment, lines: lines)
    }

}
