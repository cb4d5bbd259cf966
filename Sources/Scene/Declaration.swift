import Geometry
import Motion

/// Anything that declares one key: a `SettingDescriptor` itself or a typed `Setting`.
public protocol DeclaredKey: Sendable {
    var descriptor: SettingDescriptor { get }
}

extension SettingDescriptor: DeclaredKey {
    public var descriptor: SettingDescriptor { self }
}

/// A Swift type a declared key's value decodes to, and how it stands as a `SettingValue`.
public protocol SettingType: Sendable {
    /// The kind a key of this type has unless its declaration says otherwise.
    static var settingKind: SettingKind { get }
    /// The typed value of a decoded value of this key's kind.
    static func from(_ value: SettingValue) -> Self?
    /// The value as a `SettingValue` (nil: none, for an optional key).
    var settingValue: SettingValue? { get }
}

/// One key declared once with the Swift type its value decodes to: the key, its kind (and so
/// its range), its default and its documentation. Decoders read the key through it
/// (`NodeReader.read`/`value`, `SettingValues[_:]`), so a misspelled key is a compile error and
/// the default is written in one place; a `KeyMapping` lists it for the allowed keys, the schema
/// and the docs. A key without a default has an optional type: `Setting<Double?>`.
public struct Setting<Value: SettingType>: DeclaredKey {
    public let descriptor: SettingDescriptor
    /// The value when the scene gives none.
    public let defaultValue: Value

    public var key: String { descriptor.key }

    /// A key whose value is `default` when the scene gives none.
    public init(_ key: String, _ kind: SettingKind = Value.settingKind, default value: Value, defaultText: String? = nil,
                doc: String, uikit: String = "") {
        var stored = value.settingValue
        // A name of a choice is stored as one, as the decoder gives it.
        if case .choice = kind, case .string(let name)? = stored { stored = .choice(name) }
        descriptor = SettingDescriptor(key, kind, default: stored, defaultText: defaultText, doc: doc, uikit: uikit)
        defaultValue = value
    }

    /// The typed value of a decoded value.
    func cast(_ value: SettingValue) -> Value? { Value.from(value) }
}

extension Setting where Value: ExpressibleByNilLiteral {
    /// A key without a default (nil when the scene gives none); `defaultText` says what happens then.
    public init(_ key: String, _ kind: SettingKind = Value.settingKind, defaultText: String? = nil, doc: String, uikit: String = "") {
        self.init(key, kind, default: nil, defaultText: defaultText, doc: doc, uikit: uikit)
    }
}

extension Optional: SettingType where Wrapped: SettingType {
    public static var settingKind: SettingKind { Wrapped.settingKind }
    public static func from(_ value: SettingValue) -> Self? { Wrapped.from(value).map { .some($0) } }
    public var settingValue: SettingValue? { self?.settingValue }
}

extension Double: SettingType {
    public static var settingKind: SettingKind { .number() }
    public static func from(_ value: SettingValue) -> Double? { if case .number(let v) = value { v } else { nil } }
    public var settingValue: SettingValue? { .number(self) }
}

extension Int: SettingType {
    public static var settingKind: SettingKind { .integer(range: 0...Int.max) }
    public static func from(_ value: SettingValue) -> Int? { if case .integer(let v) = value { v } else { nil } }
    public var settingValue: SettingValue? { .integer(self) }
}

extension Bool: SettingType {
    public static var settingKind: SettingKind { .boolean }
    public static func from(_ value: SettingValue) -> Bool? { if case .boolean(let v) = value { v } else { nil } }
    public var settingValue: SettingValue? { .boolean(self) }
}

extension String: SettingType {
    public static var settingKind: SettingKind { .text }
    public static func from(_ value: SettingValue) -> String? {
        switch value {
        case .string(let v), .choice(let v): v
        default: nil
        }
    }
    public var settingValue: SettingValue? { .string(self) }
}

extension Point: SettingType {
    public static var settingKind: SettingKind { .point }
    public static func from(_ value: SettingValue) -> Point? { if case .point(let v) = value { v } else { nil } }
    public var settingValue: SettingValue? { .point(self) }
}

extension Size: SettingType {
    public static var settingKind: SettingKind { .size }
    public static func from(_ value: SettingValue) -> Size? { if case .size(let v) = value { v } else { nil } }
    public var settingValue: SettingValue? { .size(self) }
}

extension Rect: SettingType {
    public static var settingKind: SettingKind { .rect }
    public static func from(_ value: SettingValue) -> Rect? { if case .rect(let v) = value { v } else { nil } }
    public var settingValue: SettingValue? { .rect(self) }
}

