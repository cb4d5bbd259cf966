import Foundation
import Geometry

/// Controls and icon views.
struct ControlDecoder: DecodingPart {
    let context: DecodingContext

    func decodeControl(_ declaration: ControlDeclaration, _ node: Node) -> ControlView? {
        let r = reader
        let kind = declaration.name
        guard let fields = r.mapping(node, declaration.mapping) else { return nil }
        let context = ControlFields(decoder: self, fields: fields, node: node, kind: kind)
        let tint = fields[TabBarKeys.tint].flatMap { r.color($0, "tint", appearance: appearance) } ?? declaration.defaultTint(context)
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
        guard let segmentsNode = c[ControlKeys.segments] else { return nil }
        let segments: [ControlView.Segment] = (r.sequence(segmentsNode, "segments", limit: Limits.itemsPerControl) ?? []).compactMap { item in
            if item.scalar != nil { return r.string(item, "segment title").map { ControlView.Segment(title: $0) } }
            guard let segment = r.mapping(item, ControlKeys.segment) else { return nil }
            let title = segment[ControlKeys.buttonTitle].flatMap { r.string($0, "segment title") }
            let icon = segment[ControlKeys.icon].flatMap { decodeIcon($0) }
            if title == nil, icon == nil {
                if segment[ControlKeys.buttonTitle] == nil, segment[ControlKeys.icon] == nil { r.error(item, "a segment has a 'title' or an 'icon'") }
                return nil
            }
            return ControlView.Segment(title: title, icon: icon)
        }
        if segments.isEmpty, segmentsNode.sequence?.isEmpty == true {
            r.error(segmentsNode, "a segmentedControl needs at least one segment")
        }
        let selected = c[ControlKeys.selected].flatMap { r.int($0, "selected segment", range: 0...max(segments.count - 1, 0)) }
            ?? ControlKeys.selected.defaultValue
        return .segmented(segments: segments, selected: selected)
    }

    func decodeButton(_ c: ControlFields) -> ControlView.Kind? {
        let r = reader, fields = c.fields
        typealias K = ControlKeys
        let style = c.value(K.buttonStyle, "button style")
        let title = c.value(K.buttonTitle, "button title")
        let icon = fields[K.icon].flatMap { decodeIcon($0) }
        if fields[K.buttonTitle] == nil, fields[K.icon] == nil {
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
        guard let frameNode = fields[ViewKeys.frame] else { return nil }
        if let fixedSize, frameNode.sequence?.count == 2, let origin = r.point(frameNode, "frame") {
            return Rect(origin: origin, size: fixedSize)
        }
        return r.rect(frameNode, "frame")
    }

    /// `icon: { name, frame, font, size, weight, color }`.
    func decodeIconView(_ node: Node) -> IconView? {
        let r = reader
        guard let fields = r.mapping(node, IconKeys.mapping) else { return nil }
        let icon = fields[IconKeys.name].flatMap { decodeIcon($0) }
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
