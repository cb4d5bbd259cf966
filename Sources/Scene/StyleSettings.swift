import Geometry
import Motion

/// What kind of value a scene key or a transition setting takes, and its bounds: what the
/// decoders check, the JSON Schema states and docs/scene-format.md tables list.
public indirect enum SettingKind: Hashable, Sendable {
    /// A number, within `range` when given, above `exclusiveMinimum` when given.
    case number(range: ClosedRange<Double>? = nil, exclusiveMinimum: Double? = nil)
    /// A whole number within `range`.
    case integer(range: ClosedRange<Int>)
    /// A positive time in seconds, at most `Limits.duration`.
    case seconds
    /// A moment in seconds, from 0 to `Limits.duration`.
    case time
    /// `count` numbers, each within `range`.
    case numbers(count: Int, range: ClosedRange<Double>)
    /// `[x, y]` in points.
    case point
    /// `[width, height]` in points, both positive.
    case size
    /// `[x, y, width, height]` in points, width and height not negative.
    case rect
    /// true or false.
    case boolean
    /// Any string.
    case text
    /// An iOS system color name or `#RRGGBB(AA)`.
    case color
    /// A UIKit curve name or control points `[x1, y1, x2, y2]`.
    case curve
    /// A spring in any of UIKit's forms.
    case spring
    /// One of these names.
    case choice([String])
    /// `{ list: ID, index: N }`: a cell of a list or grid.
    case cell
    /// A value of the shape the JSON Schema defines under this name (`$defs`), read by its own
    /// decoder: a nested mapping (its `KeyMapping`), or a shape with several forms.
    case shape(String)
    /// A list of values of one kind.
    case list(SettingKind)
    /// Any one of these kinds.
    case oneOf([SettingKind])
}

/// A decoded setting value.
public enum SettingValue: Hashable, Sendable {
    case number(Double)
    case integer(Int)
    case boolean(Bool)
    case string(String)
    case size(Size)
    case rect(Rect)
    case numbers([Double])
    case point(Point)
    case color(Color)
    case curve(CubicTimingCurve)
    case spring(Spring)
    case choice(String)
    case cell(CellReference)
}

/// One key of a scene mapping, or one setting a transition style reads (the same concept): its
/// name, kind, default, documentation and UIKit counterpart. Each is declared once (see
/// `Setting` and `KeyMapping`); decoding, validation, the JSON Schema and the key tables in
/// docs/scene-format.md are all made from the declarations.
public struct SettingDescriptor: Hashable, Sendable {
    public var key: String
    public var kind: SettingKind
    /// The value when the scene gives none; nil where the style derives it.
    public var defaultValue: SettingValue?
    /// How the docs state the default where it is derived (or to say more than the value).
    public var defaultText: String?
    /// What the setting does.
    public var doc: String
    /// The UIKit property or the tutorial's name it stands for.
    public var uikit: String

    public init(_ key: String, _ kind: SettingKind, default defaultValue: SettingValue? = nil, defaultText: String? = nil,
                doc: String, uikit: String = "") {
        self.key = key
        self.kind = kind
        self.defaultValue = defaultValue
        self.defaultText = defaultText
        self.doc = doc
        self.uikit = uikit
    }
}

/// A transition's settings, decoded against its style's descriptors, with their defaults.
public struct SettingValues: Hashable, Sendable {
    private var values: [String: SettingValue]
    private var defaults: [String: SettingValue]
    /// The keys the scene gave.
    public var givenKeys: Set<String> { Set(values.keys) }

    public init(_ values: [String: SettingValue] = [:], descriptors: [SettingDescriptor] = []) {
        self.values = values
        var defaults: [String: SettingValue] = [:]
        for descriptor in descriptors {
            if let value = descriptor.defaultValue { defaults[descriptor.key] = value }
        }
        self.defaults = defaults
    }

    /// The scene's value for `key`, or the style's default.
    public subscript(key: String) -> SettingValue? { values[key] ?? defaults[key] }

    /// The scene's value for `key`, or its declared default.
    public subscript<Value>(key: Setting<Value>) -> Value {
        values[key.key].flatMap(key.cast) ?? key.defaultValue
    }

    /// Gives `key` the value `value`, as if the scene had.
    mutating func set(_ key: String, _ value: SettingValue) { values[key] = value }

    /// Whether the scene gave `key`.
    public func isGiven(_ key: String) -> Bool { values[key] != nil }

    public func number(_ key: String) -> Double? { if case .number(let v)? = self[key] { return v } else { return nil } }
    public func numbers(_ key: String) -> [Double]? { if case .numbers(let v)? = self[key] { return v } else { return nil } }
    public func point(_ key: String) -> Point? { if case .point(let v)? = self[key] { return v } else { return nil } }
    public func color(_ key: String) -> Color? { if case .color(let v)? = self[key] { return v } else { return nil } }
    public func curve(_ key: String) -> CubicTimingCurve? { if case .curve(let v)? = self[key] { return v } else { return nil } }
    public func spring(_ key: String) -> Spring? { if case .spring(let v)? = self[key] { return v } else { return nil } }
    public func choice(_ key: String) -> String? { if case .choice(let v)? = self[key] { return v } else { return nil } }
    public func cell(_ key: String) -> CellReference? { if case .cell(let v)? = self[key] { return v } else { return nil } }
}

extension SettingValue {
    /// The value as docs and messages write it.
    public var text: String {
        func number(_ v: Double) -> String {
            v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
        }
        switch self {
        case .number(let v): return number(v)
        case .integer(let v): return String(v)
        case .boolean(let v): return v ? "true" : "false"
        case .string(let v): return v
        case .size(let v): return "[\(number(v.width)), \(number(v.height))]"
        case .rect(let r): return "[\(number(r.x)), \(number(r.y)), \(number(r.width)), \(number(r.height))]"
        case .numbers(let v): return "[" + v.map(number).joined(separator: ", ") + "]"
        case .point(let p): return "[\(number(p.x)), \(number(p.y))]"
        case .color(let c): return c.alpha >= 1 && c == .black ? "black" : c.hexString
        case .curve(let c): return CubicTimingCurve.named.first { $0.value == c }?.key ?? "[\(c.x1), \(c.y1), \(c.x2), \(c.y2)]"
        case .spring(let s): return s.sceneText
        case .choice(let v): return v
        case .cell(let c): return "{ list: \(c.list), index: \(c.index) }"
        }
    }
}

extension Spring {
    /// The spring as a scene writes it.
    var sceneText: String {
        func n(_ v: Double) -> String {
            let rounded = (v * 1000).rounded() / 1000
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        let velocity = initialVelocity == 0 ? "" : ", initialVelocity: \(n(initialVelocity))"
        if let duration = honouredDuration {
            return "{ dampingRatio: \(n(dampingRatio)), duration: \(n(duration))\(velocity) }"
        }
        return "{ mass: \(n(mass)), stiffness: \(n(stiffness)), damping: \(n(damping))\(velocity) }"
    }
}
