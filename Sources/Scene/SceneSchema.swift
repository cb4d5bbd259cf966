import Foundation
import Geometry
import Motion

/// The JSON Schema (draft 2020-12) of scene files, for editors to validate and complete them.
///
/// It is made from the key declarations (`SceneVocabulary.mappings`, and each style's settings),
/// so a key a decoder accepts is in it with its kind, range and documentation. A test checks that
/// the committed `docs/scene.schema.json` equals this output.
public enum SceneSchema {
    /// A transition style as the schema describes it: its name and its settings.
    public struct Style: Sendable {
        public var name: String
        public var settings: [SettingDescriptor]

        public init(name: String, settings: [SettingDescriptor]) {
            self.name = name
            self.settings = settings
        }
    }

    /// The schema as pretty-printed JSON with sorted keys, with the settings of `styles` (the
    /// built-in transition styles, from their descriptors).
    public static func json(styles: [Style]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: document(styles), options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private typealias Object = [String: Any]

    private static func ref(_ name: String) -> Object { ["$ref": "#/$defs/\(name)"] }
    private static func number(minimum: Double? = nil, maximum: Double? = nil, exclusiveMinimum: Double? = nil) -> Object {
        var object: Object = ["type": "number"]
        if let minimum { object["minimum"] = minimum }
        if let maximum { object["maximum"] = maximum }
        if let exclusiveMinimum { object["exclusiveMinimum"] = exclusiveMinimum }
        return object
    }
    private static func numbers(_ count: Int, _ item: Object = ["type": "number"]) -> Object {
        ["type": "array", "items": item, "minItems": count, "maxItems": count]
    }
    private static func strings(_ values: [String], _ description: String) -> Object {
        ["type": "string", "enum": values, "description": description]
    }

    /// The schema of a value of `kind`.
    private static func schema(of kind: SettingKind) -> Object {
        switch kind {
        case .number(let range, let exclusiveMinimum):
            return number(minimum: range?.lowerBound, maximum: range?.upperBound, exclusiveMinimum: exclusiveMinimum)
        case .integer(let range):
            var object: Object = ["type": "integer", "minimum": range.lowerBound]
            if range.upperBound < Int.max { object["maximum"] = range.upperBound }
            return object
        case .seconds: return number(maximum: Limits.duration, exclusiveMinimum: 0)
        case .time: return number(minimum: 0, maximum: Limits.duration)
        case .numbers(let count, let range): return numbers(count, number(minimum: range.lowerBound, maximum: range.upperBound))
        case .point: return numbers(2, number(minimum: -Limits.coordinate, maximum: Limits.coordinate))
        case .size: return numbers(2, number(maximum: Limits.coordinate, exclusiveMinimum: 0))
        case .rect: return numbers(4, number(minimum: -Limits.coordinate, maximum: Limits.coordinate))
        case .boolean: return ["type": "boolean"]
        case .text: return ["type": "string"]
        case .color: return ref("color")
        case .curve: return ref("curve")
        case .spring: return ref("spring")
        case .choice(let names): return ["type": "string", "enum": names]
        case .cell: return ref("cell")
        case .shape(let name): return ref(name)
        case .list(let item): return ["type": "array", "items": schema(of: item)]
        case .oneOf(let kinds): return ["oneOf": kinds.map(schema(of:))]
        }
    }

    /// A key's schema: its kind's, with its documentation and default.
    private static func schema(of key: SettingDescriptor) -> Object {
        var result = schema(of: key.kind)
        result["description"] = key.documentation
        return result
    }

    /// A mapping's schema: an object of its keys and no others.
    private static func object(_ mapping: KeyMapping, extra: Object = [:]) -> Object {
        var properties: Object = [:]
        for key in mapping.keys { properties[key.key] = schema(of: key) }
        properties.merge(extra) { $1 }
        var result: Object = ["type": "object", "properties": properties, "additionalProperties": false, "description": mapping.doc]
        if !mapping.required.isEmpty { result["required"] = mapping.required }
        return result
    }

    private static func document(_ styles: [Style]) -> Object {
        var root = object(SceneKeys.mapping)
        root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        root["title"] = "Segue scene"
        root["$defs"] = definitions(styles)
        return root
    }

    /// The mappings special-cased below: the scene (the root), a view (one kind key), a timeline
    /// entry (one action) and a transition (and its style's settings).
    private static let special: Set<String> = ["scene", "view", "entry", "transition"]

    private static func definitions(_ styles: [Style]) -> Object {
        var defs: Object = [:]
        for mapping in SceneVocabulary.mappings where !special.contains(mapping.name) {
            defs[mapping.name] = object(mapping)
        }
        defs["color"] = ["type": "string", "description": "an iOS system color name or #RGB, #RRGGBB, #RRGGBBAA",
                         "anyOf": [["enum": SystemColor.names], ["pattern": "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"]]]
        defs["curve"] = ["oneOf": [strings(CubicTimingCurve.named.keys.sorted(), "a UIKit curve"),
                                   ["type": "array", "items": ["type": "number"], "minItems": 4, "maxItems": 4,
                                    "description": "control points [x1, y1, x2, y2], x in [0, 1]"]]]
        defs["screens"] = ["type": "object", "additionalProperties": ref("screen"), "minProperties": 1,
                           "description": "the screens, by name"]
        defs["styles"] = ["type": "object", "additionalProperties": ref("customStyle"),
                          "description": "transition styles the scene declares, by name"]
        defs["length"] = ["oneOf": [["type": "number"], ["type": "string", "pattern": "^\\s*-?[0-9]+(\\.[0-9]+)?\\s*%$"]],
                          "description": "points, or a percentage (\"-100%\") of the container's width (x) or height (y)"]
        let viewReference: Object = ["type": "string", "pattern": "^(from|to|below|above)/[^/]+$",
                                     "description": "a view with an id on the transition's from or to screen"]
        defs["frameValue"] = ["oneOf": [strings(["full", "cell"], "the container's bounds, or the tapped cell's image"), viewReference,
                                        ["type": "array", "items": ref("length"), "minItems": 4, "maxItems": 4,
                                         "description": "[x, y, width, height]"]]]

        defs["view"] = ["oneOf": ViewKeys.kinds.map { kind -> Object in
            // The kind's own mapping: `scroll` is `scrollView` here, `scroll` being a timeline entry's.
            ["type": "object", "properties": [kind.key.key: ref(kind.mapping.name)], "required": [kind.key.key],
             "additionalProperties": false, "description": kind.key.descriptor.doc]
        }]

        let gestures: Set<String> = ["pan", "swipe", "tap"]
        defs["entry"] = ["oneOf": EntryKeys.actions.map(\.descriptor).map { action -> Object in
            var properties: Object = [EntryKeys.at.key: schema(of: EntryKeys.at.descriptor), action.key: schema(of: action),
                                      EntryKeys.name.key: schema(of: EntryKeys.name.descriptor)]
            if gestures.contains(action.key) { properties[EntryKeys.expect.key] = schema(of: EntryKeys.expect.descriptor) }
            return ["type": "object", "properties": properties, "required": [EntryKeys.at.key, action.key],
                    "additionalProperties": false, "description": action.doc]
        }]

        var option: Object = [:]
        for style in styles {
            for setting in style.settings where option[setting.key] == nil {
                option[setting.key] = schema(of: setting)
            }
        }
        var transition = object(TransitionKeys.mapping, extra: option)
        if var properties = transition["properties"] as? Object, var style = properties[TransitionKeys.style.key] as? Object {
            style["examples"] = styles.map(\.name)
            style["description"] = "a built-in style (\(styles.map(\.name).joined(separator: ", "))) or one declared under 'styles'"
            properties[TransitionKeys.style.key] = style
            transition["properties"] = properties
        }
        transition["allOf"] = styles.map { style -> Object in
            let allowed = Set(style.settings.map(\.key))
            let forbidden = option.keys.filter { !allowed.contains($0) }.sorted()
            return ["if": ["properties": ["style": ["const": style.name]]],
                    "then": ["not": ["anyOf": forbidden.map { ["required": [$0]] }]]]
        }
        defs["transition"] = transition
        return defs
    }
}

extension SettingDescriptor {
    /// The documentation and the default, as the schema and the docs state them.
    public var documentation: String {
        if let text = defaultText { return "\(doc) (default: \(text))" }
        if let value = defaultValue { return "\(doc) (default: \(value.text))" }
        return doc
    }
}
