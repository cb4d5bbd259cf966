import Geometry

extension SceneDecoder {
    /// `playback:`: each entry a stretch `{ from, to, rate }` or a hold `{ at, hold }`, in any
    /// order but none inside another.
    func decodePlayback(_ node: Node) -> [PlaybackSegment] {
        typealias K = PlaybackKeys
        let r = reader
        guard let items = r.sequence(node, "playback entries") else { return [] }
        var segments: [PlaybackSegment] = []
        for item in items {
            guard let fields = r.mapping(item, K.mapping) else { continue }
            let stretch = [K.from.key, K.to.key, K.rate.key].filter { fields[$0] != nil }
            let held = [K.at.key, K.hold.key].filter { fields[$0] != nil }
            guard stretch.isEmpty || held.isEmpty else {
                r.error(item, "a playback entry plays a stretch of the scene ({ from, to, rate }) or holds a moment ({ at, hold }), not both")
                continue
            }
            let keys = held.isEmpty ? [K.from.key, K.to.key, K.rate.key] : [K.at.key, K.hold.key]
            let missing = keys.filter { fields[$0] == nil }
            guard missing.isEmpty else {
                r.error(item, "missing \(missing.map { "'\($0)'" }.joined(separator: " and ")) in a playback entry; expected { from, to, rate } or { at, hold }")
                continue
            }
            let location = r.location(item)
            if held.isEmpty {
                guard let from = r.value(fields, K.from), let to = r.value(fields, K.to), let rate = r.value(fields, K.rate) else { continue }
                guard to > from else {
                    r.error(fields[K.to], "'to' (\(Limits.format(to)) s) must be after 'from' (\(Limits.format(from)) s)")
                    continue
                }
                segments.append(PlaybackSegment(.rate(from: from, to: to, rate: rate), location: location))
            } else if let at = r.value(fields, K.at), let hold = r.value(fields, K.hold) {
                segments.append(PlaybackSegment(.hold(at: at, seconds: hold), location: location))
            }
        }
        // A hold where a stretch starts or ends sits beside it; holds come first at a time they share.
        func isHold(_ segment: PlaybackSegment) -> Int { if case .hold = segment.kind { 0 } else { 1 } }
        let ordered = segments.sorted { ($0.start, isHold($0), $0.location.line) < ($1.start, isHold($1), $1.location.line) }
        for (earlier, later) in zip(ordered, ordered.dropFirst()) {
            if later.start < earlier.end - 1e-9 {
                r.error(at: later.location, "this playback entry starts at \(Limits.format(later.start)) s, inside the stretch on line \(earlier.location.line) (\(Limits.format(earlier.start)) to \(Limits.format(earlier.end)) s); playback entries may not overlap")
            } else if case .hold(let at, _) = later.kind, case .hold = earlier.kind, abs(at - earlier.start) < 1e-9 {
                r.error(at: later.location, "a second hold at \(Limits.format(at)) s (the first is on line \(earlier.location.line)); hold a moment once, for as long as it should last")
            }
        }
        return segments
    }
}

extension SceneDecoder {
    /// `captions:`: timed text, each entry `{ text, from, to }` with its position, style and fade.
    func decodeCaptions(_ node: Node) -> [CaptionSpec] {
        typealias K = CaptionKeys
        let r = reader
        guard let items = r.sequence(node, "captions") else { return [] }
        var captions: [CaptionSpec] = []
        for item in items {
            guard let fields = r.mapping(item, K.mapping),
                  let text = r.value(fields, K.text), let from = r.value(fields, K.from), let to = r.value(fields, K.to) else { continue }
            guard to > from else {
                r.error(fields[K.to], "'to' (\(Limits.format(to)) s) must be after 'from' (\(Limits.format(from)) s)")
                continue
            }
            guard text.count <= Limits.captionCharacters else {
                r.error(fields[K.text], "a caption of \(text.count) characters is over the limit of \(Limits.captionCharacters)")
                continue
            }
            // A title card sits in the middle unless placed.
            let style = r.value(fields, K.style)
            let position = fields[K.position] == nil && style == .title ? .center : r.value(fields, K.position)
            captions.append(CaptionSpec(text: text, from: from, to: to, position: position, style: style,
                                        fade: r.value(fields, K.fade), location: r.location(item)))
        }
        return captions
    }
}

