/// Every mapping of the scene format, as declared in this folder: what the JSON Schema
/// (`SceneSchema`) and the key tables of docs/scene-format.md are made from, and what the tests
/// walk to check that every key a decoder accepts is in both.
public enum SceneVocabulary {
    /// The mappings, in the order the docs list them. A new mapping is declared in its `…Keys`
    /// enum and listed here.
    public static let mappings: [KeyMapping] = [
        SceneKeys.mapping, DeviceKeys.mapping, ScreenKeys.mapping, ViewKeys.mapping,
    ] + ViewKeys.kinds.map(\.mapping) + [
        BorderKeys.mapping, GradientKeys.mapping, ShadowKeys.mapping, ControlKeys.segment,
        SectionKeys.mapping, RowKeys.mapping, CellKeys.mapping,
        NavigationBarKeys.mapping, BarItemKeys.mapping, BarActionKeys.mapping, TabBarKeys.mapping, TabItemKeys.mapping, TabsKeys.mapping, TabKeys.mapping,
        ToolbarKeys.mapping,
        TransitionKeys.mapping, TapTriggerKeys.mapping, TapTriggerKeys.cell,
        EntryKeys.mapping, ExpectKeys.mapping, ExpectKeys.scrollMapping, ExpectDetentKeys.mapping, TapKeys.mapping, ScrollKeys.mapping,
        SwipeKeys.mapping, SnapshotKeys.mapping, CaptionKeys.mapping, PlaybackKeys.mapping, DeviceFrameKeys.mapping, VariantsKeys.mapping, SpringKeys.mapping,
        CustomStyleKeys.mapping, DirectionKeys.mapping, LayerKeys.mapping, MatchKeys.mapping, LayerShadowKeys.mapping,
        KeyframeKeys.mapping, GestureKeys.mapping, ProgressRuleKeys.mapping, FinishRuleKeys.mapping, FollowRuleKeys.mapping,
    ]

    /// The mapping named `name` (its schema definition).
    public static func mapping(named name: String) -> KeyMapping? {
        mappings.first { $0.name == name }
    }
}

extension SceneVocabulary {
    /// The key tables of docs/scene-format.md's "Key reference", one per mapping, made from the
    /// declarations (`segue schema --key-tables` prints them; a test keeps the docs equal).
    public static var keyTables: String {
        var out = ""
        for mapping in mappings {
            out += "#### `\(mapping.name)`\n\n\(mapping.doc.prefix(1).uppercased() + mapping.doc.dropFirst())"
            out += mapping.doc.hasSuffix(".") ? "" : "."
            if !mapping.required.isEmpty { out += " Requires " + mapping.required.map { "`\($0)`" }.joined(separator: ", ") + "." }
            out += "\n\n| key | value | default | meaning |\n|---|---|---|---|\n"
            for key in mapping.keys {
                let value = key.defaultText ?? key.defaultValue.map { "`\($0.text)`" } ?? (mapping.required.contains(key.key) ? "required" : "none")
                let meaning = key.uikit.isEmpty ? key.doc : "\(key.doc) (`\(key.uikit)`)"
                out += "| `\(key.key)` | \(key.kind.summary) | \(value) | \(meaning.replacingOccurrences(of: "|", with: "\\|")) |\n"
            }
            out += "\n"
        }
        return out
    }
}

extension SettingKind {
    /// The kind as the docs' key tables state it, with its range.
    public var summary: String {
        func n(_ v: Double) -> String { Limits.format(v) }
        switch self {
        case .number(let range, let exclusiveMinimum):
            var text = "number"
            if let range { text += " \(n(range.lowerBound))–\(n(range.upperBound))" }
            if let exclusiveMinimum { text += ", above \(n(exclusiveMinimum))" }
            return text
        case .integer(let range):
            return range.upperBound == Int.max ? "whole number from \(range.lowerBound)" : "whole number \(range.lowerBound)–\(range.upperBound)"
        case .seconds: return "seconds, above 0, at most \(n(Limits.duration))"
        case .time: return "seconds 0–\(n(Limits.duration))"
        case .numbers(let count, let range): return "\(count) numbers, each \(n(range.lowerBound))–\(n(range.upperBound))"
        case .point: return "`[x, y]`"
        case .size: return "`[width, height]`"
        case .rect: return "`[x, y, width, height]`"
        case .boolean: return "`true` / `false`"
        case .text: return "text"
        case .color: return "[color](#colors)"
        case .curve: return "[curve](#timing-values)"
        case .spring: return "[spring](#timing-values)"
        case .choice(let names): return names.map { "`\($0)`" }.joined(separator: " / ")
        case .cell: return "[`cell`](#cell)"
        case .shape(let name):
            // A mapping has its own table; the other shapes are explained in a section.
            let sections = ["screens": "screens-and-views", "styles": "custom-transitions", "length": "keyframes",
                            "frameValue": "keyframes"]
            return "[`\(name)`](#\(SceneVocabulary.mapping(named: name) != nil ? name.lowercased() : sections[name] ?? name.lowercased()))"
        case .list(let item): return "list of \(item.summary)"
        case .oneOf(let kinds): return kinds.map(\.summary).joined(separator: " or ")
        }
    }
}