extension Array: SettingType where Element == Double {
    public static var settingKind: SettingKind { .numbers(count: 2, range: Limits.coordinates) }
    public static func from(_ value: SettingValue) -> [Double]? { if case .numbers(let v) = value { v } else { nil } }
    public var settingValue: SettingValue? { .numbers(self) }
}

extension Color: SettingType {
    public static var settingKind: SettingKind { .color }
    public static func from(_ value: SettingValue) -> Color? { if case .color(let v) = value { v } else { nil } }
    public var settingValue: SettingValue? { .color(self) }
}

extension CubicTimingCurve: SettingType {
    public static var settingKind: SettingKind { .curve }
    public static func from(_ value: SettingValue) -> CubicTimingCurve? { if case .curve(let v) = value { v } else { nil } }
    public var settingValue: SettingValue? { .curve(self) }
}

extension Spring: SettingType {
    public static var settingKind: SettingKind { .spring }
    public static func from(_ value: SettingValue) -> Spring? { if case .spring(let v) = value { v } else { nil } }
    public var settingValue: SettingValue? { .spring(self) }
}

extension CellReference: SettingType {
    public static var settingKind: SettingKind { .cell }
    public static func from(_ value: SettingValue) -> CellReference? { if case .cell(let v) = value { v } else { nil } }
    public var settingValue: SettingValue? { .cell(self) }
}

/// A key whose value is one of an enumeration's names: conform the enumeration to it
/// (`extension Appearance: SettingChoice {}`) to declare `Setting<Appearance>`.
public protocol SettingChoice: SettingType, RawRepresentable, CaseIterable where RawValue == String {}

extension SettingChoice {
    public static var settingKind: SettingKind { .choice(allCases.map(\.rawValue)) }
    public static func from(_ value: SettingValue) -> Self? { if case .choice(let v) = value { Self(rawValue: v) } else { nil } }
    public var settingValue: SettingValue? { .choice(rawValue) }
}

extension Array where Element == SettingDescriptor {
    /// The descriptors of `keys`, in order: a style's settings list.
    public init(_ keys: [any DeclaredKey]) {
        self = keys.map(\.descriptor)
    }
}

/// A key whose value has a shape of its own (a nested mapping, a list of views, a value with
/// several forms), read by its mapping's decoder; the kind still names the shape for the schema
/// and the docs.
public struct ShapedKey: DeclaredKey {
    public let descriptor: SettingDescriptor
    public var key: String { descriptor.key }

    public init(_ key: String, _ kind: SettingKind, defaultText: String? = nil, doc: String, uikit: String = "") {
        descriptor = SettingDescriptor(key, kind, defaultText: defaultText, doc: doc, uikit: uikit)
    }
}

/// The declaration of one mapping of the scene format (the scene itself, a device, a screen, a
/// view kind, a control, a timeline entry, ...): which keys it takes, which it requires, and
/// what it is called in messages and in the schema. `NodeReader.mapping` refuses any other key
/// with a did-you-mean; `SceneSchema` and the key tables of docs/scene-format.md are made from
/// the same list.
public struct KeyMapping: Sendable {
    /// The name of its definition in the JSON Schema (`#/$defs/<name>`) and of its docs table.
    public let name: String
    /// How messages name one: "a device", "a swipe".
    public let what: String
    /// One line on what it is.
    public let doc: String
    /// Its keys, in the order the docs list them.
    public let keys: [SettingDescriptor]
    /// The keys it must have.
    public let required: [String]

    public init(_ name: String, _ what: String, doc: String, required: [String] = [], _ keys: [any DeclaredKey]) {
        self.name = name
        self.what = what
        self.doc = doc
        self.keys = keys.map(\.descriptor)
        self.required = required
    }

    /// Its key names, in order.
    public var names: [String] { keys.map(\.key) }

    /// The declaration of `key`, if the mapping takes it.
    public subscript(key: String) -> SettingDescriptor? { keys.first { $0.key == key } }

    /// The same keys with `more` after them, under another name (a control's own keys after the
    /// keys every control has).
    public func adding(_ name: String, _ what: String, doc: String, required: [String] = [], _ more: [any DeclaredKey]) -> KeyMapping {
        KeyMapping(name, what, doc: doc, required: self.required + required, keys + more)
    }
}

extension Appearance: SettingChoice {}
extension Outcome: SettingChoice {}
extension SwipeDirection: SettingChoice {}
extension SwipeEdge: SettingChoice {}