extension SceneDecoder {
    /// `deviceFrame:`: true or false, or `{ finish, background | gradient | image, padding }`;
    /// nil when off. Without a background of its own it takes `DeviceFrameSpec.standardBackground`. The picture it makes must fit a canvas (`Limits.canvasSide` per side).
    func decodeDeviceFrame(_ node: Node, device: Device, sceneBackground: Color) -> DeviceFrameSpec? {
        typealias K = DeviceFrameKeys
        let r = reader
        if node.mapping == nil {
            guard r.bool(node, "deviceFrame (true, false or a mapping)") == true else { return nil }
            return checkFits(DeviceFrameSpec(background: DeviceFrameSpec.standardBackground(sceneBackground: sceneBackground)), device: device, node: node)
        }
        guard let fields = r.mapping(node, K.mapping) else { return nil }
        var spec = DeviceFrameSpec(finish: r.value(fields, K.finish), background: DeviceFrameSpec.standardBackground(sceneBackground: sceneBackground),
                                   padding: r.value(fields, K.padding))
        let given = [K.background.key, K.gradient.key, K.image.key].filter { fields[$0] != nil }
        if given.count > 1 {
            r.error(fields[given[1]], "a device frame's background is one of 'background', 'gradient' and 'image'; this one has \(given.map { "'\($0)'" }.joined(separator: " and "))")
        }
        if let background = fields[K.background] {
            if background.scalar?.string == "transparent" {
                spec.background = .color(.clear)
            } else if let color = r.color(background, "a device frame's background", appearance: appearance) {
                spec.background = .color(color)
            }
        } else if let gradient = fields[K.gradient], let items = r.sequence(gradient, "gradient colors [top, bottom]") {
            if items.count != 2 {
                r.error(gradient, "expected a gradient as two colors [top, bottom], found \(items.count)")
            } else if let top = r.color(items[0], "the gradient's top color", appearance: appearance),
                      let bottom = r.color(items[1], "the gradient's bottom color", appearance: appearance) {
                spec.background = .gradient(top, bottom)
            }
        } else if let image = fields[K.image], let file = decodeImageFile(image) {
            spec.background = .image(file)
        }
        return checkFits(spec, device: device, node: node)
    }

    /// `spec` when the framed picture of `device` fits a canvas; else an error at `node`.
    private func checkFits(_ spec: DeviceFrameSpec, device: Device, node: Node) -> DeviceFrameSpec? {
        let size = DeviceFrameLayout.pointSize(of: spec, around: device)
        let pixels = max(size.width, size.height) * device.scale
        guard pixels <= Double(Limits.canvasSide) else {
            reader.error(node, "the framed picture is \(Int(pixels.rounded())) px on its longer side, over the limit of \(Limits.canvasSide) px; lower 'padding' or the scale")
            return nil
        }
        return spec
    }
}

extension SceneDecoder {
    /// `variants:`: each axis a list of its values, none twice; every combination a variant, at
    /// most `Limits.variants`.
    func decodeVariants(_ node: Node) -> [SceneVariant] {
        typealias K = VariantsKeys
        let r = reader
        guard let fields = r.mapping(node, K.mapping) else { return [] }
        func values<Value>(_ key: ShapedKey, _ make: (String) -> Value?, _ names: [String]) -> [Value]? {
            guard let list = fields[key.key] else { return nil }
            guard let items = r.sequence(list, "'\(key.key)' values") else { return nil }
            if items.isEmpty { r.error(list, "'\(key.key)' lists no values; list at least one, or leave the axis out") }
            var seen: Set<String> = []
            return items.compactMap { item in
                guard let text = r.string(item, key.key) else { return nil }
                guard let value = make(text) else {
                    r.error(item, "unknown \(key.key) '\(text)'\(Diagnostic.didYouMean(text, in: names)); expected one of: \(names.joined(separator: ", "))")
                    return nil
                }
                guard seen.insert(text).inserted else {
                    r.error(item, "'\(text)' is listed twice under '\(key.key)'")
                    return nil
                }
                return value
            }
        }
        let variants = SceneVariant.product(
            appearance: values(K.appearance, Appearance.init(rawValue:), Appearance.allCases.map(\.rawValue)),
            layoutDirection: values(K.layoutDirection, LayoutDirection.init(rawValue:), LayoutDirection.allCases.map(\.rawValue)),
            contentSize: values(K.contentSize, ContentSizeCategory.init(rawValue:), ContentSizeCategory.allCases.map(\.rawValue)),
            motion: values(K.motion, MotionPreference.init(rawValue:), MotionPreference.allCases.map(\.rawValue)),
            device: values(K.device, { Device.presets[$0] == nil ? nil : $0 }, Device.presets.keys.sorted()),
            design: values(K.design, InterfaceDesign.init(rawValue:), InterfaceDesign.allCases.map(\.rawValue)),
            transparency: values(K.reduceTransparency, Transparency.init(rawValue:), Transparency.allCases.map(\.rawValue)))
        guard variants.count <= Limits.variants else {
            r.error(node, "\(variants.count) variants is over the limit of \(Limits.variants); list fewer values")
            return []
        }
        return variants
    }
}
