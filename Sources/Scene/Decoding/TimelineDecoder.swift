import Geometry

/// The timeline's entries (actions, gestures and what they expect) and the snapshots, read
/// against the scene's screens and device.
struct TimelineDecoder {
    let reader: NodeReader
    /// The screens decoded, and their names in the file's order, for entries that name one.
    let screens: [String: ScreenSpec]
    let order: [String]
    /// The screens filled from a tapped row or cell: an action naming one shows the item its
    /// transition names (`FilledScreen.isDefault`).
    var templates: Set<String> = []
    /// The device, whose bounds place a swipe by intent.
    let device: Device
    /// How the timeline's coordinates become the engine's, in the layout direction the scene plays.
    var mirroring = TimelineMirroring()

    /// `point` in the engine's left-to-right space, or nil (with the error at `node`) where the
    /// scene plays in the other direction than it was written in and does not mirror its timeline.
    func engine(_ point: Point, at node: Node?, _ what: String) -> Point? {
        guard mirroring.allowsCoordinates || mirroring.isCentred(point, width: device.size.width) else {
            reader.error(node, mirroring.refusal(what))
            return nil
        }
        return mirroring.engine(point, width: device.size.width)
    }

    func decodeEntry(_ node: Node) -> TimelineEntry? {
        let r = reader
        typealias K = EntryKeys
        guard let fields = r.mapping(node, K.mapping) else { return nil }
        guard fields[K.at] != nil else { return nil }
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
                if screens[name] == nil, !templates.contains(name), !order.isEmpty {
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
            action = decodeSwipe(entry.value).map(Action.swipe)
        }
        var expect: Outcome?
        var expectedScroll: ExpectedScroll?
        var expectedDetent: String?
        if let node = fields[K.expect] {
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
                    let hint = keys.first.map { Diagnostic.didYouMean($0, in: ["scroll", "detent"]) } ?? ""
                    r.error(node, "expected expect as { scroll: { list, offset } } or { detent: NAME }\(hint), found " +
                            (keys.isEmpty ? "an empty mapping" : "the keys " + keys.map { "'\($0)'" }.joined(separator: ", ")))
                }
            } else {
                expect = r.choice(node, "expect (the gesture's outcome: \(Outcome.allCases.map(\.rawValue).joined(separator: ", ")), { scroll: { list, offset } } or { detent: NAME })", Outcome.self)
            }
        }
        if let node = fields[K.expect], let action, !TimelineEntry(time: 0, action: action, location: r.location(node)).isGesture {
            r.error(node, "'expect' goes with a gesture (pan, swipe or tap); '\(entry.name)' always does what it says")
        }
        let name = r.value(fields, K.name, "entry name")
        if let name, name.isEmpty || name.contains("/") || name.hasPrefix(".") {
            r.error(fields[K.name], "an entry name is a plain file name (no '/', not starting with '.'), found '\(name)'")
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
        guard let scroll = fields[ExpectKeys.scroll] else { return nil }
        guard let inner = r.mapping(scroll, ExpectKeys.scrollMapping) else { return nil }
        guard let list = r.value(inner, ExpectKeys.list, "list id"), let offset = r.value(inner, ExpectKeys.offset, "offset") else { return nil }
        return ExpectedScroll(list: list, offset: offset, tolerance: r.value(inner, ExpectKeys.tolerance, "tolerance"))
    }

    /// `scroll: { list: ID, to: N, position }`.
    func decodeScroll(_ node: Node) -> ScrollTarget? {
        let r = reader
        guard let fields = r.mapping(node, ScrollKeys.mapping) else { return nil }
        guard let list = r.value(fields, ScrollKeys.list, "list id"), let index = r.value(fields, ScrollKeys.to, "row or cell") else {
            return nil
        }
        return ScrollTarget(list: list, index: index, position: r.value(fields, ScrollKeys.position, "scroll position"))
    }

    /// `tap: [x, y]`, `tap: { list: ID, index: N }` (a row or cell), `tap: { view: ID }`,
    /// `tap: { tab: N }` (an item of the scene's tab bar) or `tap: { back: true }` (the back button).
    func decodeTap(_ node: Node) -> TapTarget? {
        let r = reader
        if node.sequence != nil {
            return r.point(node, "tap location").flatMap { engine($0, at: node, "a tap at [x, y]") }.map(TapTarget.point)
        }
        guard let fields = r.mapping(node, TapKeys.mapping) else { return nil }
        if fields.entries.count > 1, let key = ["tab", "back", "barItem"].first(where: { fields[$0] != nil }) {
            r.error(fields.key(key), "'\(key)' is a tap target of its own; a tap has one of: [x, y], { list, index }, { view }, { tab }, { back }, { barItem }")
            return nil
        }
        if fields[TapKeys.barItem] != nil {
            return r.value(fields, TapKeys.barItem).map(TapTarget.barItem)
        }
        if fields[TapKeys.tab] != nil {
            return r.value(fields, TapKeys.tab).map(TapTarget.tab)
        }
        if let back = fields[TapKeys.back] {
            guard let value = r.value(fields, TapKeys.back) else { return nil }
            if !value { r.error(back, "'back' takes true (a tap on the back button); leave it out otherwise") }
            return value ? .back : nil
        }
        if let view = fields[TapKeys.view] {
            if fields[TapKeys.list] != nil || fields[TapKeys.index] != nil {
                r.error(node, "a tap is on a view ({ view: ID }) or on a row or cell ({ list: ID, index: N }), not both")
            }
            return r.string(view, "view id").map(TapTarget.view)
        }
        guard let list = fields[TapKeys.list] else {
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
        guard mirroring.allowsCoordinates || samples.allSatisfy({ mirroring.isCentred($0.location, width: device.size.width) }) else {
            r.error(node, mirroring.refusal("a pan's [t, x, y] samples"))
            return nil
        }
        return samples.map { TouchSample(time: $0.time, location: mirroring.engine($0.location, width: device.size.width)) }
    }

    /// A synthesized finger: `{ from, to, duration, curve, rate, hold }` point to point, or by
    /// intent, `{ direction | edge, distance, velocity, from, rate }`.
    func decodeSwipe(_ node: Node) -> SynthesizedTouch? {
        let r = reader
        typealias K = SwipeKeys
        guard let fields = r.mapping(node, K.mapping) else { return nil }
        if fields[K.direction] != nil || fields[K.edge] != nil { return decodeIntentSwipe(fields, node: node) }
        for key in [K.distance.key, K.velocity.key, K.x.key, K.y.key] where fields[key] != nil {
            r.error(fields.key(key), "'\(key)' goes with a swipe by 'direction' or 'edge'; this swipe goes from 'from' to 'to'")
        }
        let from = r.value(fields, K.from, "swipe 'from' [x, y]")
        let to = r.value(fields, K.to, "swipe 'to' [x, y]")
        if fields[K.from] == nil { r.error(node, "missing key 'from' [x, y] in swipe (or give 'direction' or 'edge')") }
        if fields[K.to] == nil { r.error(node, "missing key 'to' [x, y] in swipe (or give 'direction' or 'edge')") }
        let duration = r.value(fields, K.duration, "swipe duration")
        let rate = r.value(fields, K.rate, "swipe sample rate")
        let hold = r.value(fields, K.hold, "swipe hold")
        let count = duration * rate
        guard count <= Double(Limits.samples) else {
            r.error(fields[K.duration] ?? fields[K.rate], "a swipe of \(Limits.format(duration)) s at \(Limits.format(rate)) Hz makes \(Limits.format(count.rounded(.up))) samples, over the limit of \(Limits.samples) samples")
            return nil
        }
        let curve = r.value(fields, K.curve)
        guard let from, let to,
              let start = engine(from, at: fields[K.from], "a swipe from [x, y] to [x, y]"),
              let end = engine(to, at: fields[K.to], "a swipe from [x, y] to [x, y]") else { return nil }
        return .line(SwipeSynthesizer(from: start, to: end, duration: duration,
                                      curve: curve, rate: rate, hold: hold))
    }

    /// `{ direction: left | right | up | down, distance, velocity, from, rate }` or
    /// `{ edge: left | right | top | bottom, distance, velocity, x | y, rate }`.
    func decodeIntentSwipe(_ fields: Fields, node: Node) -> SynthesizedTouch? {
        let r = reader
        typealias K = SwipeKeys
        let bounds = device.bounds
        for key in [K.to.key, K.duration.key, K.curve.key, K.hold.key] where fields[key] != nil {
            r.error(fields.key(key), "'\(key)' goes with a swipe from 'from' to 'to'; a swipe by direction or edge takes distance, velocity and rate")
        }
        if fields[K.direction] != nil, fields[K.edge] != nil {
            r.error(node, "a swipe goes in a 'direction' or comes from an 'edge', not both")
        }
        var direction: SwipeDirection?
        var start: Point?
        if fields[K.direction] != nil {
            direction = r.value(fields, K.direction, "swipe direction").flatMap {
                mirroring.engine($0, absolute: $0.absolute, at: fields[K.direction], reader: r, "a swipe to the '\($0.rawValue)'")
            }
            start = fields[K.from] == nil ? Point(x: bounds.midX, y: bounds.midY)
                : r.value(fields, K.from, "swipe 'from' [x, y]").flatMap { engine($0, at: fields[K.from], "a swipe from [x, y]") }
            for key in [K.x.key, K.y.key] where fields[key] != nil {
                r.error(fields.key(key), "'\(key)' places an edge swipe along its edge; a swipe by direction starts at 'from'")
            }
        } else if let written = r.value(fields, K.edge, "screen edge"),
                  let edge = mirroring.engine(written, absolute: written.absolute, at: fields[K.edge], reader: r,
                                              "a swipe from the '\(written.rawValue)' edge") {
            // 2 pt inside the edge, well within UIKit's edge zone; along it at x or y (default: the middle).
            var along = r.value(fields, edge.isHorizontal ? K.y : K.x)
            if !edge.isHorizontal, let x = along {
                along = engine(Point(x: x, y: 0), at: fields[K.x], "an edge swipe at 'x'")?.x
            }
            direction = edge.inward
            switch edge {
            case .left, .leading: start = Point(x: bounds.minX + 2, y: along ?? bounds.midY)
            case .right, .trailing: start = Point(x: bounds.maxX - 2, y: along ?? bounds.midY)
            case .top: start = Point(x: along ?? bounds.midX, y: bounds.minY + 2)
            case .bottom: start = Point(x: along ?? bounds.midX, y: bounds.maxY - 2)
            }
            if fields[K.from] != nil { r.error(fields.key(K.from), "an edge swipe starts at its edge; place it along the edge with 'x' or 'y'") }
        }
        let span = direction.map { $0.isHorizontal ? bounds.width : bounds.height } ?? bounds.width
        var distance = span * 0.5
        if let node = fields[K.distance] {
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
            r.error(fields[K.velocity] ?? node, "a swipe of \(Limits.format(distance)) pt released at \(Limits.format(velocity)) pt/s makes \(Limits.format(count.rounded(.up))) samples at \(Limits.format(rate)) Hz, over the limit of \(Limits.samples) samples; release it faster")
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
            r.error(fields[K.name], "a snapshot name is a plain file name (no '/', not starting with '.'), found '\(name)'")
        }
        if fields[K.at] != nil {
            if fields[K.progress] != nil || fields[K.transition] != nil {
                r.error(node, "a snapshot is either { at: seconds } or { progress: p, transition: index }, not both")
                return nil
            }
            guard let time = r.value(fields, K.at, "snapshot time") else { return nil }
            return SnapshotSpec(point: .time(time), name: name ?? "t\(SnapshotSpec.format(time))", location: r.location(node))
        }
        guard fields[K.progress] != nil else {
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

/// How the timeline's coordinates enter the engine, which replays every scene in left-to-right
/// space and mirrors what it draws under right-to-left: an x the scene wrote in `written`'s
/// screen is mirrored (width − x) where that screen reads right to left, and a left or right
/// swipe turned with it. Played in the other direction than written (a variant,
/// `--layout-direction`) the written coordinates mirror with the layout only where the scene asks
/// (`mirrorTimeline`); otherwise an entry whose meaning depends on the direction is refused.
/// `leading` and `trailing` swipes, and taps by row, cell, view, tab, bar item or back, mean the
/// same in both directions.
struct TimelineMirroring {
    /// The direction the scene's file declares (`layoutDirection`), whose screen its coordinates are in.
    var written: LayoutDirection = .leftToRight
    /// The direction it plays in.
    var played: LayoutDirection = .leftToRight
    /// `mirrorTimeline`.
    var mirrors = false

    var allowsCoordinates: Bool { written == played || mirrors }

    /// Whether `point` is on the screen's vertical centre line, where both directions put it.
    func isCentred(_ point: Point, width: Double) -> Bool { point.x == width - point.x }

    /// The error for `what`, an entry whose meaning depends on the direction, where it cannot play.
    func refusal(_ what: String) -> String {
        "\(what) depends on the layout direction: the scene is written \(written.rawValue) and plays \(played.rawValue) here; give the scene 'mirrorTimeline: true' to mirror its timeline with the layout, or say it in terms that hold either way (a tap on a row, cell, view, tab, bar item or back; a swipe 'leading' or 'trailing', or from the 'leading' or 'trailing' edge)"
    }

    /// `point` in the engine's space.
    func engine(_ point: Point, width: Double) -> Point {
        written == .rightToLeft ? Point(x: width - point.x, y: point.y) : point
    }

    /// A swipe's direction or edge in the engine's space: `absolute` (left or right for leading
    /// or trailing) as it is; a written left or right turned where the written screen reads right
    /// to left, or refused (at `node`) where it cannot play.
    func engine<Side: Equatable & MirroredSide>(_ given: Side, absolute: Side, at node: Node?, reader: NodeReader,
                                                _ what: String) -> Side? {
        guard given == absolute, given.isHorizontal else { return absolute }
        guard allowsCoordinates else {
            reader.error(node, refusal(what))
            return nil
        }
        return written == .rightToLeft ? given.mirrored : given
    }
}
