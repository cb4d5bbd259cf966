import Geometry

/// Walks a composed YAML/JSON document, converting nodes into values and collecting every
/// problem with its line and column instead of stopping at the first.
final class NodeReader {
    let file: String
    /// The level system colour names resolve at (`InterfaceLevel`): elevated when the screens are
    /// read again for where a sheet shows them (`SceneDecoder.elevate`).
    let level: InterfaceLevel
    /// The tapped row or cell a screen filled from it reads (`{cell.KEY}` in its strings).
    let fill: CellFill?
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String, level: InterfaceLevel = .base, fill: CellFill? = nil) {
        self.file = file
        self.level = level
        self.fill = fill
    }

    /// The problems taken from other readers (`adopt`), as they found them.
    private var adopted: Set<Diagnostic> = []

    /// Takes the problems `other` found that no reader adopted before: a screen read once per
    /// item it is filled from reports a problem of its own text once. `note` says which reading
    /// found it, where the message does not already (a placeholder's names its item).
    func adopt(_ other: NodeReader, note: String) {
        for diagnostic in other.diagnostics where adopted.insert(diagnostic).inserted {
            var told = diagnostic
            if !told.message.contains(CellFill.marker) { told.message += " \(note)" }
            diagnostics.append(told)
        }
    }

    func location(_ node: Node?) -> SourceLocation {
        let mark = node?.mark
        return SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    func error(_ node: Node?, _ message: String) {
        diagnostics.append(Diagnostic(location: location(node), message: message))
    }

    func error(at location: SourceLocation, _ message: String) {
        diagnostics.append(Diagnostic(location: location, message: message))
    }

    // MARK: Shapes

    /// The node as a mapping of string keys, checking that only `allowed` keys appear.
    func mapping(_ node: Node, _ what: String, allowed: [String]? = nil) -> Fields? {
        guard let mapping = node.mapping else {
            error(node, "expected \(what) (a mapping of keys to values), found \(describe(node))")
            return nil
        }
        var fields = Fields(node: node)
        for (key, value) in mapping {
            guard let name = key.scalar?.string else {
                error(key, "expected a key name, found \(describe(key))")
                continue
            }
            if let allowed, !allowed.contains(name) {
                let hint = Diagnostic.didYouMean(name, in: allowed)
                error(key, "unknown key '\(name)' in \(what)\(hint); expected one of: \(allowed.joined(separator: ", "))")
                continue
            }
            fields.entries.append((name, key, value))
        }
        return fields
    }

    /// The node as a mapping of the keys `declaration` declares, refusing any other with a
    /// did-you-mean; `what` names it in messages when its declaration's name is not enough
    /// ("screen 'list'").
    func mapping(_ node: Node, _ declaration: KeyMapping, what: String? = nil) -> Fields? {
        assert(SceneVocabulary.mapping(named: declaration.name) != nil,
               "KeyMapping '\(declaration.name)' is not listed in SceneVocabulary.mappings, so the schema and docs miss it")
        var fields = mapping(node, what ?? declaration.what, allowed: declaration.names)
        fields?.declaration = declaration
        if let fields { requireKeys(fields, declaration, what: what) }
        return fields
    }

    /// Reports each key `declaration` requires that `fields` lacks, in one form for every mapping:
    /// "missing key 'frame' in a label: [x, y, width, height] in points" (the key's own doc).
    func requireKeys(_ fields: Fields, _ declaration: KeyMapping, what: String? = nil) {
        for key in declaration.required where fields[key] == nil {
            let doc = declaration[key].map { ": \($0.doc)" } ?? ""
            error(fields.node, "missing key '\(key)' in \(what ?? declaration.what)\(doc)")
        }
    }

    /// The value of `key` in `fields`, checked against its declared kind and range; nil when
    /// absent or wrong (then reported). `what` names it in messages (default: the key).
    func read<Value>(_ fields: Fields, _ key: Setting<Value>, _ what: String? = nil, appearance: Appearance = .light) -> Value? {
        assert(fields.declaration.map { $0[key.key] != nil } ?? true,
               "'\(key.key)' is read from \(fields.declaration?.name ?? "") but not declared in it, so the decoder refuses it")
        guard let node = fields[key.key] else { return nil }
        return SettingDecoder(reader: self, appearance: appearance).decode(node, key.descriptor, what: what).flatMap(key.cast)
    }

    /// The value of `key` in `fields`, or its declared default when absent or wrong.
    func value<Value>(_ fields: Fields, _ key: Setting<Value>, _ what: String? = nil, appearance: Appearance = .light) -> Value {
        read(fields, key, what, appearance: appearance) ?? key.defaultValue
    }

    /// The items of a list, at most `limit` of them (`Limits.listItems` unless a tighter or, for
    /// a pan's samples, wider limit is given): a longer one is an error before any item is decoded.
    func sequence(_ node: Node, _ what: String, limit: Int = Limits.listItems) -> [Node]? {
        guard let sequence = node.sequence else {
            error(node, "expected \(what) (a list), found \(describe(node))")
            return nil
        }
        guard sequence.count <= limit else {
            error(node, "\(sequence.count) \(what) is over the limit of \(limit)")
            return nil
        }
        return Array(sequence)
    }

    // MARK: Scalars

    func string(_ node: Node, _ what: String) -> String? {
        guard let scalar = node.scalar, !node.isNull else {
            error(node, "expected \(what) (a string), found \(describe(node))")
            return nil
        }
        guard let fill, scalar.string.contains(CellFill.marker) else { return scalar.string }
        return fill.filled(scalar.string) { error(node, "\(what): \($0)") }
    }

    func double(_ node: Node, _ what: String, range: ClosedRange<Double>? = nil, exclusiveMin: Double? = nil) -> Double? {
        guard let scalar = node.scalar, scalar.style == .plain, let value = Double(scalar.string.replacingOccurrences(of: "_", with: "")),
              value.isFinite else {
            error(node, "expected \(what) (a number), found \(describe(node))")
            return nil
        }
        if let exclusiveMin, value <= exclusiveMin {
            error(node, "\(what) must be greater than \(format(exclusiveMin)), found \(format(value))")
            return nil
        }
        if let range, !range.contains(value) {
            error(node, "\(what) must be between \(format(range.lowerBound)) and \(format(range.upperBound)), found \(format(value))")
            return nil
        }
        return value
    }

    /// A time or a length of time in seconds: a number from 0 (or above 0 when `positive`) to
    /// `Limits.duration`.
    func seconds(_ node: Node, _ what: String, positive: Bool = false) -> Double? {
        guard let value = double(node, what, exclusiveMin: positive ? 0 : nil) else { return nil }
        if !positive, value < 0 {
            error(node, "\(what) must be between 0 and \(format(Limits.duration)), found \(format(value))")
            return nil
        }
        guard value <= Limits.duration else {
            error(node, "\(what) \(format(value)) s is over the limit of \(format(Limits.duration)) s")
            return nil
        }
        return value
    }

    func int(_ node: Node, _ what: String, range: ClosedRange<Int>) -> Int? {
        guard let scalar = node.scalar, scalar.style == .plain, let value = Int(scalar.string) else {
            error(node, "expected \(what) (a whole number), found \(describe(node))")
            return nil
        }
        guard range.contains(value) else {
            error(node, "\(what) must be between \(range.lowerBound) and \(range.upperBound), found \(value)")
            return nil
        }
        return value
    }

    func bool(_ node: Node, _ what: String) -> Bool? {
        guard let scalar = node.scalar, scalar.style == .plain else {
            error(node, "expected \(what) (true or false), found \(describe(node))")
            return nil
        }
        switch scalar.string {
        case "true", "True", "yes", "on": return true
        case "false", "False", "no", "off": return false
        default:
            error(node, "expected \(what) (true or false), found '\(scalar.string)'")
            return nil
        }
    }

    func choice<T: RawRepresentable & CaseIterable>(_ node: Node, _ what: String, _ type: T.Type) -> T? where T.RawValue == String {
        guard let text = string(node, what) else { return nil }
        if let value = T(rawValue: text) { return value }
        let names = T.allCases.map(\.rawValue)
        let hint = Diagnostic.didYouMean(text, in: names)
        error(node, "unknown \(what) '\(text)'\(hint); expected one of: \(names.joined(separator: ", "))")
        return nil
    }

    /// A fixed-length list of numbers, such as `[x, y]` or `[x, y, width, height]`.
    func numbers(_ node: Node, _ what: String, count: Int) -> [Double]? {
        guard let items = node.sequence, items.count == count else {
            error(node, "expected \(what) (a list of \(count) numbers), found \(describe(node))")
            return nil
        }
        var values: [Double] = []
        for item in items {
            guard let value = double(item, "a number in \(what)", range: -Limits.coordinate...Limits.coordinate) else { return nil }
            values.append(value)
        }
        return values
    }

    func point(_ node: Node, _ what: String) -> Point? {
        numbers(node, what + " [x, y]", count: 2).map { Point(x: $0[0], y: $0[1]) }
    }

    func rect(_ node: Node, _ what: String) -> Rect? {
        guard let v = numbers(node, what + " [x, y, width, height]", count: 4) else { return nil }
        if v[2] < 0 || v[3] < 0 {
            error(node, "\(what) must have a non-negative width and height")
            return nil
        }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    func size(_ node: Node, _ what: String) -> Size? {
        guard let v = numbers(node, what + " [width, height]", count: 2) else { return nil }
        if v[0] <= 0 || v[1] <= 0 {
            error(node, "\(what) must have a positive width and height")
            return nil
        }
        return Size(width: v[0], height: v[1])
    }

    func color(_ node: Node, _ what: String, appearance: Appearance) -> Color? {
        guard let text = string(node, what) else { return nil }
        if text.hasPrefix("#") {
            if let color = Color(hex: text) { return color }
            error(node, "expected \(what) as #RGB, #RRGGBB or #RRGGBBAA, found '\(text)'")
            return nil
        }
        if let color = SystemColor.named(text, appearance: appearance, level: level) { return color }
        let hint = Diagnostic.didYouMean(text, in: SystemColor.names)
        error(node, "unknown color '\(text)'\(hint); use an iOS system color name or #RRGGBB(AA)")
        return nil
    }

    // MARK: Messages

    func describe(_ node: Node) -> String {
        switch node.shape {
        case .scalar(let scalar):
            if scalar.style == .plain && ["null", "~", ""].contains(scalar.string) { return "nothing" }
            return "'\(scalar.string)'"
        case .mapping: return "a mapping"
        case .sequence(let items): return items.count == 1 ? "a list of 1 item" : "a list of \(items.count) items"
        }
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The allowed word nearest to `word` by edit distance, if it is near enough to be a typo.
    func closest(to word: String, in candidates: [String]) -> String? {
        Diagnostic.closest(to: word, in: candidates)
    }
}

/// The keys of one mapping, in file order.
extension Node {
    /// The value of declared `key` in a mapping node, read before the node is decoded (counts, checks).
    subscript(declared key: some DeclaredKey) -> Node? { self[key.descriptor.key] }
}

struct Fields {
    let node: Node
    var entries: [(name: String, key: Node, value: Node)] = []
    /// The declaration the keys were checked against, when they were.
    var declaration: KeyMapping?

    init(node: Node) {
        self.node = node
    }

    subscript(name: String) -> Node? {
        entries.first { $0.name == name }?.value
    }

    func key(_ name: String) -> Node? {
        entries.first { $0.name == name }?.key
    }

    /// The value of declared `key`, when given: its name comes from its declaration, so a
    /// misspelled key is a compile error, and a key the mapping does not declare an assertion.
    subscript(key: some DeclaredKey) -> Node? {
        assert(declaration.map { $0[key.descriptor.key] != nil } ?? true,
               "'\(key.descriptor.key)' is read from \(declaration?.name ?? "") but not declared in it")
        return self[key.descriptor.key]
    }

    /// The key node of declared `key`, when given (where a message about the key itself points).
    func key(_ key: some DeclaredKey) -> Node? {
        self[key] == nil ? nil : self.key(key.descriptor.key)
    }

    var names: [String] { entries.map(\.name) }
}
