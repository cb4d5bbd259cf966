import Geometry
import Motion

/// A transition's settings, decoded against the settings its style declares: every key checked
/// against them, every value against its kind and range, each problem at its line and column.
struct StyleSettingsDecoder {
    let reader: NodeReader

    /// The values `entries` give for `descriptors` (the settings of `style`); a key that is none
    /// of them may have meant one of `nearby` too (the transition's own keys).
    func decode(_ entries: [(name: String, key: Node, value: Node)], _ descriptors: [SettingDescriptor], style: String,
                nearby: [String] = []) -> SettingValues {
        var values: [String: SettingValue] = [:]
        for entry in entries {
            guard let descriptor = descriptors.first(where: { $0.key == entry.name }) else {
                let keys = descriptors.map(\.key)
                let hint = Diagnostic.didYouMean(entry.name, in: keys + nearby)
                let known = keys.isEmpty ? "it takes no settings" : "its settings are: \(keys.joined(separator: ", "))"
                reader.error(entry.key, "'\(entry.name)' is not a setting of \(style)\(hint); \(known)")
                continue
            }
            if let value = SettingDecoder(reader: reader).decode(entry.value, descriptor) { values[entry.name] = value }
        }
        return SettingValues(values, descriptors: descriptors)
    }
}

/// Reads one setting value of a known kind.
struct SettingDecoder {
    let reader: NodeReader
    /// How system color names resolve.
    var appearance: Appearance = .light

    /// The value of `node` for `descriptor`, checked against its kind; `what` names it in
    /// messages (default: the key).
    func decode(_ node: Node, _ descriptor: SettingDescriptor, what: String? = nil) -> SettingValue? {
        let r = reader, key = what ?? descriptor.key
        switch descriptor.kind {
        case .number(let range, let exclusiveMinimum):
            return r.double(node, key, range: range, exclusiveMin: exclusiveMinimum).map(SettingValue.number)
        case .integer(let range):
            return r.int(node, key, range: range).map(SettingValue.integer)
        case .seconds:
            return r.seconds(node, key, positive: true).map(SettingValue.number)
        case .time:
            return r.seconds(node, key).map(SettingValue.number)
        case .size:
            return r.size(node, key).map(SettingValue.size)
        case .rect:
            return r.rect(node, key).map(SettingValue.rect)
        case .boolean:
            return r.bool(node, key).map(SettingValue.boolean)
        case .text:
            return r.string(node, key).map(SettingValue.string)
        case .numbers(let count, let range):
            guard let v = r.numbers(node, what ?? "\(key) (\(count) numbers)", count: count) else { return nil }
            guard v.allSatisfy({ range.contains($0) }) else {
                r.error(node, "\(key) values must be between \(range.lowerBound) and \(range.upperBound), found \(v)")
                return nil
            }
            return .numbers(v)
        case .point:
            return r.point(node, key).map(SettingValue.point)
        case .color:
            return r.color(node, key, appearance: appearance).map(SettingValue.color)
        case .curve:
            return CurveDecoder(reader: r).decode(node).map(SettingValue.curve)
        case .spring:
            return SpringDecoder(reader: r).decode(node).map(SettingValue.spring)
        case .choice(let names):
            guard node.scalar != nil else {
                r.error(node, "expected \(key), one of: \(names.joined(separator: ", ")); found \(r.describe(node))")
                return nil
            }
            guard let name = r.string(node, key) else { return nil }
            guard names.contains(name) else {
                let hint = Diagnostic.didYouMean(name, in: names)
                r.error(node, "unknown \(key) '\(name)'\(hint); expected one of: \(names.joined(separator: ", "))")
                return nil
            }
            return .choice(name)
        case .cell:
            guard let cell = r.mapping(node, TapTriggerKeys.cell) else { return nil }
            let list = r.value(cell, TapTriggerKeys.list, "cell list id")
            // The index is the cell an action-driven push zooms from; a tap picks its own.
            let index = cell[TapTriggerKeys.cellIndex] == nil ? TapTriggerKeys.cellIndex.defaultValue : r.read(cell, TapTriggerKeys.cellIndex, "cell index")
            guard let list, let index else { return nil }
            return .cell(CellReference(list: list, index: index))
        case .shape, .list, .oneOf:
            // Read by the mapping's own decoder, never here.
            r.error(node, "\(key) cannot be read as a single value")
            return nil
        }
    }
}
